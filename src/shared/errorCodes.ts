/**
 * The error codes of the result envelope (see `result.ts`), without zod: the
 * renderer's entry chunk reads replies before zod has loaded (first paint).
 */
export const ERROR_CODES = [
  'BAD_INPUT', // the input did not parse against the channel's schema
  'UNKNOWN_CHANNEL',
  'FORBIDDEN', // wrong sender, origin or token
  'NOT_FOUND',
  'CONFLICT',
  'TITLE_REJECTED', // a user rename the judge refused; message says why
  'UNAVAILABLE', // a backend, CLI or provider is missing or not configured
  'TOO_LARGE',
  'BUSY', // the database is locked by another program; the write was not made, try again
  'STORAGE', // the disk is full or failing; the write was not made
  'INTERNAL', // a bug: logged in main, a generic message sent
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** Whether `value` is an envelope's error: exactly a known `code` and a string `message` (as `AppErrorSchema` parses). */
export function isAppErrorShape(value: unknown): value is { code: ErrorCode; message: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as { code?: unknown; message?: unknown };
  return typeof code === 'string' && CODES.has(code) && typeof message === 'string';
}

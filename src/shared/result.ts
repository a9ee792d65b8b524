import { z } from 'zod';

/**
 * Every reply that crosses a transport is one of these envelopes. A handler's
 * thrown error never leaves main as text: the router maps it to a code.
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
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const AppErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
});
export type AppErrorShape = z.infer<typeof AppErrorSchema>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorShape };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail(code: ErrorCode, message: string): Result<never> {
  return { ok: false, error: { code, message } };
}

/** An error a handler throws on purpose; the router turns it into an envelope. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function resultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: AppErrorSchema }),
  ]);
}

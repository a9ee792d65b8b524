import { z } from 'zod';
import { ERROR_CODES } from './errorCodes';

/**
 * Every reply that crosses a transport is one of these envelopes. A handler's
 * thrown error never leaves main as text: the router maps it to a code
 * (`ERROR_CODES`, kept zod-free in `errorCodes.ts`).
 */
export { ERROR_CODES } from './errorCodes';
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

/**
 * The one poll-until-condition helper of the test suites (unit, integration,
 * e2e support code). Waits until `predicate` returns a truthy value and
 * resolves with it; checks again every `intervalMs`; fails after `timeoutMs`
 * with a message that says what was awaited. A predicate that throws fails at
 * once (a broken check is not "not yet").
 *
 * Use it for a condition someone else makes true (a process, a server, a
 * worker). Not for "wait a while, then assert nothing happened": give that an
 * explicit signal instead.
 */
export interface UntilOptions {
  /** Give up after this long (default 10 s). */
  readonly timeoutMs?: number;
  /** Time between checks (default 20 ms). */
  readonly intervalMs?: number;
  /** What is awaited, for the timeout error: "the child's exit", "3 imported sessions". */
  readonly message?: string;
}

export class UntilTimeout extends Error {
  override readonly name = 'UntilTimeout';
}

export async function until<T>(predicate: () => T | Promise<T>, options: UntilOptions = {}): Promise<NonNullable<T>> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const intervalMs = options.intervalMs ?? 20;
  const end = performance.now() + timeoutMs;
  for (;;) {
    const value = await predicate();
    if (value) return value as NonNullable<T>;
    if (performance.now() >= end) {
      throw new UntilTimeout(`timed out after ${timeoutMs} ms waiting for ${options.message ?? 'a condition'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, Math.max(0, end - performance.now()))));
  }
}

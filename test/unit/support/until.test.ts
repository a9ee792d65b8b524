import { describe, expect, it } from 'vitest';
import { until, UntilTimeout } from '../../support/until';

describe('until', () => {
  it('resolves with the first truthy value, polling until then', async () => {
    let calls = 0;
    const value = await until(() => (++calls >= 3 ? { pid: 42 } : null), { intervalMs: 1 });
    expect(value).toEqual({ pid: 42 });
    expect(calls).toBe(3);
  });

  it('awaits an async predicate', async () => {
    let calls = 0;
    expect(await until(async () => ++calls === 2, { intervalMs: 1 })).toBe(true);
  });

  it('fails after the timeout, saying what it waited for', async () => {
    let calls = 0;
    const waiting = until(() => {
      calls++;
      return false;
    }, { timeoutMs: 30, intervalMs: 5, message: 'the child to exit' });
    await expect(waiting).rejects.toThrow(UntilTimeout);
    await expect(waiting).rejects.toThrow('timed out after 30 ms waiting for the child to exit');
    expect(calls).toBeGreaterThan(1);
  });

  it('a predicate that throws fails at once', async () => {
    await expect(until(() => {
      throw new Error('broken check');
    })).rejects.toThrow('broken check');
  });
});

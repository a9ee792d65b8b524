import { describe, expect, it } from 'vitest';
import type { Logger } from '../../../src/main/core/logger';
import { RateLimitedWarnings } from '../../../src/main/core/rateLimitedLog';

function recorder(): { log: Logger; lines: Array<{ msg: string; fields: unknown }> } {
  const lines: Array<{ msg: string; fields: unknown }> = [];
  const push = (msg: string, fields?: unknown): void => void lines.push({ msg, fields });
  return { log: { debug: push, info: push, warn: push, error: push } as Logger, lines };
}

describe('RateLimitedWarnings', () => {
  it('logs at most `limit` a window, then one summary with the count when the next window opens or on flush', () => {
    const { log, lines } = recorder();
    let t = 0;
    const w = new RateLimitedWarnings(log, 3, 60_000, () => t);
    for (let i = 0; i < 1_000; i += 1) w.warn('refused', { i });
    expect(lines.map((l) => l.msg)).toEqual(['refused', 'refused', 'refused']);
    t = 60_000;
    w.warn('refused', { i: 'next' });
    expect(lines.slice(3)).toEqual([
      { msg: '997 more like this were left out', fields: { count: 997, windowMs: 60_000, last: 'refused' } },
      { msg: 'refused', fields: { i: 'next' } },
    ]);
    w.flush(); // nothing left out since: no line
    expect(lines).toHaveLength(5);
  });

  it('logs at its own level, the summary too (a failure a client can repeat is an error, bounded the same)', () => {
    const levels: string[] = [];
    const at = (level: string) => (): void => void levels.push(level);
    const log = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } as unknown as Logger;
    const t = 0;
    const e = new RateLimitedWarnings(log, 2, 60_000, () => t, 'error');
    for (let i = 0; i < 300; i += 1) e.warn('router failed');
    e.flush();
    expect(levels).toEqual(['error', 'error', 'error']);
  });
});

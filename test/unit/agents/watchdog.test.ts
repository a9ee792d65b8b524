import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Deadline, IdleWatchdog } from '../../../src/main/core/agents/watchdog';

describe('IdleWatchdog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires once after the limit of silence, not while touched', () => {
    const fired: number[] = [];
    const w = new IdleWatchdog(1_000, (ms) => fired.push(ms));
    w.arm();
    for (let i = 0; i < 10; i += 1) {
      vi.advanceTimersByTime(900);
      w.touch();
    }
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(fired).toEqual([1_000]);
    vi.advanceTimersByTime(10_000);
    w.touch(); // a fired watchdog stays fired until armed again
    vi.advanceTimersByTime(10_000);
    expect(fired).toHaveLength(1);
  });

  it('cancel stops it; arm starts it again with a new limit', () => {
    const fired: number[] = [];
    const w = new IdleWatchdog(1_000, (ms) => fired.push(ms));
    w.arm();
    w.cancel();
    vi.advanceTimersByTime(5_000);
    expect(fired).toEqual([]);
    w.arm(200);
    vi.advanceTimersByTime(199);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([200]);
  });
});

describe('Deadline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires after its time whatever happens meanwhile, unless cancelled', () => {
    let expired = 0;
    const d = new Deadline(500, () => (expired += 1));
    vi.advanceTimersByTime(499);
    expect(d.pending).toBe(true);
    vi.advanceTimersByTime(1);
    expect(expired).toBe(1);
    expect(d.pending).toBe(false);
    const e = new Deadline(500, () => (expired += 1));
    e.cancel();
    vi.advanceTimersByTime(1_000);
    expect(expired).toBe(1);
  });
});

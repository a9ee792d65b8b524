import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusWatch, StatusTicker, hostStatusTicker, STATUS_POLL_MS } from '../../../src/main/core/agents/terminal/statusWatch';

/** A pid no process has (above the kernel's pid_max): its /proc reads find nothing. */
const NO_PID = 2 ** 23;

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('one host-wide timer reads every terminal (issue 31)', () => {
  it('three terminals start one timer, not three; it stops with the last of them', () => {
    const started = vi.spyOn(globalThis, 'setInterval');
    const cleared = vi.spyOn(globalThis, 'clearInterval');
    const watches = [1, 2, 3].map(() => new StatusWatch(NO_PID, () => {}, '/dev/pts/999'));
    expect(started).toHaveBeenCalledTimes(1);
    expect(hostStatusTicker.size).toBe(3);
    watches[0]?.stop();
    watches[1]?.stop();
    expect(hostStatusTicker.running).toBe(true);
    expect(cleared).not.toHaveBeenCalled();
    watches[2]?.stop();
    watches[2]?.stop();
    expect(hostStatusTicker.running).toBe(false);
    expect(cleared).toHaveBeenCalledTimes(1);
  });

  it('each tick of the one timer reads each running terminal once; a stopped one no more', () => {
    vi.useFakeTimers();
    const ticker = new StatusTicker();
    const ticks = { a: 0, b: 0 };
    const stopA = ticker.add({ tick: async () => void (ticks.a += 1) });
    ticker.add({ tick: async () => void (ticks.b += 1) });
    vi.advanceTimersByTime(STATUS_POLL_MS * 2);
    expect(ticks).toEqual({ a: 2, b: 2 });
    stopA();
    vi.advanceTimersByTime(STATUS_POLL_MS);
    expect(ticks).toEqual({ a: 2, b: 3 });
    expect(vi.getTimerCount()).toBe(1);
  });
});

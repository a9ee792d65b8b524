import { setLogSink } from '../../../src/main/core/logger';
import { describe, expect, it } from 'vitest';
import { AmbientScheduler, PRIORITY, type AmbientJob } from '../../../src/main/core/ambient/scheduler';

/** A job whose run is held until the test releases it. */
function heldJob(key: string, log: string[], priority: number = PRIORITY.user, needsBudget = true) {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  const job: AmbientJob = {
    key,
    priority,
    needsBudget,
    run: async (signal) => {
      log.push(`start ${key}`);
      await Promise.race([done, new Promise<void>((r) => signal.addEventListener('abort', () => r()))]);
      log.push(signal.aborted ? `aborted ${key}` : `end ${key}`);
    },
  };
  return { job, release };
}

// The failing job below logs an expected error.
setLogSink(() => {});

const flush = () => new Promise((r) => setTimeout(r, 0));

function scheduler(opts: { concurrency?: number; budget?: number; now?: () => number } = {}) {
  let now = 0;
  const s = new AmbientScheduler({ concurrency: opts.concurrency ?? 2, budgetPerHour: () => opts.budget ?? 100, now: opts.now ?? (() => now) });
  return { s, advance: (ms: number) => (now += ms) };
}

describe('ambient scheduler', () => {
  it('runs at most `concurrency` jobs at once', async () => {
    const { s } = scheduler({ concurrency: 2 });
    const log: string[] = [];
    const jobs = ['a', 'b', 'c'].map((k) => heldJob(`${k}:title`, log));
    for (const j of jobs) s.submit(j.job);
    await flush();
    expect(log).toEqual(['start a:title', 'start b:title']);
    jobs[0]?.release();
    await flush();
    await flush();
    expect(log).toContain('start c:title');
    jobs[1]?.release();
    jobs[2]?.release();
    await s.idle();
  });

  it('keeps one job in flight per key; a newer waiting job replaces the older one', async () => {
    const { s } = scheduler({ concurrency: 4 });
    const log: string[] = [];
    const first = heldJob('s1:title', log);
    const second = heldJob('s1:title', log);
    const third = heldJob('s1:title', log);
    expect(s.submit(first.job)).toBe('queued');
    await flush();
    expect(s.submit(second.job)).toBe('queued');
    expect(s.submit(third.job)).toBe('replaced');
    await flush();
    expect(log).toEqual(['start s1:title']); // the second waits for the first: same key
    first.release();
    await flush();
    await flush();
    expect(log.filter((l) => l.startsWith('start'))).toHaveLength(2);
    third.release();
    await s.idle();
    expect(log).toEqual(['start s1:title', 'end s1:title', 'start s1:title', 'end s1:title']);
  });

  it('user-facing jobs go before the background sweep', async () => {
    const { s } = scheduler({ concurrency: 1 });
    const log: string[] = [];
    const blocker = heldJob('x:title', log);
    s.submit(blocker.job);
    const sweep = heldJob('old:title', log, PRIORITY.background);
    const user = heldJob('new:title', log, PRIORITY.user);
    s.submit(sweep.job);
    s.submit(user.job);
    blocker.release();
    await flush();
    await flush();
    expect(log.at(-1)).toBe('start new:title');
    user.release();
    sweep.release();
    await s.idle();
  });

  it('the hourly budget is a sliding window over the fake clock', () => {
    const { s, advance } = scheduler({ budget: 2 });
    s.noteModelCall();
    advance(10 * 60_000);
    s.noteModelCall();
    const log: string[] = [];
    expect(s.submit(heldJob('a:title', log).job)).toBe('over-budget');
    // An offline-only job needs no budget.
    expect(s.submit(heldJob('b:title', log, PRIORITY.user, false).job)).toBe('queued');
    advance(50 * 60_000 + 1); // the first call left the window
    expect(s.callsLastHour()).toBe(1);
    expect(s.hasBudget()).toBe(true);
    s.seedCalls([0]); // a call from before a restart, long gone
    expect(s.callsLastHour()).toBe(1);
    s.close();
  });

  it('nothing starts while paused (replay, import); work resumes after', async () => {
    const { s } = scheduler();
    const log: string[] = [];
    s.pause('import');
    const j = heldJob('a:title', log);
    s.submit(j.job);
    await flush();
    expect(log).toEqual([]);
    await s.idle(); // paused with work waiting counts as idle
    s.resume('import');
    await flush();
    expect(log).toEqual(['start a:title']);
    j.release();
    await s.idle();
  });

  it('close aborts what runs and drops what waits', async () => {
    const { s } = scheduler({ concurrency: 1 });
    const log: string[] = [];
    s.submit(heldJob('a:title', log).job);
    s.submit(heldJob('b:title', log).job);
    await flush();
    s.close();
    await flush();
    expect(log).toEqual(['start a:title', 'aborted a:title']);
    expect(s.submit(heldJob('c:title', log).job)).toBe('closed');
  });

  it('a job that throws does not stop the queue', async () => {
    const { s } = scheduler({ concurrency: 1 });
    const log: string[] = [];
    s.submit({ key: 'bad:title', priority: 0, needsBudget: false, run: () => Promise.reject(new Error('boom')) });
    s.submit({ key: 'ok:title', priority: 0, needsBudget: false, run: async () => void log.push('ran') });
    await s.idle();
    await flush();
    expect(log).toEqual(['ran']);
  });
});

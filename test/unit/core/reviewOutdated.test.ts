import { describe, expect, it } from 'vitest';
import { OUTDATED_FILES_PER_TURN, ReviewOutdatedWatcher } from '../../../src/main/core/git/reviewOutdated';
import { setLogSink } from '../../../src/main/core/logger';
import { CoreHooks } from '../../../src/main/core/services/hooks';
import { sessionRow } from '../../support/sessionRow';
import { until } from '../../support/until';

/**
 * The turn-end check of sent review comments (issue 35), over real core hooks and a stand-in service:
 * in the background (the hook returns while the check runs), one at a time, no second for a session
 * already waiting, nothing for a session without sent comments on lines or for a remote session, the
 * files read bounded, and nothing after stop.
 */
setLogSink(() => {});

function setUp(sent: ReadonlySet<string>) {
  const hooks = new CoreHooks();
  const checks: Array<{ id: string; maxFiles: number | undefined; done: (n: number) => void }> = [];
  const watcher = new ReviewOutdatedWatcher({
    hooks,
    store: { reviewComments: { hasSentOnLines: (id: string) => sent.has(id) } } as never,
    reviews: { checkOutdated: (id, maxFiles) => new Promise<number>((done) => checks.push({ id, maxFiles, done })) },
  });
  watcher.start();
  return { hooks, checks, watcher };
}

const row = (id: string, over: Parameters<typeof sessionRow>[0] = {}) => sessionRow({ id, kind: 'claude-code', ...over });

describe('ReviewOutdatedWatcher', () => {
  it('checks a finished turn in the background, one session at a time, bounded, with no second check for a session already waiting', async () => {
    const { hooks, checks, watcher } = setUp(new Set(['a', 'b']));
    hooks.emit('turnCompleted', row('a'));
    await until(() => checks.length === 1, { message: "a's check" });
    // The check of a is still running: the turn's hook returned without it, and b waits behind it.
    hooks.emit('terminalTurnEnded', row('b', { kind: 'terminal' }));
    hooks.emit('turnCompleted', row('b'));
    expect(checks.map((c) => [c.id, c.maxFiles])).toEqual([['a', OUTDATED_FILES_PER_TURN]]);
    checks[0]!.done(1);
    await until(() => checks.length === 2, { message: "b's check, after a's" });
    checks[1]!.done(0);
    await watcher.settled();
    expect(checks.map((c) => c.id)).toEqual(['a', 'b']);
    await watcher.stop();
  });

  it('nothing for a session without sent comments on lines, a remote session, or after stop', async () => {
    const { hooks, checks, watcher } = setUp(new Set(['a', 'remote']));
    hooks.emit('turnCompleted', row('none'));
    hooks.emit('turnCompleted', row('remote', { host: 'box' }));
    await watcher.settled();
    expect(checks).toEqual([]);
    await watcher.stop();
    hooks.emit('turnCompleted', row('a'));
    await watcher.settled();
    expect(checks).toEqual([]);
  });
});

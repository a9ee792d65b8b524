import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recordCheckpoint } from '../../../src/main/core/git/checkpoint';
import { CheckpointPruner } from '../../../src/main/core/git/checkpointPruner';
import { openStore, type Store } from '../../../src/main/core/store';
import { GIT_TEST_ENV, git, makeRepo } from '../../support/gitRepo';
import { sessionRow } from '../../support/sessionRow';
import { tempDataDir } from '../store/tempDir';

// CheckpointPruner over one module's seams: the sessions it is given (a fake list), real git and a real store.
const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 30, 9);
const made: string[] = [];
const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function repoWithOldCheckpoint(name: string, session: string): Promise<string> {
  const dir = makeRepo(name);
  made.push(dirname(dir));
  writeFileSync(join(dir, 'notes.md'), 'old\n');
  await recordCheckpoint(dir, session, '1', { env: GIT_TEST_ENV, now: new Date(NOW - 30 * DAY) });
  return dir;
}

describe('CheckpointPruner', () => {
  it('skips a remote row (its checkpoints are on its own machine) and prunes a repository known twice once', async () => {
    const remote = await repoWithOldCheckpoint('looks local', 'r1');
    const local = await repoWithOldCheckpoint('local', 'l1');
    const dataDir = tempDataDir();
    made.push(dataDir);
    const { store } = openStore({ dataDir });
    stores.push(store);
    const rows = [sessionRow({ id: 'r1', folder: remote, host: 'box' }), sessionRow({ id: 'l1', folder: local }), sessionRow({ id: 'l2', folder: join(local, '.') })];
    const steps: string[] = [];
    const pruner = new CheckpointPruner({
      sessions: { list: () => rows },
      store,
      checkpoints: { exclusive: (step) => (steps.push('step'), step()) },
      keepDays: () => 14,
      now: () => NOW,
      env: GIT_TEST_ENV,
      firstDelayMs: 60 * 60_000,
    });
    pruner.start();
    const round = await pruner.round();
    await pruner.stop();
    expect(round).toEqual({ repos: [join(local, '.git')], known: 1, checkpoints: { rewritten: 0, deleted: 1, dropped: 1 }, removedEntries: 0, removedPins: 0 });
    expect(steps).toEqual(['step']);
    expect(git(local, 'for-each-ref', 'refs/swarmdesk/')).toBe('');
    expect(git(remote, 'for-each-ref', '--format=%(refname)', 'refs/swarmdesk/')).toBe('refs/swarmdesk/checkpoints/r1');
  });
});

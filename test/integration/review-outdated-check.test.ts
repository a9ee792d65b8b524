import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { coreGitEnv, makeRepo } from '../support/gitRepo';
import { worktreeSession } from '../support/worktreeSession';
import { startCore, type Harness } from '../unit/core/harness';

/**
 * The outdated check of sent review comments (issue 35) over real git: bounded by the files it reads (the
 * turn-end check reads at most OUTDATED_FILES_PER_TURN; the rest wait for the next check), and a file git
 * cannot read now leaves its comments as they were (not outdated for a failure).
 */
let h: Harness | null = null;
const made: string[] = [];
afterEach(async () => {
  await h?.core.close();
  h = null;
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A worktree session with three changed files, a comment on each, sent (as review:send marks them). */
async function threeSent(): Promise<{ id: string; path: string; ids: string[] }> {
  const repo = makeRepo('review-check');
  made.push(dirname(repo));
  h = startCore({ env: coreGitEnv() });
  const s = await worktreeSession(h, repo, 'chat');
  const ids: string[] = [];
  for (const name of ['a.ts', 'b.ts', 'c.ts']) {
    writeFileSync(join(s.path, name), `const ${name[0] ?? ''} = 1;\n`);
    ids.push((await h.ok('review:add', { id: s.id, path: name, side: 'new', startLine: 1, body: `About ${name}.` })).id);
  }
  h.core.services.store.reviewComments.markSent(ids, Date.now());
  return { id: s.id, path: s.path, ids };
}

const states = (id: string): string[] => h!.core.services.store.reviewComments.list(id).map((c) => `${c.path} ${c.state}`);

describe('checking sent review comments against the files now', () => {
  it('reads at most the files it is given; the rest are checked next time', async () => {
    const { id, path } = await threeSent();
    for (const name of ['a.ts', 'b.ts', 'c.ts']) writeFileSync(join(path, name), 'changed\n');
    expect(await h!.core.services.reviews.checkOutdated(id, 2)).toBe(2);
    expect(states(id)).toEqual(['a.ts outdated', 'b.ts outdated', 'c.ts sent']);
    expect(h!.eventsOf('review:changed').filter((e) => e.sessionId === id)).toHaveLength(1 + 3); // three adds, one check
    expect(await h!.core.services.reviews.checkOutdated(id)).toBe(1);
    expect(states(id)).toEqual(['a.ts outdated', 'b.ts outdated', 'c.ts outdated']);
    // Nothing more to mark: nothing pushed.
    expect(await h!.core.services.reviews.checkOutdated(id)).toBe(0);
    expect(h!.eventsOf('review:changed').filter((e) => e.sessionId === id)).toHaveLength(1 + 3 + 1);
  });

  it('a worktree git cannot read leaves its sent comments as they were', async () => {
    const { id, path } = await threeSent();
    const gitFile = join(path, '.git');
    const link = readFileSync(gitFile, 'utf8');
    writeFileSync(gitFile, 'gitdir: /nowhere/at/all\n');
    expect(await h!.core.services.reviews.checkOutdated(id)).toBe(0);
    expect(states(id)).toEqual(['a.ts sent', 'b.ts sent', 'c.ts sent']);
    writeFileSync(gitFile, link);
  });
});

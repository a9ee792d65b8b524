import { afterEach, describe, expect, it } from 'vitest';
import { readWorktreeRecord } from '../../src/main/core/git/record';
import { startCore, type Harness } from '../unit/core/harness';
import { coreGitEnv, makeRepo } from '../support/gitRepo';

/*
 * The sidebar groups a worktree session with its repository (issue 14 §2): its row carries
 * `project` (the worktree's repository root) from the moment it is created, in the create
 * reply, the push and every list page; any other row has none (its project is its folder).
 */

const ON = { enabled: true, copyPatterns: [], setupCommand: '' };

let harness: Harness | null = null;
afterEach(async () => {
  await harness?.core.close();
  harness = null;
});

describe('a row says which repository and branch it works on', () => {
  it('a worktree session carries its repository as project and its branch; a plain one has neither', async () => {
    const h = (harness = startCore({ env: coreGitEnv() }));
    const repo = makeRepo();
    const inTree = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: ON });
    h.clock.advance(1); // made after the worktree session: the newest, first in the list
    const plain = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: { ...ON, enabled: false } });
    const record = readWorktreeRecord(h.core.services.store, inTree.id);
    expect(record?.repoRoot).toBeTruthy();
    expect(inTree.folder).toBe(record?.path);
    expect(inTree.project).toBe(record?.repoRoot);
    expect(plain.project).toBeUndefined();
    // Its branch too (rows that read alike say it, SPEC §7); a plain row has none.
    expect(record?.branch).toBeTruthy();
    expect(inTree.branch).toBe(record?.branch);
    expect(plain.branch).toBeUndefined();
    // The push that announced it already had it.
    const pushed = h.eventsOf('session:changed').filter((row) => row.id === inTree.id);
    expect(pushed[0]?.project).toBe(record?.repoRoot);
    // And every list page: the first page and a keyset page after it.
    const [first] = await h.ok('sessions:list', { includeArchived: false, limit: 1 });
    expect(first?.id).toBe(plain.id);
    expect(first?.project).toBeUndefined();
    const rest = await h.ok('sessions:list', { includeArchived: false, after: { pinned: false, updatedAt: first!.updatedAt, id: first!.id } });
    expect(rest.find((row) => row.id === inTree.id)?.project).toBe(record?.repoRoot);
    expect(rest.find((row) => row.id === inTree.id)?.branch).toBe(record?.branch);
    expect(first?.branch).toBeUndefined();
  });
});

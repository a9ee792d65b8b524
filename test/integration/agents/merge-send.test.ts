import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWorktreeRecord } from '../../../src/main/core/git/record';
import { setLogSink } from '../../../src/main/core/logger';
import { ok } from '../../support/coreCalls';
import { git, makeRepo } from '../../support/gitRepo';
import { until } from '../../support/until';
import { WORKTREE_ON } from '../../support/worktreeSession';
import { agentCores } from './helpers';

/**
 * "Send to agent" from the merge dialog's conflict alert, end to end: a Claude Code session in a
 * worktree of a real repository (the real CLI against the stand-in model server, in a real core)
 * is sent the conflict message through `git:resolveConflicts`, and the model is asked with it.
 */
setLogSink(() => {});

const fx = agentCores('merge-send');

describe('Send to agent (real Claude Code CLI)', () => {
  it('a claude-code session in a worktree gets the conflict message; the model is asked with the conflicting file named', async () => {
    const c = fx.start();
    const repo = makeRepo('send repo');
    const row = await ok(c, 'sessions:create', { kind: 'claude-code', folder: repo, worktree: WORKTREE_ON });
    const wt = readWorktreeRecord(c.services.store, row.id)!.path;
    writeFileSync(join(wt, 'README.md'), 'hello from the session\n');
    await ok(c, 'git:commit', { id: row.id, message: 'Reword the README' });
    writeFileSync(join(repo, 'README.md'), 'hello from main\n');
    git(repo, 'commit', '--quiet', '-am', 'main rewords the README');
    expect((await ok(c, 'git:mergeCheck', { id: row.id })).conflicts).toEqual(['README.md']);

    fx.server.setPolicy(() => ({ text: 'I will merge main and fix README.md.' }));
    const sent = await ok(c, 'git:resolveConflicts', { id: row.id, how: 'agent' });
    expect(sent.files).toEqual(['README.md']);
    expect(sent.entry).toMatchObject({ kind: 'user', sessionId: row.id });
    expect(sent.entry?.text).toMatch(/^Resolve the conflicts with main: README\.md\. Merge main into this branch/);

    // The CLI (running in the worktree) asks the model with that message as the last user turn.
    const asked = () => fx.server.requests.find((r) => r.lastUserText.includes('Resolve the conflicts with main: README.md.'));
    await until(() => asked() !== undefined, { timeoutMs: 60_000, message: 'the model asked with the conflict message' });
    expect(asked()?.lastUserText).toContain('git merge main');
    // It runs in the session's worktree, where the branch with the conflicting commit is checked out.
    expect(JSON.stringify(asked()?.body)).toContain(wt);
    // The turn ends and the reply is in the session's transcript.
    await until(() => c.services.sessions.get(row.id).status !== 'working', { timeoutMs: 60_000, message: 'the turn to end' });
    const texts = (await ok(c, 'entries:page', { id: row.id })).entries.map((e) => `${e.kind}: ${e.text}`);
    expect(texts).toContain('assistant: I will merge main and fix README.md.');
  });
});

import { readFileSync, realpathSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { readWorktreeRecord } from '../../src/main/core/git/record';
import { git, makeRepo } from '../support/gitRepo';
import { until } from '../support/until';
import { WORKTREE_ON } from '../support/worktreeSession';
import { entries, entryOf, ok, statusBecomes } from './acp/harness';
import { groupAlive } from './agents/helpers';
import { minuteNow, TURN_MS, useGeminiCore } from './acp-gemini-harness';

/**
 * The real Gemini CLI 0.61 as a Swarmdesk `acp` session, where it works and across a
 * restart: in a session's own git worktree, and resumed by `session/load` after the core
 * that ran it closed.
 */

const g = useGeminiCore();

describe('ACP sessions with the real Gemini CLI: worktrees and restarts', () => {
  it('in a worktree session gemini works in the worktree: the allowed write lands there, shown in its changes, the base checkout untouched', async () => {
    const { h } = g;
    const repo = makeRepo('gemini-repo');
    onTestFinished(() => rmSync(dirname(repo), { recursive: true, force: true }));
    const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'gemini', folder: repo, worktree: WORKTREE_ON });
    const record = readWorktreeRecord(h.core.services.store, row.id);
    expect(record).not.toBeNull();
    const worktree = realpathSync(record?.path ?? '');
    expect(worktree).not.toBe(realpathSync(repo));

    await ok(h, 'sessions:send', { id: row.id, text: 'write README.md with: changed in the worktree\n' });
    await g.pid(row.id);
    const asked = await g.permissionAsked(row.id, null);
    expect(asked.locations).toEqual(['README.md']);
    await ok(h, 'acp:answerPermission', { id: row.id, requestId: asked.requestId, optionId: asked.options.find((o) => o.kind === 'allow_once')?.optionId ?? '' });
    await entryOf(h, row.id, 'assistant', /Successfully overwrote file/, TURN_MS);

    expect(readFileSync(join(worktree, 'README.md'), 'utf8')).toBe('changed in the worktree\n');
    expect(readFileSync(join(repo, 'README.md'), 'utf8')).toBe('hello\n');
    const changes = await ok(h, 'git:changes', { id: row.id });
    expect(changes.files.map((f) => [f.path, f.added, f.removed])).toEqual([['README.md', 1, 1]]);
    expect(git(repo, 'status', '--porcelain')).toBe('');
  });

  /*
   * Gemini 0.61 keeps a conversation in ~/.gemini/tmp/<project>/chats/session-<date>T<HH>-<MM>-<id>.jsonl,
   * named by the minute the session started; a process that loads the session in that same
   * minute recreates that file before reading it and answers "No previous sessions found"
   * (the core then starts a new conversation with a note). So the restart here waits for the
   * next minute on the clock: a user who restarts within the minute their session started
   * loses gemini's memory of it.
   */
  it('after a restart of Swarmdesk the next prompt resumes gemini\'s conversation (session/load), its replay not recorded again', { timeout: 240_000 }, async () => {
    const { h: before, standIn } = g;
    const { id } = await g.session();
    await ok(before, 'sessions:send', { id, text: 'tell me about marmalade' });
    const first = await g.pid(id);
    await entryOf(before, id, 'assistant', /marmaladeanswer/, TURN_MS);
    await statusBecomes(before, id, 'idle', TURN_MS);
    const backendId = before.core.services.sessions.get(id).backendId;
    await before.core.close();
    await until(() => !groupAlive(first), { timeoutMs: 15_000, message: 'the first gemini gone with its core' });
    const started = g.chatFileMinute(backendId ?? '');
    expect(started).not.toBeNull();
    await until(() => minuteNow() !== started, { timeoutMs: 70_000, intervalMs: 250, message: 'the minute after the session started (see above)' });

    const h = g.restart();
    await ok(h, 'sessions:send', { id, text: 'and now about quinces' });
    await g.pid(id);
    await entryOf(h, id, 'assistant', /quincesanswer/, TURN_MS);
    await statusBecomes(h, id, 'idle', TURN_MS);
    expect(entries(h, id).map((e) => e.kind)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(h.core.services.sessions.get(id).backendId).toBe(backendId);
    // Gemini loaded its own record of the conversation: the first answer went to the model with the new prompt.
    const carried = JSON.stringify(standIn.turns().at(-1)?.body?.contents ?? []);
    expect(carried).toContain('marmaladeanswer');
    expect(carried).toContain('and now about quinces');
  });
});

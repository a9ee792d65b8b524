import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWorktreeRecord } from '../../../src/main/core/git/record';
import { setLogSink } from '../../../src/main/core/logger';
import { REVIEW_MESSAGE_PREFIX } from '../../../src/shared/domain/review';
import type { EventName } from '../../../src/shared/ipc/events';
import { ok } from '../../support/coreCalls';
import { makeRepo } from '../../support/gitRepo';
import type { RecordedRequest, Scripted } from '../../support/model-server';
import { until } from '../../support/until';
import { WORKTREE_ON } from '../../support/worktreeSession';
import { agentCores } from './helpers';

/**
 * Sent review comments outdated by a real agent's edit (issue 35): the real Claude Code CLI, against the
 * stand-in model server, gets the review and in that turn edits the commented lines with its own Read,
 * Edit and Write tools. When the turn ends the core checks the sent comments against the files (in the
 * background, `turnCompleted`): the comment on the edited lines is stored as outdated with its quote, the
 * one on lines the agent removed stays listed, outdated, the one on an untouched line stays sent; and
 * `review:changed` is pushed. The comments are read from the store, not through `review:list` (which
 * checks them itself), so only the turn's end can have marked them.
 */
setLogSink(() => {});

const fx = agentCores('claude-review-outdated');

/** How many tool results the CLI has sent back in this request (its turn's progress). */
function toolResultCount(req: RecordedRequest): number {
  const messages = (req.body?.messages ?? []) as Array<{ content?: unknown }>;
  return messages.flatMap((m) => (Array.isArray(m.content) ? (m.content as Array<{ type?: string }>) : [])).filter((b) => b.type === 'tool_result').length;
}

/** The agent's own requests carry its tools; the CLI's side requests (titles and the like) do not. */
const agentRequest = (req: RecordedRequest): boolean => ((req.body?.tools ?? []) as unknown[]).length > 0;

/** The review's turn: reads src/lexer.ts and renames tmp2, reads notes.md and writes it back without its last two lines. */
function agentScript(wt: string): (req: RecordedRequest) => Scripted {
  const lexer = join(wt, 'src', 'lexer.ts');
  const notes = join(wt, 'notes.md');
  return (req) => {
    if (!agentRequest(req)) return { text: 'OK' };
    if (!JSON.stringify(req.body?.messages ?? []).includes(REVIEW_MESSAGE_PREFIX)) return { text: 'Nothing to do.' };
    const steps: Scripted[] = [
      { content: [{ type: 'tool_use', name: 'Read', input: { file_path: lexer } }] },
      { content: [{ type: 'tool_use', name: 'Edit', input: { file_path: lexer, old_string: 'tmp2', new_string: 'total', replace_all: true } }] },
      { content: [{ type: 'tool_use', name: 'Read', input: { file_path: notes } }] },
      { content: [{ type: 'tool_use', name: 'Write', input: { file_path: notes, content: '# Notes\nkeep this\n' } }] },
    ];
    return steps[toolResultCount(req)] ?? { text: 'Renamed tmp2 to total in src/lexer.ts and dropped the last two lines of notes.md.' };
  };
}

describe("sent review comments outdated by the real Claude Code CLI's edit", () => {
  it('when the turn ends, the edited lines are outdated with their quote, removed lines stay listed outdated, an untouched line stays sent', async () => {
    const c = fx.start();
    const pushed: Array<{ event: EventName; sessionId: unknown }> = [];
    c.events.subscribe((event, payload) => pushed.push({ event, sessionId: (payload as { sessionId?: unknown }).sessionId }));
    const repo = makeRepo('review outdated');
    const row = await ok(c, 'sessions:create', { kind: 'claude-code', folder: repo, worktree: WORKTREE_ON, permissionMode: 'acceptEdits' });
    const wt = readWorktreeRecord(c.services.store, row.id)!.path;
    fx.server.setPolicy(agentScript(wt));
    writeFileSync(join(wt, 'notes.md'), '# Notes\nkeep this\nremove this\nand this\n');
    mkdirSync(join(wt, 'src'));
    writeFileSync(join(wt, 'src', 'lexer.ts'), 'const a = 1;\nconst tmp2 = 2;\nfunction lex() { return tmp2; }\n');

    const renamed = await ok(c, 'review:add', { id: row.id, path: 'src/lexer.ts', side: 'new', startLine: 2, endLine: 3, body: 'Call it `total`, not tmp2.' });
    const removed = await ok(c, 'review:add', { id: row.id, path: 'notes.md', side: 'new', startLine: 3, endLine: 4, body: 'Drop these two lines.' });
    const untouched = await ok(c, 'review:add', { id: row.id, path: 'src/lexer.ts', side: 'new', startLine: 1, body: 'This one is fine.' });
    await ok(c, 'review:send', { id: row.id });
    const sentAt = pushed.length;

    const stored = () => c.services.store.reviewComments.list(row.id);
    await until(() => stored().filter((x) => x.state === 'outdated').length === 2, { timeoutMs: 90_000, message: 'the comments the turn outdated' });
    expect(readFileSync(join(wt, 'src', 'lexer.ts'), 'utf8')).toBe('const a = 1;\nconst total = 2;\nfunction lex() { return total; }\n');
    expect(readFileSync(join(wt, 'notes.md'), 'utf8')).toBe('# Notes\nkeep this\n');
    expect(c.services.sessions.get(row.id).status).not.toBe('working');
    expect(stored().map((x) => [x.id, x.state, x.quote])).toEqual([
      [renamed.id, 'outdated', 'const tmp2 = 2;\nfunction lex() { return tmp2; }'],
      [removed.id, 'outdated', 'remove this\nand this'],
      [untouched.id, 'sent', 'const a = 1;'],
    ]);
    // Every client was told.
    expect(pushed.slice(sentAt).some((p) => p.event === 'review:changed' && p.sessionId === row.id)).toBe(true);
  });
});

import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { readWorktreeRecord } from '../../src/main/core/git/record';
import { REVIEW_MESSAGE_PREFIX } from '../../src/shared/domain/review';
import { geminiScript, type LastTurn } from '../support/geminiScript';
import { makeRepo } from '../support/gitRepo';
import { until } from '../support/until';
import { WORKTREE_ON } from '../support/worktreeSession';
import { entries, entryOf, ok, statusBecomes } from './acp/harness';
import { TURN_MS, useGeminiCore } from './acp-gemini-harness';

/**
 * Comments on the diff reach the real Gemini CLI over ACP (issue 35): a Swarmdesk `acp` session with
 * gemini, in its own worktree, its changes commented on in three places (new lines, a removed line, a
 * binary file), "Send review to agent": gemini gets one prompt holding each file, line range and quoted
 * line (the stand-in's logged request), and its turn answers each comment; its next turn rewrites the
 * commented lines, and when that turn ends the comment on them is outdated.
 */

const g = useGeminiCore();

/** The stand-in's answer to a review: one line per numbered comment, naming where it is. */
function answerEachComment(last: LastTurn) {
  if (last.kind !== 'prompt' || !last.prompt.includes(REVIEW_MESSAGE_PREFIX)) return geminiScript(last);
  const comments = Array.from(last.prompt.matchAll(/^(\d+)\. (.+)$/gm), (m) => `Comment ${m[1] ?? ''} (${m[2] ?? ''}): done.`);
  return { kind: 'text' as const, text: comments.join('\n') };
}

describe('a review sent to the real Gemini CLI over ACP', () => {
  it('gemini gets one prompt with each file, line range and quoted line, its turn answers each comment, and its next edit outdates the comment', async () => {
    const { h, standIn } = g;
    standIn.setScript(answerEachComment);
    onTestFinished(() => standIn.setScript(geminiScript));
    const repo = makeRepo('gemini-review');
    onTestFinished(() => rmSync(dirname(repo), { recursive: true, force: true }));
    const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'gemini', folder: repo, worktree: WORKTREE_ON });
    const wt = readWorktreeRecord(h.core.services.store, row.id)!.path;
    writeFileSync(join(wt, 'README.md'), 'goodbye\n');
    mkdirSync(join(wt, 'src'));
    writeFileSync(join(wt, 'src', 'lexer.ts'), 'const a = 1;\nconst tmp2 = 2;\nfunction lex() { return tmp2; }\n');
    writeFileSync(join(wt, 'logo.bin'), Buffer.from([0, 1, 2, 0, 255]));
    await ok(h, 'review:add', { id: row.id, path: 'src/lexer.ts', side: 'new', startLine: 2, endLine: 3, body: 'Call it `total`, not tmp2.' });
    await ok(h, 'review:add', { id: row.id, path: 'README.md', side: 'old', startLine: 1, body: 'Keep the greeting.' });
    await ok(h, 'review:add', { id: row.id, path: 'logo.bin', side: 'file', body: 'Why is a binary checked in?' });
    const seen = standIn.requests.length;

    const sent = await ok(h, 'review:send', { id: row.id });
    expect(sent.comments.map((c) => c.state)).toEqual(['sent', 'sent', 'sent']);
    await g.pid(row.id);
    const answer = await entryOf(h, row.id, 'assistant', /Comment 3/, TURN_MS);
    await statusBecomes(h, row.id, 'idle', TURN_MS);

    // One prompt: a single model turn was asked with the review as the user's text, whole.
    const prompts = standIn.requests.slice(seen).filter((r) => r.action === 'streamGenerateContent' && r.last.kind === 'prompt' && r.last.prompt.includes(REVIEW_MESSAGE_PREFIX));
    expect(prompts).toHaveLength(1);
    const prompt = prompts[0]!.last.kind === 'prompt' ? prompts[0]!.last.prompt : '';
    expect(prompt.slice(prompt.indexOf(REVIEW_MESSAGE_PREFIX))).toBe(sent.message);
    expect(prompt).toContain('1. src/lexer.ts, lines 2-3\n```\nconst tmp2 = 2;\nfunction lex() { return tmp2; }\n```\nCall it `total`, not tmp2.');
    expect(prompt).toContain('2. README.md, line 1 of the version before your changes (removed or changed lines)\n```\nhello\n```\nKeep the greeting.');
    expect(prompt).toContain('3. logo.bin (whole file)\nWhy is a binary checked in?');

    // Gemini's turn answers each comment; the transcript holds the review once, as the user's message.
    expect(answer.text.split('\n')).toEqual([
      'Comment 1 (src/lexer.ts, lines 2-3): done.',
      'Comment 2 (README.md, line 1 of the version before your changes (removed or changed lines)): done.',
      'Comment 3 (logo.bin (whole file)): done.',
    ]);
    expect(entries(h, row.id).filter((e) => e.kind === 'user').map((e) => e.text)).toEqual([sent.message]);

    // Gemini's next turn rewrites the commented lines (its write_file, allowed once): when that turn ends the
    // comment on them is stored as outdated, its quote kept (read from the store: review:list checks itself).
    await ok(h, 'sessions:send', { id: row.id, text: 'write src/lexer.ts with: const a = 1;\nconst total = 2;\n' });
    const asked = await g.permissionAsked(row.id, null);
    await ok(h, 'acp:answerPermission', { id: row.id, requestId: asked.requestId, optionId: asked.options.find((o) => o.kind === 'allow_once')?.optionId ?? '' });
    const stored = () => h.core.services.store.reviewComments.list(row.id);
    await until(() => stored()[0]?.state === 'outdated', { timeoutMs: TURN_MS, message: "the comment gemini's turn outdated" });
    expect(readFileSync(join(wt, 'src', 'lexer.ts'), 'utf8')).toBe('const a = 1;\nconst total = 2;\n');
    expect(stored().map((c) => [c.state, c.quote])).toEqual([
      ['outdated', 'const tmp2 = 2;\nfunction lex() { return tmp2; }'],
      ['sent', 'hello'],
      ['sent', ''],
    ]);
  });
});

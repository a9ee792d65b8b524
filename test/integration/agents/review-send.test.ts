import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SwarmCore } from '../../../src/main/core/app';
import { readWorktreeRecord } from '../../../src/main/core/git/record';
import { NO_BRACKETED_PASTE } from '../../../src/main/core/git/reviewService';
import { setLogSink } from '../../../src/main/core/logger';
import { REVIEW_MESSAGE_PREFIX } from '../../../src/shared/domain/review';
import { ok, refusal } from '../../support/coreCalls';
import { makeRepo } from '../../support/gitRepo';
import { until } from '../../support/until';
import { WORKTREE_ON } from '../../support/worktreeSession';
import { agentCores } from './helpers';

/**
 * Comments on the diff go back to the agent (issue 35), end to end with real git, a real core and real
 * agents: comments on three places of a worktree session's diff (new lines, a removed line, a binary
 * file), bad input refused with nothing stored, "Send review to agent" reaching the model (chat and the
 * real Claude Code CLI, against the stand-in) and a terminal program as one bracketed paste, the
 * comments sent, then outdated when the lines change or leave the diff; drafts kept across a restart.
 */
setLogSink(() => {});

const fx = agentCores('review');
const start = fx.start;

/** A session of `kind` in a worktree of a fresh repository, its work: README.md reworded, a new lexer, a binary file. */
async function sessionWithChanges(c: SwarmCore, kind: 'chat' | 'claude-code' | 'terminal', command?: string): Promise<{ id: string; wt: string }> {
  const repo = makeRepo('review repo');
  const row = await ok(c, 'sessions:create', { kind, folder: repo, worktree: WORKTREE_ON, ...(command ? { command } : {}) });
  const wt = readWorktreeRecord(c.services.store, row.id)!.path;
  writeFileSync(join(wt, 'README.md'), 'goodbye\n');
  mkdirSync(join(wt, 'src'));
  writeFileSync(join(wt, 'src', 'lexer.ts'), 'const a = 1;\nconst tmp2 = 2;\nfunction lex() { return tmp2; }\n');
  writeFileSync(join(wt, 'logo.bin'), Buffer.from([0, 1, 2, 0, 255]));
  return { id: row.id, wt };
}

/** The three comments of the "done when": two new lines, a removed line, a binary file. */
async function commentThree(c: SwarmCore, id: string): Promise<void> {
  await ok(c, 'review:add', { id, path: 'src/lexer.ts', side: 'new', startLine: 2, endLine: 3, body: 'Call it `total`, not tmp2.' });
  await ok(c, 'review:add', { id, path: 'README.md', side: 'old', startLine: 1, body: 'Keep the greeting.' });
  await ok(c, 'review:add', { id, path: 'logo.bin', side: 'file', body: 'Why is a binary checked in?' });
}

/** The review as the agent must read it: each file, its lines and the quoted code. */
function expectWholeReview(text: string): void {
  expect(text.startsWith(REVIEW_MESSAGE_PREFIX)).toBe(true);
  expect(text).toContain('src/lexer.ts, lines 2-3');
  expect(text).toContain('const tmp2 = 2;\nfunction lex() { return tmp2; }');
  expect(text).toContain('Call it `total`, not tmp2.');
  expect(text).toContain('README.md, line 1 of the version before your changes');
  expect(text).toMatch(/```\nhello\n```\nKeep the greeting\./);
  expect(text).toContain('logo.bin (whole file)');
  expect(text).toContain('Why is a binary checked in?');
}

describe('review comments (real git, real core)', () => {
  it('bad input is refused with a clear message and nothing stored; comments quote their lines and are kept across a restart', async () => {
    let c = start();
    const { id } = await sessionWithChanges(c, 'chat');
    await commentThree(c, id);
    expect(await refusal(c, 'review:add', { id, path: 'src/lexer.ts', side: 'new', startLine: 1, body: '  \n ' })).toBe('BAD_INPUT: A comment needs some text.');
    expect(await refusal(c, 'review:add', { id, path: 'src/lexer.ts', side: 'new', startLine: 1, body: 'x'.repeat(100 * 1024) })).toMatch(/^BAD_INPUT: A comment must be under 100 KB/);
    expect(await refusal(c, 'review:add', { id, path: '../outside.txt', side: 'new', startLine: 1, body: 'x' })).toMatch(/^BAD_INPUT: \.\.\/outside\.txt is outside the session's folder/);
    expect(await refusal(c, 'review:add', { id, path: 'never-changed.txt', side: 'new', startLine: 1, body: 'x' })).toMatch(/^BAD_INPUT: never-changed\.txt is not among this session's changed files/);
    expect(await refusal(c, 'review:add', { id, path: 'src/lexer.ts', side: 'new', startLine: 4, body: 'x' })).toMatch(/^BAD_INPUT: Lines 4-4 are not in src\/lexer\.ts \(it has 3 lines/);
    expect(await refusal(c, 'review:add', { id, path: 'logo.bin', side: 'new', startLine: 1, body: 'x' })).toMatch(/^BAD_INPUT: logo\.bin has no text on that side/);

    const listed = (await ok(c, 'review:list', { id })).comments;
    expect(listed.map((x) => [x.path, x.side, x.startLine, x.endLine, x.quote, x.state])).toEqual([
      ['src/lexer.ts', 'new', 2, 3, 'const tmp2 = 2;\nfunction lex() { return tmp2; }', 'draft'],
      ['README.md', 'old', 1, 1, 'hello', 'draft'],
      ['logo.bin', 'file', null, null, '', 'draft'],
    ]);
    expect(listed[0]?.headSha).toMatch(/^[0-9a-f]{40}$/);
    expect(listed[0]?.contentHash).toMatch(/^[0-9a-f]{64}$/);
    const edited = await ok(c, 'review:edit', { id, commentId: listed[0]!.id, body: 'Call it `total`, not tmp2.' });
    expect(edited.body).toBe('Call it `total`, not tmp2.');

    // An archived (ended) session takes no comment; nothing is half-stored.
    const other = await sessionWithChanges(c, 'chat');
    await ok(c, 'sessions:setArchived', { id: other.id, archived: true });
    expect(await refusal(c, 'review:add', { id: other.id, path: 'README.md', side: 'new', startLine: 1, body: 'x' })).toMatch(/^BAD_INPUT: This session has ended/);
    expect((await ok(c, 'review:list', { id: other.id })).comments).toEqual([]);

    // Drafts survive a restart (the same data folder opened again).
    await fx.close(c);
    c = start();
    expect((await ok(c, 'review:list', { id })).comments).toEqual(listed.map((x, i) => (i === 0 ? { ...x, updatedAt: edited.updatedAt } : x)));
  });

  it('chat: "Send review to agent" sends one message with every comment; they become sent, then outdated when their lines change or leave the diff', async () => {
    const c = start();
    const { id, wt } = await sessionWithChanges(c, 'chat');
    await commentThree(c, id);
    fx.server.setPolicy(() => ({ text: 'Renamed tmp2 to total and kept the greeting.' }));
    const copy = await ok(c, 'review:text', { id });
    const sent = await ok(c, 'review:send', { id });
    expect(sent.message).toBe(copy.text);
    expectWholeReview(sent.message);
    expect(sent.entry).toMatchObject({ kind: 'user', sessionId: id, text: sent.message });
    expect(sent.comments.map((x) => x.state)).toEqual(['sent', 'sent', 'sent']);
    await until(() => fx.server.requests.some((r) => r.lastUserText.startsWith(REVIEW_MESSAGE_PREFIX)), { timeoutMs: 20_000, message: 'the model asked with the review' });
    expectWholeReview(fx.server.requests.find((r) => r.lastUserText.startsWith(REVIEW_MESSAGE_PREFIX))!.lastUserText);
    // Nothing left to send.
    expect(await refusal(c, 'review:send', { id })).toBe('BAD_INPUT: The review has no draft comments to send.');
    expect(await refusal(c, 'review:edit', { id, commentId: sent.comments[0]!.id, body: 'again' })).toMatch(/^CONFLICT: Only a draft comment can be edited/);

    // A later edit of those lines: that comment is outdated, with its quote; the others stay sent.
    writeFileSync(join(wt, 'src', 'lexer.ts'), 'const a = 1;\nconst total = 2;\nfunction lex() { return total; }\n');
    let now = (await ok(c, 'review:list', { id })).comments;
    expect(now.map((x) => [x.path, x.state, x.quote])).toEqual([
      ['src/lexer.ts', 'outdated', 'const tmp2 = 2;\nfunction lex() { return tmp2; }'],
      ['README.md', 'sent', 'hello'],
      ['logo.bin', 'sent', ''],
    ]);
    // README.md back as it was: no longer in the diff, its comment stays listed, outdated.
    writeFileSync(join(wt, 'README.md'), 'hello\n');
    now = (await ok(c, 'review:list', { id })).comments;
    expect(now.map((x) => x.state)).toEqual(['outdated', 'outdated', 'sent']);
    // The user resolves them.
    const resolved = await ok(c, 'review:resolve', { id, commentId: now[0]!.id });
    expect(resolved.state).toBe('resolved');
    expect(existsSync(join(wt, 'logo.bin'))).toBe(true);
  });

  it('the real Claude Code CLI receives the review as the user turn', async () => {
    const c = start();
    const { id } = await sessionWithChanges(c, 'claude-code');
    await commentThree(c, id);
    fx.server.setPolicy(() => ({ text: 'Addressed all three comments.' }));
    const sent = await ok(c, 'review:send', { id });
    expect(sent.entry).toMatchObject({ kind: 'user', sessionId: id });
    const asked = () => fx.server.requests.find((r) => r.lastUserText.includes(REVIEW_MESSAGE_PREFIX));
    await until(() => asked() !== undefined, { timeoutMs: 60_000, message: 'the model asked with the review' });
    // The CLI may put its own context before the user's text: the review is the turn's text from its first words.
    const text = asked()!.lastUserText;
    expectWholeReview(text.slice(text.indexOf(REVIEW_MESSAGE_PREFIX)));
    await until(() => c.services.sessions.get(id).status !== 'working', { timeoutMs: 60_000, message: 'the turn to end' });
  });

  it('a terminal program that turned bracketed paste on gets the review as one paste and Enter; one that did not is refused, drafts kept', async () => {
    const c = start();
    const out = join(fx.dir.path, 'pasted.txt');
    // A small program: turns on DECSET 2004, then writes what it reads (raw, no echo) to a file.
    const program = `stty raw -echo; printf '\\033[?2004h'; echo READY; exec cat > ${out}`;
    const { id } = await sessionWithChanges(c, 'terminal', program);
    await commentThree(c, id);
    await ok(c, 'terminal:open', { id, cols: 100, rows: 30 });
    await until(() => c.services.terminals.bracketedPasteOn(id), { timeoutMs: 15_000, message: 'the program to turn bracketed paste on' });
    const sent = await ok(c, 'review:send', { id });
    expect(sent.entry).toBeNull();
    expect(sent.comments.map((x) => x.state)).toEqual(['sent', 'sent', 'sent']);
    const pasted = await until(() => (existsSync(out) && readFileSync(out, 'utf8').endsWith('\x1b[201~\r') ? readFileSync(out, 'utf8') : null), {
      timeoutMs: 15_000,
      message: 'the paste to arrive whole',
    });
    expect(pasted.startsWith('\x1b[200~')).toBe(true);
    expect(pasted.split('\x1b[200~')).toHaveLength(2);
    expectWholeReview(pasted.slice('\x1b[200~'.length, -'\x1b[201~\r'.length).replace(/\r/g, '\n'));

    // A program that never turned it on: refused, saying why; the drafts stay drafts.
    const plain = await sessionWithChanges(c, 'terminal', `echo READY; exec sleep 30`);
    await commentThree(c, plain.id);
    await ok(c, 'terminal:open', { id: plain.id, cols: 100, rows: 30 });
    await until(() => c.services.terminals.isRunning(plain.id), { message: 'the plain program to run' });
    expect(await refusal(c, 'review:send', { id: plain.id })).toBe(`CONFLICT: ${NO_BRACKETED_PASTE}`);
    expect((await ok(c, 'review:list', { id: plain.id })).comments.map((x) => x.state)).toEqual(['draft', 'draft', 'draft']);
  });
});

import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readWorktreeRecord } from '../../src/main/core/git/record';
import { REVIEW_MESSAGE_PREFIX } from '../../src/shared/domain/review';
import { coreGitEnv, makeRepo } from '../support/gitRepo';
import { until } from '../support/until';
import { WORKTREE_ON } from '../support/worktreeSession';
import { startCore, type Harness } from '../unit/core/harness';

/**
 * Sent review comments outdated by a terminal agent's turn (issue 35, `terminalTurnEnded`): a real core,
 * a real PTY running a small agent program in a session's worktree (real git). The program turns
 * bracketed paste on, takes the review as one paste, rewrites the commented lines and ends; its turn
 * ended, the comments on the lines it changed or removed are stored as outdated, their quotes kept, and
 * the one on an untouched line stays sent. Read from the store, not `review:list` (which checks itself).
 */
let h: Harness | null = null;
const made: string[] = [];
afterEach(async () => {
  await h?.core.close();
  h = null;
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The agent: raw input, bracketed paste on; once the paste has ended, the review is kept and the files rewritten. */
const AGENT = `
import { writeFileSync } from 'node:fs';
process.stdin.setRawMode(true);
process.stdout.write('\\x1b[?2004hREADY\\r\\n');
let got = '';
process.stdin.on('data', (d) => {
  got += d.toString('utf8');
  if (!got.includes('\\x1b[201~')) return;
  writeFileSync('review.txt', got);
  writeFileSync('src/lexer.ts', 'const a = 1;\\nconst total = 2;\\nfunction lex() { return total; }\\n');
  writeFileSync('notes.md', '# Notes\\nkeep this\\n');
  process.stdout.write('addressed the review\\r\\n');
  process.exit(0);
});
`;

describe("sent review comments outdated by a terminal agent's turn", () => {
  it('a real PTY program takes the review, rewrites the lines and ends: its comments on them are outdated, the untouched one sent', async () => {
    const repo = makeRepo('terminal-review');
    made.push(dirname(repo));
    const agent = join(dirname(repo), 'agent.mjs');
    writeFileSync(agent, AGENT);
    h = startCore({ env: { ...coreGitEnv(), PATH: process.env.PATH ?? '', TERM: 'xterm-256color' } });
    h.core.services.terminals.register();
    const row = await h.ok('sessions:create', { kind: 'terminal', folder: repo, worktree: WORKTREE_ON, command: `exec node ${agent}` });
    const wt = readWorktreeRecord(h.core.services.store, row.id)!.path;
    mkdirSync(join(wt, 'src'));
    writeFileSync(join(wt, 'src', 'lexer.ts'), 'const a = 1;\nconst tmp2 = 2;\nfunction lex() { return tmp2; }\n');
    writeFileSync(join(wt, 'notes.md'), '# Notes\nkeep this\nremove this\nand this\n');
    const renamed = await h.ok('review:add', { id: row.id, path: 'src/lexer.ts', side: 'new', startLine: 2, endLine: 3, body: 'Call it total.' });
    const removed = await h.ok('review:add', { id: row.id, path: 'notes.md', side: 'new', startLine: 3, endLine: 4, body: 'Drop these.' });
    const untouched = await h.ok('review:add', { id: row.id, path: 'src/lexer.ts', side: 'new', startLine: 1, body: 'Fine.' });

    await h.ok('terminal:open', { id: row.id, cols: 100, rows: 30 });
    await until(() => h!.core.services.terminals.bracketedPasteOn(row.id), { timeoutMs: 15_000, message: 'the agent to turn bracketed paste on' });
    await h.ok('review:send', { id: row.id });

    const stored = () => h!.core.services.store.reviewComments.list(row.id);
    await until(() => stored().filter((c) => c.state === 'outdated').length === 2, { timeoutMs: 30_000, message: "the comments the agent's turn outdated" });
    expect(readFileSync(join(wt, 'review.txt'), 'utf8')).toContain(REVIEW_MESSAGE_PREFIX);
    expect(stored().map((c) => [c.id, c.state, c.quote])).toEqual([
      [renamed.id, 'outdated', 'const tmp2 = 2;\nfunction lex() { return tmp2; }'],
      [removed.id, 'outdated', 'remove this\nand this'],
      [untouched.id, 'sent', 'const a = 1;'],
    ]);
    expect(h.eventsOf('review:changed').filter((e) => e.sessionId === row.id).length).toBeGreaterThan(0);
  }, 60_000);
});

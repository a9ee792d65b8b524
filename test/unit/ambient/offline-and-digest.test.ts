import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPACTION_SUMMARY_PREFIX } from '../../../src/shared/compaction';
import { completedTurns, digest, firstUserWords, latestExchange, type DigestEntry } from '../../../src/shared/ambient/digest';
import { offlineTitle } from '../../../src/shared/ambient/offline-title';
import { isWaitingForUser } from '../../../src/shared/ambient/turn-ending';
import { isUsableTitle, judgeReply } from '../../../src/shared/judge';
import { reviewMessage } from '../../../src/main/core/git/reviewMessage';
import type { ReviewComment } from '../../../src/shared/domain/review';

describe('offline titler', () => {
  it.each([
    ['please fix the flaky websocket reconnect test', 'Fix the flaky websocket reconnect test'],
    ['Hi! Can you add retry backoff to src/net/retry.ts? It fails on 429s.', 'Add retry backoff to src/net/retry.ts'],
    ['hey claude, I want you to port the billing API to async/await', 'Port the billing API to async/await'],
    ["> Let's migrate the settings screen to zustand stores and drop redux entirely because it is slow", 'Migrate the settings screen to zustand stores'],
    ['```ts\nconst x = 1\n```\nwhy does this crash on Node 20?', 'Why does this crash on Node 20'],
    ['Next.js build fails on CI', 'Next.js build fails on CI'],
    ['None of the tests pass on Windows', 'None of the tests pass on Windows'],
    // A clause a word or two over the target stays whole rather than end mid-phrase.
    ['the retry loop in the uploader never stops; cap it', 'The retry loop in the uploader never stops'],
    ['the staging deploy times out while uploading the bundle to the CDN', 'The staging deploy times out while uploading'],
  ])('%j → %j', (input, expected) => {
    expect(offlineTitle(input, 7)).toBe(expected);
  });

  it('titles a review sent as the first message from its comments, not from its header (issue 35)', () => {
    const comment = (over: Partial<ReviewComment>): ReviewComment =>
      ({ path: 'src/cart.ts', side: 'new', startLine: 2, endLine: 3, quote: 'const sum = items.reduce((a, i) => a + i, 0);\n\nreturn sum;', body: 'x', ...over }) as ReviewComment;
    const message = reviewMessage([
      comment({ body: 'Keep the plain loop: it reads better' }),
      comment({ path: 'logo.png', side: 'file', startLine: null, endLine: null, quote: '', body: 'Use the SVG logo instead' }),
    ]);
    expect(offlineTitle(message, 7)).toBe('Keep the plain loop it reads better');
    // A whole-file comment first: no quote to step over.
    expect(offlineTitle(reviewMessage([comment({ path: 'logo.png', side: 'file', startLine: null, endLine: null, quote: '', body: 'Use the SVG logo instead' })]), 7)).toBe(
      'Use the SVG logo instead',
    );
    // Comments that say nothing titled give no title, never the header's words.
    expect(offlineTitle(reviewMessage([comment({ body: 'ok' })]), 7)).toBeNull();
  });

  it.each(['continue', 'hi', 'thanks!', 'ok', '```\ncode only\n```', '   ', '???', 'Untitled', `${COMPACTION_SUMMARY_PREFIX} We did X.`])(
    'no title from %j',
    (input) => {
      expect(offlineTitle(input)).toBeNull();
    },
  );

  it('respects the word target and never ends on a dangling word', () => {
    expect(offlineTitle('refactor the parser so that the error messages name the line and the column', 4)).toBe('Refactor the parser');
  });

  it('property: every title it emits passes the judge', () => {
    const words = fc.constantFrom('fix', 'the', 'login', 'none', 'untitled', 'please', 'n/a', 'I', "can't", 'help', '(none yet)', 'KEEP', 'ANSWER:', '</x>', '?', '…', 'as', 'an', 'AI', 'sorry,', 'Sure!', '\u200B', 'ok', '日本語', 'тест');
    const message = fc.oneof(fc.string({ maxLength: 200 }), fc.array(words, { maxLength: 20 }).map((w) => w.join(' ')));
    fc.assert(
      fc.property(message, fc.integer({ min: 1, max: 25 }), (m, target) => {
        const title = offlineTitle(m, target);
        if (title === null) return true;
        return isUsableTitle(title) && judgeReply(`ANSWER: ${title}`, 'title', { wordTarget: target }).verdict === 'use';
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('digest', () => {
  const entries: DigestEntry[] = [
    { kind: 'user', text: `${COMPACTION_SUMMARY_PREFIX} Earlier we set up CI.`, meta: null },
    { kind: 'summary', text: 'A summary entry', meta: null },
    { kind: 'user', text: 'add a retry to the upload', meta: null },
    { kind: 'thinking', text: 'hmm', meta: null },
    { kind: 'tool-use', text: 'npm test', meta: { name: 'Bash' } },
    { kind: 'assistant', text: 'Added the retry.\n\nTests pass.', meta: null },
  ];

  it('shows a compaction summary as an earlier summary, never as the user', () => {
    const d = digest(entries);
    expect(d).not.toMatch(/\[user\] \[Swarmdesk summary/);
    expect(d).toContain('[earlier summary]');
    expect(d).toContain('[user] add a retry to the upload');
    expect(d).toContain('[tool Bash] npm test');
    expect(d).toContain('[assistant] Added the retry. Tests pass.');
    expect(d).not.toContain('hmm');
    expect(firstUserWords(entries)).toBe('add a retry to the upload');
  });

  it('counts completed turns and finds the latest exchange', () => {
    expect(completedTurns(entries)).toBe(1);
    expect(completedTurns(entries.slice(0, 3))).toBe(0);
    expect(latestExchange(entries).startsWith('[user] add a retry')).toBe(true);
  });
});

describe('waiting for the user', () => {
  it.each([
    ['I changed the retry. Which backoff do you prefer: linear or exponential?', true],
    ['Done.\n\nShould I also update the docs?', true],
    ['Here are two options. Let me know which one you want.', true],
    ['Does `a?.b` work? Yes.\n\nI fixed it and the tests pass.', false],
    ['I fixed it. See https://example.com/?q=1 for details.', false],
    ['```\nwhat? \n```\nAll done.', false],
    ['', false],
  ])('%j → %s', (text, waiting) => {
    expect(isWaitingForUser(text)).toBe(waiting);
  });
});

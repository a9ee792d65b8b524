import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPACTION_SUMMARY_PREFIX, isCompactionSummary } from '../../../src/shared/compaction';
import corpus from '../../../src/shared/judge/corpus.json';
import { isAbsence, isUsableTitle } from '../../../src/shared/judge';
import { type LabelInput, displayLabel, firstLineLabel } from '../../../src/shared/label';
import { relativeTime } from '../../../src/shared/time';

const NOW = Date.UTC(2026, 11, 2, 12, 0, 0);
const MIN = 60_000;

function input(over: Partial<LabelInput>): LabelInput {
  return { title: null, firstUserLine: null, kind: 'claude-code', folder: '/home/me/src/billing-api', updatedAt: NOW - 3 * MIN, ...over };
}

describe('displayLabel', () => {
  it('shows a usable title', () => {
    expect(displayLabel(input({ title: 'Fix kumquat websocket drops' }), NOW)).toEqual({
      text: 'Fix kumquat websocket drops',
      derived: 'title',
    });
  });

  it('falls back to the first user line, clipped to 60 characters on a word boundary', () => {
    const line = 'please fix the login redirect that keeps sending me back to the home page after auth';
    const label = displayLabel(input({ title: 'Untitled', firstUserLine: line }), NOW);
    expect(label).toEqual({ text: 'please fix the login redirect that keeps sending me back to…', derived: 'first-line' });
    expect(Array.from(label.text).length).toBeLessThanOrEqual(61);
  });

  it('falls back to facts: agent kind, folder name, relative time', () => {
    expect(displayLabel(input({}), NOW)).toEqual({ text: 'Claude Code · billing-api · 3 min ago', derived: 'facts' });
    expect(displayLabel(input({ kind: 'chat', folder: 'C:\\Users\\me\\proj\\', updatedAt: NOW }), NOW).text).toBe(
      'Chat · proj · just now',
    );
    expect(displayLabel(input({ kind: 'terminal', folder: '', updatedAt: Number.NaN }), NOW).text).toBe(
      'Terminal · time unknown',
    );
  });

  it('never shows a placeholder title, whatever the first line is', () => {
    for (const title of corpus.titles.rejected) {
      expect(displayLabel(input({ title }), NOW).derived).toBe('facts');
    }
  });

  it('skips a compaction summary as the first line', () => {
    const summary = `${COMPACTION_SUMMARY_PREFIX} We fixed the login redirect and added tests.`;
    expect(isCompactionSummary(`  ${summary}`)).toBe(true);
    expect(displayLabel(input({ firstUserLine: summary }), NOW).derived).toBe('facts');
  });

  it('skips a first line that is itself a placeholder, but keeps a short real one', () => {
    expect(displayLabel(input({ firstUserLine: 'untitled' }), NOW).derived).toBe('facts');
    expect(displayLabel(input({ firstUserLine: '(none)' }), NOW).derived).toBe('facts');
    expect(displayLabel(input({ firstUserLine: 'hi' }), NOW)).toEqual({ text: 'hi', derived: 'first-line' });
  });
});

describe('firstLineLabel', () => {
  it('cleans markdown and joins lines', () => {
    expect(firstLineLabel('# Fix the **login** redirect\n\n- see `auth.ts`')).toBe('Fix the login redirect see auth.ts');
    expect(firstLineLabel('Read [the docs](https://example.com) first')).toBe('Read the docs first');
  });

  it('drops a leading slash command, and a line that is only one', () => {
    expect(firstLineLabel('/review the retry policy')).toBe('the retry policy');
    expect(firstLineLabel('/clear')).toBeNull();
    expect(firstLineLabel('/usr/local/bin is missing from PATH')).toBe('/usr/local/bin is missing from PATH');
  });

  it('drops agent wrapper tags and reminder blocks', () => {
    expect(firstLineLabel('<command-name>/clear</command-name>')).toBeNull();
    expect(firstLineLabel('<system-reminder>be brief</system-reminder> fix the tests')).toBe('fix the tests');
    expect(firstLineLabel('why does <div> collapse')).toBe('why does <div> collapse');
  });

  it('labels prose before code, and pasted code when there is nothing else', () => {
    expect(firstLineLabel('```\nconst x = 1;\n```\nwhy is x one')).toBe('why is x one');
    expect(firstLineLabel('```ts\nconst answer = compute(x)\n```')).toBe('const answer = compute(x)');
    // A pasted error alone is an error text, never a label (the next real line or facts are).
    expect(firstLineLabel('```ts\nTypeError: x is undefined\n```')).toBeNull();
  });

  it('hard-cuts a long word with an ellipsis', () => {
    const label = firstLineLabel(`see ${'a'.repeat(100)}`);
    expect(label).toBe(`see ${'a'.repeat(56)}…`);
  });
});

describe('relativeTime', () => {
  it('reads like a person would say it', () => {
    expect(relativeTime(NOW, NOW)).toBe('just now');
    expect(relativeTime(NOW + 10 * MIN, NOW)).toBe('just now');
    expect(relativeTime(NOW - 50_000, NOW)).toBe('1 min ago');
    expect(relativeTime(NOW - 59 * MIN, NOW)).toBe('59 min ago');
    expect(relativeTime(NOW - 2 * 60 * MIN, NOW)).toBe('2 h ago');
    expect(relativeTime(NOW - 30 * 60 * MIN, NOW)).toBe('yesterday');
    expect(relativeTime(NOW - 3 * 24 * 60 * MIN, NOW)).toBe('3 days ago');
    expect(relativeTime(NOW - 65 * 24 * 60 * MIN, NOW)).toBe('2 months ago');
    expect(relativeTime(NOW - 400 * 24 * 60 * MIN, NOW)).toBe('1 year ago');
    expect(relativeTime(Number.NaN, NOW)).toBe('');
  });
});

describe('displayLabel properties', () => {
  const anyText = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.string({ unit: 'grapheme', maxLength: 200 }),
    fc.constantFrom(...corpus.titles.rejected, ...corpus.titles.accepted, `${COMPACTION_SUMMARY_PREFIX} x`),
  );
  const labelInput = fc.record({
    title: fc.option(anyText, { nil: null }),
    firstUserLine: fc.option(anyText, { nil: null }),
    kind: fc.constantFrom('chat' as const, 'claude-code' as const, 'terminal' as const, 'imported' as const),
    folder: anyText,
    updatedAt: fc.oneof(fc.integer({ min: 0, max: NOW }), fc.double()),
  });

  it('never yields an empty label, a placeholder, or an over-long derived line', () => {
    fc.assert(
      fc.property(labelInput, (given) => {
        const label = displayLabel(given, NOW);
        expect(label.text.trim()).not.toBe('');
        expect(label.text).toMatch(/\p{L}/u);
        expect(isAbsence(label.text)).toBe(false);
        if (label.derived === 'first-line') expect(Array.from(label.text).length).toBeLessThanOrEqual(61);
        if (label.derived === 'title') expect(isUsableTitle(given.title)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPACTION_SUMMARY_PREFIX, isCompactionSummary } from '../../../src/shared/compaction';
import corpus from '../../../src/shared/judge/corpus.json';
import { isAbsence, isAbsenceNote, isDefaultName, isErrorText, isToolMarkup, isUsableTitle } from '../../../src/shared/judge';
import { type LabelInput, aSessionOfKind, displayLabel, firstLineLabel } from '../../../src/shared/label';
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
    // An ACP session names its agent by the name its row carries, else a built-in one's; unknown: its kind.
    expect(displayLabel(input({ kind: 'acp', agent: 'gemini' }), NOW).text).toBe('Gemini CLI · billing-api · 3 min ago');
    expect(displayLabel(input({ kind: 'acp', agent: 'custom-mine', agentName: 'Kumquat agent' }), NOW).text).toBe('Kumquat agent · billing-api · 3 min ago');
    expect(displayLabel(input({ kind: 'acp', agent: 'custom-mine' }), NOW).text).toBe('ACP agent · billing-api · 3 min ago');
    expect(displayLabel(input({ kind: 'acp', agent: 'toString' }), NOW).text).toBe('ACP agent · billing-api · 3 min ago');
  });

  it('names a kind inside a sentence with the right article', () => {
    expect(aSessionOfKind('claude-code')).toBe('a Claude Code session');
    expect(aSessionOfKind('acp')).toBe('an ACP agent session');
    expect(aSessionOfKind('acp', 'codex')).toBe('a Codex session');
    expect(aSessionOfKind('imported')).toBe('an imported session');
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

  it("a terminal in a folder named like a placeholder reads as its facts, not 'New · <untitled>' (found by the property below)", () => {
    const label = displayLabel({ title: null, firstUserLine: 'New tab opens twice', kind: 'terminal', folder: '<untitled>', updatedAt: NOW }, NOW);
    expect(isAbsence(label.text)).toBe(false);
    expect(label.derived).toBe('facts');
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

describe('labels from real histories (issue 7)', () => {
  const base = { kind: 'imported' as const, folder: '/home/dev/billing', updatedAt: NOW - 5 * MIN };
  const CLAUDE_CONTINUATION =
    'This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\nAnalysis: the user asked to fix invoices.';
  const CODEX_HANDOVER =
    'Another language model started to solve this problem and produced a summary of its thinking process. Here is the summary: fix invoices.';

  it.each([
    ['Claude Code’s compaction continuation', CLAUDE_CONTINUATION],
    ['Codex’s compaction hand-over', CODEX_HANDOVER],
    ['a slash-command echo', '<command-message>init is analyzing your codebase…</command-message>\n<command-name>/init</command-name>'],
    ['local command output', '<local-command-stdout>Set model to opus</local-command-stdout>'],
    ['a caveat', 'Caveat: The messages below were generated by the user while running local commands. DO NOT respond.'],
    ['an interruption note', '[Request interrupted by user for tool use]'],
    ['Codex’s environment context', '<environment_context>\n  <cwd>/home/dev/billing</cwd>\n</environment_context>'],
    ['Codex’s user instructions', '<user_instructions>\nAlways run the tests.\n</user_instructions>'],
    ['hook output', 'UserPromptSubmit hook feedback: formatted'],
    ['a pasted error alone', 'API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}'],
  ])('never labels with %s: facts instead', (_what, line) => {
    expect(firstLineLabel(line)).toBeNull();
    expect(displayLabel({ ...base, title: null, firstUserLine: line }, NOW)).toEqual({
      text: 'Imported · billing · 5 min ago',
      derived: 'facts',
    });
  });

  it('keeps the user’s words when a reminder block follows them', () => {
    expect(firstLineLabel('Fix invoice rounding\n<system-reminder>todo list is empty</system-reminder>')).toBe('Fix invoice rounding');
  });

  it('never shows an error text or a stamped default name as the title', () => {
    for (const title of [
      'API Error: 404 {"type":"error","error":{"type":"not_found_error","message":"model: claude-3-5-haiku-20241022"}}',
      'Request failed with status code 529',
      'New session - 2026-12-02T09:14:03.512Z',
    ]) {
      expect(displayLabel({ ...base, title, firstUserLine: 'fix invoice rounding' }, NOW)).toEqual({ text: 'fix invoice rounding', derived: 'first-line' });
    }
  });

  it('shows a person’s deliberate "Worker 2" as the title, and a model’s as nothing', () => {
    const row = { ...base, title: 'Worker 2', firstUserLine: 'fix invoice rounding' };
    expect(displayLabel({ ...row, titleSource: 'user' }, NOW)).toEqual({ text: 'Worker 2', derived: 'title' });
    expect(displayLabel({ ...row, titleSource: 'auto' }, NOW).derived).toBe('first-line');
    expect(displayLabel(row, NOW).derived).toBe('first-line');
    // Imported: pinned means the person renamed it in that tool; unpinned is the tool's generated title.
    expect(displayLabel({ ...row, titleSource: 'imported', titlePinned: true }, NOW)).toEqual({ text: 'Worker 2', derived: 'title' });
    expect(displayLabel({ ...row, titleSource: 'imported', titlePinned: false }, NOW).derived).toBe('first-line');
  });

  const piece = fc.constantFrom(
    CLAUDE_CONTINUATION,
    CODEX_HANDOVER,
    '<command-name>/mcp</command-name>',
    '<environment_context><cwd>/w</cwd></environment_context>',
    '[Request interrupted by user]',
    'Request failed with status code 529',
    'connect ECONNREFUSED 127.0.0.1:443',
    'TypeError: fetch failed',
    ...corpus.titles.rejected,
  );
  const text = fc.oneof(piece, fc.tuple(piece, fc.string()).map(([a, b]) => `${a}${b}`), fc.string());

  it('property: a label is never an error text, tool markup or a placeholder', () => {
    fc.assert(
      fc.property(
        fc.option(text, { nil: null }),
        fc.option(text, { nil: null }),
        fc.constantFrom(null, 'auto', 'imported', 'user'),
        (title, firstUserLine, titleSource) => {
          const label = displayLabel({ ...base, title, firstUserLine, titleSource }, NOW);
          expect(isErrorText(label.text)).toBe(false);
          expect(isToolMarkup(label.text)).toBe(false);
          expect(isAbsenceNote(label.text)).toBe(false);
          expect(isDefaultName(label.text)).toBe(false);
          if (label.derived !== 'title' || titleSource !== 'user') expect(isAbsence(label.text)).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

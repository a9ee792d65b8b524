import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AMBIENT_KINDS,
  NAME_LIMITS,
  NARRATION_LIMITS,
  NEXT_PROMPT_LIMITS,
  STORED_TITLE_LIMITS,
  acceptLine,
  acceptNextPrompt,
  isUsableTitle,
  isWrappedNote,
  judgeReply,
  judgeUserTitle,
  limitsFor,
  parseReply,
  sanitizeAnswer,
  titleLimits,
} from '../../../src/shared/judge';

const T = titleLimits(7);

describe('parseReply', () => {
  it('reads ANSWER and SKIP with the tolerated variations', () => {
    expect(parseReply('ANSWER: Fix login')).toEqual({ type: 'answer', text: 'Fix login' });
    expect(parseReply('\n  answer:Fix login \n')).toEqual({ type: 'answer', text: 'Fix login' });
    for (const skip of ['SKIP', 'skip', 'Skip.', '  SKIP  \n']) expect(parseReply(skip)).toEqual({ type: 'skip' });
  });

  it('turns away everything else as a format error', () => {
    for (const raw of [
      'Fix login',
      'Sure! ANSWER: Fix login',
      'SKIP because the title fits',
      'SKIP.\nThe title fits',
      '```\nANSWER: x\n```',
      '{"answer": "x"}',
      'ANSWER: a\nANSWER: b',
      '**ANSWER:** x',
      'ANSWER - x',
    ]) {
      expect(parseReply(raw), raw).toEqual({ type: 'invalid', reason: 'format' });
    }
    expect(parseReply(' \n ')).toEqual({ type: 'invalid', reason: 'empty' });
  });

  it('keeps a multi-line answer whole so the sanitiser can reject it', () => {
    expect(parseReply('ANSWER: a\nb')).toEqual({ type: 'answer', text: 'a\nb' });
  });
});

describe('sanitizeAnswer', () => {
  it('takes off wrappers, labels and a title’s trailing period, repeatedly', () => {
    const cases: [string, string][] = [
      ['"Fix login"', 'Fix login'],
      ["'Fix login'", 'Fix login'],
      ['`Fix login`', 'Fix login'],
      ['**Fix login**', 'Fix login'],
      ['*Fix login*', 'Fix login'],
      ['“Fix login”', 'Fix login'],
      ['Title: Fix login', 'Fix login'],
      ['**Title:** "Fix login".', 'Fix login'],
      ['Session title: `Fix login`', 'Fix login'],
      ['- Fix login', 'Fix login'],
      ['Fix   login\tflow', 'Fix login flow'],
      ['Fix login...', 'Fix login...'],
    ];
    for (const [raw, clean] of cases) expect(sanitizeAnswer(raw, 'title'), raw).toEqual({ ok: true, text: clean });
  });

  it('keeps inner quotes, apostrophes and code identifiers', () => {
    expect(sanitizeAnswer('Fix "npm ci" cache')).toEqual({ ok: true, text: 'Fix "npm ci" cache' });
    expect(sanitizeAnswer("'Don't retry on 4xx'")).toEqual({ ok: true, text: "Don't retry on 4xx" });
    expect(sanitizeAnswer("'a' and 'b'")).toEqual({ ok: true, text: "'a' and 'b'" });
    expect(sanitizeAnswer('__init__ cleanup')).toEqual({ ok: true, text: '__init__ cleanup' });
  });

  it('strips only the kind’s own label, and the period only for titles and names', () => {
    expect(sanitizeAnswer('Note: flaky CI', 'title')).toEqual({ ok: true, text: 'Note: flaky CI' });
    expect(sanitizeAnswer('Suggestion: Run the tests.', 'nextPrompt')).toEqual({ ok: true, text: 'Run the tests.' });
    expect(sanitizeAnswer('I started the server.', 'narration')).toEqual({ ok: true, text: 'I started the server.' });
  });

  it('rejects empty and multi-line answers instead of picking a line', () => {
    expect(sanitizeAnswer('  \u200b ')).toEqual({ ok: false, reason: 'empty' });
    expect(sanitizeAnswer('""')).toEqual({ ok: true, text: '""' });
    expect(sanitizeAnswer('Sure!\n\nTitle: Fix login')).toEqual({ ok: false, reason: 'multiline' });
  });
});

describe('acceptLine', () => {
  it('says why, with a sentence a person can read', () => {
    expect(acceptLine('Untitled', T)).toEqual({
      ok: false,
      reason: 'absence',
      message: "A title can't be a placeholder like “Untitled”.",
    });
    expect(acceptLine('', NAME_LIMITS, 'name')).toMatchObject({ reason: 'empty', message: "A name can't be empty." });
    expect(acceptLine('a\nb', T)).toMatchObject({ reason: 'multiline' });
    expect(acceptLine('x'.repeat(161), T)).toMatchObject({ reason: 'too-long', message: 'A title can be at most 160 characters.' });
    expect(acceptLine(Array(16).fill('go').join(' '), T)).toMatchObject({ reason: 'too-many-words' });
    expect(acceptLine('🚀 ✨', T)).toMatchObject({ reason: 'no-letter' });
    expect(acceptLine('I cannot title this', T)).toMatchObject({ reason: 'refusal' });
    expect(acceptLine('{"title": "x"}', T)).toMatchObject({ reason: 'format' });
  });

  it('hands back the text trimmed and otherwise untouched', () => {
    expect(acceptLine('  Fix the user’s login  ', NAME_LIMITS)).toEqual({ ok: true, text: 'Fix the user’s login' });
  });

  it('matches phrases on whole words, after normalising case and apostrophes', () => {
    expect(acceptLine('Fix pane has an AI summary bug', T).ok).toBe(true);
    expect(acceptLine('As an AI, I have no title', NAME_LIMITS, 'name').ok).toBe(false);
    expect(acceptLine('I’M SORRY, BUT NO', T).ok).toBe(false);
    expect(acceptLine('Lexi cannot log in', T).ok).toBe(true);
  });

  it('reads an interjection only when punctuation follows it', () => {
    expect(acceptLine('Sorry, I cannot', T).ok).toBe(false);
    expect(acceptLine('Sorry page shows 500 on logout', T).ok).toBe(true);
    expect(acceptLine('Sure! Fix login', T).ok).toBe(false);
    expect(acceptLine('Sure-fire deploy script', T).ok).toBe(true);
  });

  it('lets the pick-up note end with “How can I help?” and nothing else', () => {
    const note = 'We fixed the websocket drops and the tests pass. How can I help?';
    expect(acceptLine(note, limitsFor('note'), 'note').ok).toBe(true);
    expect(acceptLine('How can I help?', T, 'title').ok).toBe(false);
  });

  it('sees through invisible characters and fullwidth forms', () => {
    expect(acceptLine('Un\u200btitled', T).ok).toBe(false);
    expect(acceptLine('\u200b(none yet)\u200b', T).ok).toBe(false);
    expect(acceptLine('ＵＮＴＩＴＬＥＤ', T).ok).toBe(false);
  });

  it('allows a narration sentence but not a paragraph', () => {
    expect(acceptLine('I started the dev server in the background.', NARRATION_LIMITS, 'narration').ok).toBe(true);
    expect(acceptLine(Array(60).fill('word').join(' '), NARRATION_LIMITS, 'narration').ok).toBe(false);
  });
});

describe('isWrappedNote', () => {
  it('counts only one balanced pair around the whole text', () => {
    for (const note of ['(none yet)', '[no summary]', '<no title>', '{title}', '((none yet))', '([x] pending)']) {
      expect(isWrappedNote(note), note).toBe(true);
    }
    for (const title of ['(a) b (c)', '[a] b [c]', '(a) (b)', '(a', 'a)', 'plain']) {
      expect(isWrappedNote(title), title).toBe(false);
    }
  });
});

describe('limits', () => {
  it('scales title limits with the word target and stays inside the stored limits', () => {
    expect(titleLimits(7).maxWords).toBe(15);
    expect(titleLimits(20).maxWords).toBe(28);
    expect(titleLimits(100).maxWords).toBe(STORED_TITLE_LIMITS.maxWords);
    expect(titleLimits(Number.NaN)).toEqual(titleLimits(7));
    expect(titleLimits(7).maxChars).toBeLessThanOrEqual(STORED_TITLE_LIMITS.maxChars);
  });

  it('judges a title reply with the requested word target', () => {
    const twelve = `ANSWER: ${Array(12).fill('word').join(' ')}`;
    expect(judgeReply(twelve, 'title', { wordTarget: 7 }).verdict).toBe('use');
    expect(judgeReply(twelve, 'title', { wordTarget: 3 })).toMatchObject({ verdict: 'reject', reason: 'too-many-words' });
  });
});

describe('acceptNextPrompt', () => {
  it('rejects questions, by mark or by the way they open', () => {
    for (const s of ['Run the tests?', 'Run the tests?"', 'Should I run the tests', 'Do you want to push', 'Would you like a summary']) {
      expect(acceptNextPrompt(s), s).toMatchObject({ ok: false, reason: 'question' });
    }
    // A title may be a question.
    expect(acceptLine('Why does login fail?', T).ok).toBe(true);
  });

  it('rejects risky proposals on whole words, plurals included', () => {
    for (const s of ['Rotate the tokens', 'Print the secrets', 'Store the passwords', 'Add API keys to CI', 'git push --force-with-lease', 'rm -fr build', 'Edit .env.local']) {
      expect(acceptNextPrompt(s), s).toMatchObject({ ok: false, reason: 'risky' });
    }
    for (const s of ['Email the secretary', 'Add a tokenizer test', 'Update the environment docs', 'Format the code']) {
      expect(acceptNextPrompt(s).ok, s).toBe(true);
    }
  });

  it('keeps a user-voiced acknowledgement that other kinds reject', () => {
    expect(acceptNextPrompt('OK, run the tests').ok).toBe(true);
    expect(acceptLine('OK, run the tests', T).ok).toBe(false);
    expect(acceptNextPrompt('Sure! Run the tests').ok).toBe(false);
  });

  it('is bounded by the next-prompt limits', () => {
    expect(acceptNextPrompt('x'.repeat(NEXT_PROMPT_LIMITS.maxChars + 1))).toMatchObject({ reason: 'too-long' });
  });
});

describe('stored and user titles', () => {
  it('only a string the judge accepts is a usable title', () => {
    for (const value of [null, undefined, 42, {}, ['Fix login'], '', '(none yet)']) expect(isUsableTitle(value)).toBe(false);
    expect(isUsableTitle('Fix login')).toBe(true);
    expect(isUsableTitle(Array(28).fill('w').join(' '))).toBe(true);
    expect(isUsableTitle(Array(29).fill('w').join(' '))).toBe(false);
  });

  it('judges a rename with stored limits and a message for the rename field', () => {
    expect(judgeUserTitle('  Fix   login  ')).toEqual({ ok: true, text: 'Fix login' });
    expect(judgeUserTitle('"Quoted" on purpose.')).toEqual({ ok: true, text: '"Quoted" on purpose.' });
    expect(judgeUserTitle('Untitled')).toEqual({
      ok: false,
      reason: 'absence',
      message: "A title can't be a placeholder like “Untitled”.",
    });
    // A person typing a tool's default name gets told so; a pane named "Worker 2" is meant.
    expect(judgeUserTitle('New chat')).toEqual({
      ok: false,
      reason: 'default-name',
      message: "A title can't be a default name like “New chat” or “Session 3”.",
    });
    expect(judgeUserTitle('Worker 2')).toEqual({ ok: true, text: 'Worker 2' });
    expect(judgeUserTitle('Worker task 111')).toEqual({ ok: true, text: 'Worker task 111' });
    expect(judgeUserTitle('x'.repeat(201))).toMatchObject({ ok: false, message: 'A title can be at most 200 characters.' });
  });
});

describe('judgeReply properties', () => {
  const text = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.constantFrom('Fix login', 'Untitled', 'KEEP', '"x"', '**Title:** y.', 'a\nb', 'Run the tests?', ' \u200b '),
  );
  const raw = fc.oneof(text, text.map((s) => `ANSWER: ${s}`), text.map((s) => `answer:${s}\n`));

  it('never uses a text that is multi-line or that acceptLine would reject', () => {
    fc.assert(
      fc.property(raw, fc.constantFrom(...AMBIENT_KINDS), fc.integer({ min: 1, max: 30 }), (reply, kind, wordTarget) => {
        const verdict = judgeReply(reply, kind, { wordTarget });
        if (verdict.verdict !== 'use') return;
        expect(verdict.text).not.toMatch(/[\r\n\u2028\u2029]/u);
        expect(acceptLine(verdict.text, limitsFor(kind, wordTarget), kind)).toEqual({ ok: true, text: verdict.text });
        if (kind === 'nextPrompt') expect(acceptNextPrompt(verdict.text).ok).toBe(true);
        if (kind === 'title') expect(isUsableTitle(verdict.text)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('always gives a reason and a message when it rejects', () => {
    fc.assert(
      fc.property(raw, fc.constantFrom(...AMBIENT_KINDS), (reply, kind) => {
        const verdict = judgeReply(reply, kind);
        if (verdict.verdict === 'reject') expect(verdict.message).toMatch(/\.$/u);
      }),
      { numRuns: 500 },
    );
  });
});

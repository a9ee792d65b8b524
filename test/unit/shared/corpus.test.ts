// The judge's shared corpus (SPEC §9.1): every case, through the same exported functions
// main uses. test/renderer/corpus.renderer.test.ts runs the same file under jsdom.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import rawCorpus from '../../../src/shared/judge/corpus.json';
import {
  AMBIENT_KINDS,
  REJECT_REASONS,
  acceptLine,
  acceptNextPrompt,
  isUsableTitle,
  isUsableUserTitle,
  judgeReply,
  judgeUserTitle,
  titleLimits,
} from '../../../src/shared/judge';

const KindSchema = z.enum(['title', 'name', 'preview', 'narration', 'note', 'nextPrompt']);
const CorpusSchema = z
  .object({
    titles: z
      .object({
        rejected: z.array(z.string()),
        accepted: z.array(z.string()),
        /** Rejected from a model or a stored auto title, but a person may name a pane so. */
        personAccepted: z.array(z.string()),
        /** Titles holding control characters: a typed rename and a model's reply are kept cleaned (`kept`); stored as given, refused. */
        cleaned: z.array(z.object({ given: z.string(), kept: z.string() }).strict()),
      })
      .strict(),
    replies: z.array(
      z
        .object({
          kind: KindSchema,
          reply: z.string(),
          expect: z.enum(['use', 'skip', 'reject']),
          text: z.string().optional(),
          reason: z.enum(REJECT_REASONS as [string, ...string[]]).optional(),
        })
        .strict(),
    ),
    nextPrompts: z.object({ rejected: z.array(z.string()), accepted: z.array(z.string()) }).strict(),
  })
  .strict();

const corpus = CorpusSchema.parse(rawCorpus);
const TITLE_LIMITS = titleLimits(7);

/** The corpus only grows: these floors sit at its size when they were last raised. */
const FLOORS = {
  rejectedTitles: 340,
  acceptedTitles: 156,
  personAccepted: 10,
  cleaned: 11,
  replies: 105,
  rejectedNext: 55,
  acceptedNext: 40,
};

describe('the shared judge corpus', () => {
  it('is not hollowed out', () => {
    expect(corpus.titles.rejected.length).toBeGreaterThanOrEqual(FLOORS.rejectedTitles);
    expect(corpus.titles.accepted.length).toBeGreaterThanOrEqual(FLOORS.acceptedTitles);
    expect(corpus.titles.personAccepted.length).toBeGreaterThanOrEqual(FLOORS.personAccepted);
    expect(corpus.titles.cleaned.length).toBeGreaterThanOrEqual(FLOORS.cleaned);
    expect(corpus.replies.length).toBeGreaterThanOrEqual(FLOORS.replies);
    expect(corpus.nextPrompts.rejected.length).toBeGreaterThanOrEqual(FLOORS.rejectedNext);
    expect(corpus.nextPrompts.accepted.length).toBeGreaterThanOrEqual(FLOORS.acceptedNext);
    // Every kind has a usable reply and a rejected one, and SKIP is exercised.
    for (const kind of AMBIENT_KINDS) {
      const verdicts = new Set(corpus.replies.filter((c) => c.kind === kind).map((c) => c.expect));
      expect([kind, verdicts.has('use'), verdicts.has('reject')]).toEqual([kind, true, true]);
    }
    expect(corpus.replies.some((c) => c.expect === 'skip')).toBe(true);
  });

  it('has no title that is both rejected and accepted', () => {
    const accepted = new Set(corpus.titles.accepted);
    expect(corpus.titles.rejected.filter((t) => accepted.has(t))).toEqual([]);
  });

  it('lists as person-accepted only titles that are otherwise rejected', () => {
    const rejected = new Set(corpus.titles.rejected);
    expect(corpus.titles.personAccepted.filter((t) => !rejected.has(t))).toEqual([]);
  });

  const personAccepted = new Set(corpus.titles.personAccepted);
  it.each(corpus.titles.rejected.map((t) => [t]))('rejects the title %j from a model and as a stored auto title', (title) => {
    expect(acceptLine(title, TITLE_LIMITS).ok).toBe(false);
    expect(isUsableTitle(title)).toBe(false);
    expect(judgeReply(`ANSWER: ${title}`, 'title').verdict).toBe('reject');
    // A person's rename: refused unless the corpus says a person may name a pane so.
    expect(judgeUserTitle(title).ok).toBe(personAccepted.has(title));
    expect(isUsableUserTitle(title)).toBe(personAccepted.has(title));
  });

  it.each(corpus.titles.accepted.map((t) => [t]))('accepts the title %j everywhere', (title) => {
    expect(acceptLine(title, TITLE_LIMITS)).toEqual({ ok: true, text: title.trim() });
    expect(isUsableTitle(title)).toBe(true);
    expect(isUsableUserTitle(title)).toBe(true);
    expect(judgeUserTitle(title).ok).toBe(true);
    expect(judgeReply(`ANSWER: ${title}`, 'title').verdict).toBe('use');
  });

  it.each(corpus.titles.cleaned.map((c) => [c.given, c.kept]))('keeps the title %j typed or generated as %j, and refuses it stored as given', (given, kept) => {
    expect(judgeUserTitle(given)).toEqual({ ok: true, text: kept });
    expect(judgeReply(`ANSWER: ${given}`, 'title')).toEqual({ verdict: 'use', text: kept });
    expect(judgeReply(`ANSWER: ${given}`, 'name')).toEqual({ verdict: 'use', text: kept });
    expect(isUsableTitle(kept)).toBe(true);
    expect(acceptLine(given, TITLE_LIMITS)).toMatchObject({ ok: false, reason: 'control' });
    expect(isUsableTitle(given)).toBe(false);
    expect(isUsableUserTitle(given)).toBe(false);
  });

  it.each(corpus.replies.map((c) => [c.kind, c.reply, c]))('judges the %s reply %j', (_kind, _reply, c) => {
    const verdict = judgeReply(c.reply, c.kind);
    expect(verdict.verdict).toBe(c.expect);
    if (c.text !== undefined) expect(verdict).toEqual({ verdict: 'use', text: c.text });
    if (c.reason !== undefined) expect(verdict).toMatchObject({ verdict: 'reject', reason: c.reason });
    if (verdict.verdict === 'reject') expect(verdict.message.length).toBeGreaterThan(0);
  });

  it.each(corpus.nextPrompts.rejected.map((s) => [s]))('rejects the next prompt %j', (prompt) => {
    expect(acceptNextPrompt(prompt).ok).toBe(false);
  });

  it.each(corpus.nextPrompts.accepted.map((s) => [s]))('accepts the next prompt %j', (prompt) => {
    expect(acceptNextPrompt(prompt)).toEqual({ ok: true, text: prompt.trim() });
    expect(judgeReply(`ANSWER: ${prompt}`, 'nextPrompt').verdict).toBe('use');
  });
});

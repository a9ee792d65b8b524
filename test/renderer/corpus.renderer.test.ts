// The renderer runs the judge too (SPEC §4: it applies the title predicate again before
// display). This runs the whole shared corpus under jsdom, through the same exports, so a
// difference between the environments (regex flags, Unicode tables, JSON import) shows up.
import { describe, expect, it } from 'vitest';
import corpus from '../../src/shared/judge/corpus.json';
import {
  type AmbientKind,
  acceptLine,
  acceptNextPrompt,
  isUsableTitle,
  judgeReply,
  titleLimits,
} from '../../src/shared/judge';
import { displayLabel } from '../../src/shared/label';

interface ReplyCase {
  kind: AmbientKind;
  reply: string;
  expect: 'use' | 'skip' | 'reject';
  text?: string;
  reason?: string;
}

const replies = corpus.replies as ReplyCase[];
const NOW = Date.UTC(2026, 11, 2, 12, 0, 0);

describe('the shared judge corpus in the renderer', () => {
  it('runs in a DOM environment', () => {
    expect(typeof document).toBe('object');
  });

  it('never displays a stored title that holds control characters, and keeps the cleaned one', () => {
    for (const { given, kept } of corpus.titles.cleaned) {
      const label = (title: string) => displayLabel({ title, firstUserLine: null, kind: 'chat', folder: '/src/app', updatedAt: NOW - 60_000 }, NOW);
      expect(label(given)).toEqual({ text: 'Chat · app · 1 min ago', derived: 'facts' });
      expect(label(kept)).toEqual({ text: kept, derived: 'title' });
    }
  });

  it('rejects every rejected title and never displays one', () => {
    const accepted = corpus.titles.rejected.filter((t) => acceptLine(t, titleLimits(7)).ok || isUsableTitle(t));
    expect(accepted).toEqual([]);
    for (const title of corpus.titles.rejected) {
      const label = displayLabel(
        { title, firstUserLine: null, kind: 'chat', folder: '/src/app', updatedAt: NOW - 60_000 },
        NOW,
      );
      expect(label).toEqual({ text: 'Chat · app · 1 min ago', derived: 'facts' });
    }
  });

  it('accepts every accepted title and displays it', () => {
    const rejected = corpus.titles.accepted.filter((t) => !acceptLine(t, titleLimits(7)).ok || !isUsableTitle(t));
    expect(rejected).toEqual([]);
    for (const title of corpus.titles.accepted) {
      const label = displayLabel({ title, firstUserLine: null, kind: 'chat', folder: '', updatedAt: NOW }, NOW);
      expect(label.derived).toBe('title');
    }
  });

  it('judges every reply as main does', () => {
    const wrong = replies.filter((c) => {
      const v = judgeReply(c.reply, c.kind);
      if (v.verdict !== c.expect) return true;
      if (c.text !== undefined && (v.verdict !== 'use' || v.text !== c.text)) return true;
      return c.reason !== undefined && (v.verdict !== 'reject' || v.reason !== c.reason);
    });
    expect(wrong).toEqual([]);
  });

  it('judges every next prompt as main does', () => {
    expect(corpus.nextPrompts.rejected.filter((s) => acceptNextPrompt(s).ok)).toEqual([]);
    expect(corpus.nextPrompts.accepted.filter((s) => !acceptNextPrompt(s).ok)).toEqual([]);
  });
});

// Default names (src/shared/judge/default-name.ts): a tool's name for an unnamed session in
// any of its stamped forms, and the line between that and a person's deliberate "Worker 2".
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDefaultName, isGenericName } from '../../../src/shared/judge/default-name';
import { judgeReply, judgeUserTitle } from '../../../src/shared/judge';

describe('isDefaultName', () => {
  it.each([
    'New session - 2026-12-02T09:14:03.512Z',
    'New Chat (2)',
    'Session #12',
    'Chat 3',
    'Untitled - Dec 2, 2026',
    'Conversation 09:14 AM',
    'New chat 12/02/2026',
    'Chat 1733130843',
    'Thread a1b2c3d',
    'Session 3f2b9c1e-8a7d-4f6e-9b1a-2c3d4e5f6a7b',
    'Claude Code session 2026-12-02',
    'zsh',
    'Terminal 2',
  ])('is a default name: %j', (text) => {
    expect(isDefaultName(text)).toBe(true);
    expect(judgeUserTitle(text)).toMatchObject({ ok: false });
  });

  it.each(['Worker 2', 'Worker task 111', 'Agent 3', 'Batch 2', 'Task 3'])(
    'is generic but a person may name a pane so: %j',
    (text) => {
      expect(isDefaultName(text)).toBe(false);
      expect(isGenericName(text)).toBe(true);
      expect(judgeUserTitle(text)).toEqual({ ok: true, text });
      // A model that answers this said nothing about the session.
      expect(judgeReply(`ANSWER: ${text}`, 'title').verdict).toBe('reject');
    },
  );

  it.each(['Session restore after crash', 'New chat export to markdown', 'Chat 2.0 design review', 'Worker2 crash', '2026 roadmap'])(
    'is a real title: %j',
    (text) => {
      expect(isDefaultName(text)).toBe(false);
      expect(isGenericName(text)).toBe(false);
    },
  );

  it('tells a person why a default name is refused', () => {
    const judged = judgeUserTitle('New session - 2026-12-02T09:14:03.512Z');
    expect(judged).toMatchObject({ ok: false, reason: 'default-name' });
    if (!judged.ok) expect(judged.message).toContain('default name');
  });
});

describe('default names with a stamp, in the usual forms (property)', () => {
  const base = fc.constantFrom('New chat', 'New session', 'Untitled', 'New Thread', 'Session', 'Chat', 'Untitled conversation', 'Claude Code session');
  const when = fc.date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true });
  const stamp = fc.oneof(
    when.map((d) => d.toISOString()),
    when.map((d) => d.toISOString().slice(0, 10)),
    when.map((d) => d.toISOString().replace('T', ' ').slice(0, 16)),
    when.map((d) => d.toLocaleString('en-US', { timeZone: 'UTC' })),
    when.map((d) => d.toLocaleDateString('en-GB', { timeZone: 'UTC' })),
    when.map((d) => d.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' })),
    when.map((d) => d.toUTCString()),
    when.map((d) => String(d.getTime())),
    when.map((d) => String(Math.floor(d.getTime() / 1000))),
    fc.nat({ max: 9999 }).map((n) => `#${n}`),
    fc.nat({ max: 9999 }).map((n) => `(${n})`),
    fc.nat({ max: 9999 }).map(String),
  );
  const sep = fc.constantFrom(' ', ' - ', ' – ', ' · ', ', ', ' @ ', ' at ', ': ');

  it('is a default name from a model and from a person', () => {
    fc.assert(
      fc.property(base, sep, stamp, (name, s, st) => {
        const text = `${name}${s}${st}`;
        expect(isDefaultName(text)).toBe(true);
        expect(judgeUserTitle(text).ok).toBe(false);
        expect(judgeReply(`ANSWER: ${text}`, 'title').verdict).toBe('reject');
      }),
      { numRuns: 1500 },
    );
  });
});

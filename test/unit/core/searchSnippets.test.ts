import { afterEach, describe, expect, it } from 'vitest';
import { SearchSnippetSchema } from '../../../src/shared/domain/searchSnippet';
import { SNIPPET_IDS_MAX } from '../../../src/shared/ipc/sessions';
import { startCore, type Harness } from './harness';

let h: Harness;
afterEach(async () => {
  await h.core.close();
});

describe('sessions:snippets through the router', () => {
  it('answers the search hits\' matching lines, parsed against the contract', async () => {
    h = startCore();
    const a = await h.ok('sessions:create', { kind: 'chat' });
    const b = await h.ok('sessions:create', { kind: 'chat' });
    await h.ok('sessions:send', { id: a.id, text: 'the changelog must mention the <b>xylophone</b> importer' });
    h.core.services.sessions.appendEntry(b.id, 'assistant', 'nothing about instruments');
    const { ids } = await h.ok('sessions:search', { query: 'xyloph' });
    expect(ids).toEqual([a.id]);
    const reply = await h.ok('sessions:snippets', { query: 'xyloph', ids: [a.id, b.id] });
    expect(reply).toEqual({
      snippets: [{ id: a.id, kind: 'user', text: '…mention the <b>xylophone</b> importer', marks: [[16, 25]] }],
    });
  });

  it('refuses bad input with a typed error', async () => {
    h = startCore();
    for (const input of [{ query: 'x', ids: [] }, { query: 'x', ids: Array.from({ length: SNIPPET_IDS_MAX + 1 }, (_, i) => `s${i}`) }, { query: 'x', ids: ['../etc'] }]) {
      const r = await h.call('sessions:snippets', input);
      expect(r.ok ? null : r.error.code).toBe('BAD_INPUT');
    }
  });
});

describe('the snippet schema', () => {
  const base = { id: 's1', kind: 'user', text: 'the kumquat', marks: [[4, 11]] };
  it('takes marks that are in order, non-empty and inside the text', () => {
    expect(SearchSnippetSchema.safeParse(base).success).toBe(true);
    expect(SearchSnippetSchema.safeParse({ ...base, marks: [[0, 3], [4, 11]] }).success).toBe(true);
  });
  it('refuses marks outside the text, empty, overlapping or out of order, and no marks at all', () => {
    for (const marks of [[[4, 12]], [[4, 4]], [[0, 5], [4, 11]], [[4, 11], [0, 3]], [[-1, 2]], []]) {
      expect(SearchSnippetSchema.safeParse({ ...base, marks }).success, JSON.stringify(marks)).toBe(false);
    }
    expect(SearchSnippetSchema.safeParse({ ...base, text: 'x'.repeat(500) }).success).toBe(false);
  });
});

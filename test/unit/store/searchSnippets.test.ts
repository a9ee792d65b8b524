import { describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/main/core/store';
import { SNIPPET_MAX_CHARS, SearchSnippetSchema, type SearchSnippet } from '../../../src/shared/domain/searchSnippet';
import { SNIPPET_LEAD_CHARS } from '../../../src/main/core/store/repos/snippetText';
import { tempDataDir } from './tempDir';

const T0 = Date.UTC(2026, 4, 1);

/** A store on a real SQLite file with one session per entry list (user, assistant, user, …). */
function storeWith(sessions: Record<string, string[]>): Store {
  const { store } = openStore({ dataDir: tempDataDir(), now: () => T0 });
  for (const [id, lines] of Object.entries(sessions)) {
    store.sessions.insert({ id, kind: 'chat', folder: '/w', position: 0, at: T0 });
    lines.forEach((l, i) => store.entries.append(id, i % 2 === 0 ? 'user' : 'assistant', l, null, T0 + i));
  }
  return store;
}

/** The highlighted parts of a snippet, as the renderer draws them. */
const marked = (s: SearchSnippet): string[] => s.marks.map(([a, b]) => s.text.slice(a, b));

function one(store: Store, query: string, id: string): SearchSnippet | undefined {
  const out = store.search.snippets(query, [id]);
  for (const s of out) expect(SearchSnippetSchema.safeParse(s).success, JSON.stringify(s)).toBe(true);
  return out.find((s) => s.id === id);
}

describe('search snippets', () => {
  it('gives the line around the newest match, with the match ranges, and who said it', () => {
    const store = storeWith({ a: ['the socket drops every few minutes', 'I raised the ping interval for the kumquat socket', 'thanks'] });
    const s = one(store, 'kumq', 'a');
    // Short context before the match (a row shows about 30 characters), cut at a word.
    expect(s).toEqual({ id: 'a', kind: 'assistant', text: '…for the kumquat socket', marks: [[9, 16]] });
    expect(marked(s!)).toEqual(['kumquat']);
    // Every word of the query is marked, each typed word by prefix, case folded.
    expect(marked(one(store, 'SOCK drops', 'a')!)).toEqual(['socket', 'drops']);
    store.close();
  });

  it('multibyte text: ranges are UTF-16 positions of the returned text; diacritics fold like the index', () => {
    const store = storeWith({ m: ['🎉🎉 日本語のテキスト — un café crème pour Zoë, 🚀 puis kumquat'] });
    const s = one(store, 'cafe zoe', 'm')!;
    expect(marked(s)).toEqual(['café', 'Zoë']);
    expect(marked(one(store, 'KUMQUAT', 'm')!)).toEqual(['kumquat']);
    expect(marked(one(store, '日本', 'm')!)).toEqual(['日本語のテキスト']);
    store.close();
  });

  it('strips tool markup, and never shows injected context (a system reminder) as the user\'s words', () => {
    const store = storeWith({
      cmd: ['<command-name>/review</command-name> <command-args>the kumquat parser</command-args>'],
      both: ['please rename the kumquat module', 'done', '<system-reminder>The kumquat file changed on disk.</system-reminder>\nfine, go on'],
      only: ['<system-reminder>Remember the xylophone rule.</system-reminder> hello there'],
      after: ['<system-reminder>Todo list is empty.</system-reminder>\nwhy does the kumquat list crash?'],
    });
    const cmd = one(store, 'kumquat', 'cmd')!;
    expect(cmd.text).toBe('/review the kumquat parser');
    expect(marked(cmd)).toEqual(['kumquat']);
    // The newest match is inside a reminder: the snippet is the older thing the user said.
    expect(one(store, 'kumquat', 'both')).toMatchObject({ kind: 'user', text: 'please rename the kumquat module' });
    // Only the reminder matches: no snippet (the session is still a hit).
    expect(store.search.search('xylophone', { includeArchived: false, limit: 10 })).toEqual(['only']);
    expect(one(store, 'xylophone', 'only')).toBeUndefined();
    // Words after a reminder are the user's: the reminder goes, they stay.
    const after = one(store, 'list', 'after')!;
    expect(after.text).toBe('why does the kumquat list crash?');
    expect(marked(after)).toEqual(['list']);
    // A tag name is not a match either.
    expect(one(store, 'command', 'cmd')).toBeUndefined();
    store.close();
  });

  it('plain HTML stays text, and control or bidi characters are taken out', () => {
    const store = storeWith({ h: ['kumquat: <img src=x onerror=alert(1)>\u202e\u0007 end'] });
    const s = one(store, 'kumquat', 'h')!;
    expect(s.text).toBe('kumquat: <img src=x onerror=alert(1)> end');
    expect(marked(s)).toEqual(['kumquat']);
    store.close();
  });

  it('is one bounded line around the match in a long entry, cut on word edges', () => {
    const filler = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
    const store = storeWith({ long: [`${filler(400)}\n\nthe kumquat\nparser ${filler(400)}`] });
    const s = one(store, 'kumquat pars', 'long')!;
    expect(s.text.length).toBeLessThanOrEqual(SNIPPET_MAX_CHARS);
    expect(s.text.startsWith('…word')).toBe(true);
    expect(s.text.endsWith('…')).toBe(true);
    expect(s.text).not.toContain('\n');
    expect(marked(s)).toEqual(['kumquat', 'parser']);
    // A word or two before it for context, and no more: a row shows about 30 characters.
    expect(s.text.indexOf('kumquat')).toBeGreaterThan(4);
    expect(s.text.indexOf('kumquat')).toBeLessThanOrEqual(SNIPPET_LEAD_CHARS + 1);
    store.close();
  });

  it('leaves out sessions without a match, deleted ones, and queries with nothing searchable', () => {
    const store = storeWith({ a: ['kumquat here'], b: ['nothing to see'], c: ['kumquat too'] });
    store.sessions.softDelete('c', T0);
    expect(store.search.snippets('kumquat', ['a', 'b', 'c', 'missing']).map((s) => s.id)).toEqual(['a']);
    expect(store.search.snippets('"*', ['a'])).toEqual([]);
    store.close();
  });

  it('finds what was just said (the index queue is flushed first)', () => {
    const store = storeWith({ a: ['hello'] });
    store.entries.append('a', 'assistant', 'a brand new quokka', null, T0 + 5);
    expect(marked(one(store, 'quokka', 'a')!)).toEqual(['quokka']);
    store.close();
  });
});

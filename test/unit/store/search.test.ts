import { describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/main/core/store';
import { toFtsQuery } from '../../../src/main/core/store/repos/search';
import { tempDataDir } from './tempDir';

const T0 = Date.UTC(2026, 4, 1);
const ALL = { includeArchived: false, limit: 100 };

function seeded(): Store {
  const { store } = openStore({ dataDir: tempDataDir(), now: () => T0 });
  const add = (id: string, title: string | null, lines: string[]) => {
    store.sessions.insert({ id, kind: 'chat', folder: '/w', position: 0, at: T0, title, titleSource: 'imported' });
    lines.forEach((l, i) => store.entries.append(id, i % 2 === 0 ? 'user' : 'assistant', l, null, T0 + i));
  };
  add('kumquat', 'Fix kumquat websocket drops', ['the socket drops every few minutes', 'I raised the ping interval']);
  add('release', 'Release checklist for 1.0', ['the changelog must mention the xylophone importer']);
  add('login', null, ['please fix the login redirect loop on Safari', 'The websocket is unrelated here']);
  store.entries.append('release', 'tool-result', 'zanzibar appears only in a tool result', null, T0 + 9);
  return store;
}

describe('search', () => {
  it('finds a session by a word said in it, by prefix', () => {
    const store = seeded();
    expect(store.search.search('xyloph', ALL)).toEqual(['release']);
    expect(store.search.search('changelog xylo', ALL)).toEqual(['release']);
    expect(store.search.search('Safari', ALL)).toEqual(['login']);
    store.close();
  });

  it('finds a session by title prefix, and title hits come before entry hits', () => {
    const store = seeded();
    expect(store.search.search('kumq', ALL)).toEqual(['kumquat']);
    expect(store.search.search('checkl', ALL)).toEqual(['release']);
    // "websocket" is in kumquat's title and in login's transcript.
    expect(store.search.search('webso', ALL)).toEqual(['kumquat', 'login']);
    store.close();
  });

  it('does not index tool results', () => {
    const store = seeded();
    expect(store.search.search('zanzibar', ALL)).toEqual([]);
    store.close();
  });

  it('leaves out deleted sessions, and archived ones unless asked', () => {
    const store = seeded();
    store.sessions.setArchived('release', true);
    expect(store.search.search('xylo', ALL)).toEqual([]);
    expect(store.search.search('xylo', { ...ALL, includeArchived: true })).toEqual(['release']);
    store.sessions.softDelete('login', T0);
    expect(store.search.search('safari', { ...ALL, includeArchived: true })).toEqual([]);
    store.close();
  });

  it('fills the limit with visible sessions even when the newest matches are archived or deleted', () => {
    const { store } = openStore({ dataDir: tempDataDir(), now: () => T0 });
    for (let i = 0; i < 6; i++) {
      store.sessions.insert({ id: `q${i}`, kind: 'chat', folder: '/w', position: i, at: T0 });
      store.entries.append(`q${i}`, 'user', 'hello there', null, T0 + i); // the first line is searched as a title
      store.entries.append(`q${i}`, 'assistant', `quokka number ${i}`, null, T0 + i);
    }
    store.sessions.setArchived('q5', true);
    store.sessions.softDelete('q4', T0);
    // Most recently active first: q3 spoke last among the visible ones.
    expect(store.search.search('quokka', { includeArchived: false, limit: 3 })).toEqual(['q3', 'q2', 'q1']);
    expect(store.search.search('quokka', { includeArchived: true, limit: 3 })).toEqual(['q5', 'q3', 'q2']);
    store.close();
  });

  it('treats FTS syntax in what the user types as plain text', () => {
    const store = seeded();
    const nasty = ['"', '""', '*', 'AND', 'OR', 'NOT', 'NEAR(', 'NEAR(kumquat', 'kumquat"', '"kumquat', 'title:kumquat',
      '^kumquat', 'kumquat AND', '-kumquat', '(', ')', '{title}: x', 'kum*quat', "'", '\\', 'a"b"c', 'NEAR(a b, 2)', '\u0000'];
    for (const q of nasty) expect(() => store.search.search(q, ALL), q).not.toThrow();
    // Operators are words like any other: "AND" only matches text containing a word starting with "and".
    expect(store.search.search('AND', ALL)).toEqual([]);
    expect(store.search.search('"kumquat', ALL)).toEqual(['kumquat']);
    expect(store.search.search('NEAR(kumquat', ALL)).toEqual([]);
    expect(store.search.search('title:kumquat', ALL)).toEqual([]);
    expect(store.search.search('   ', ALL)).toEqual([]);
    store.close();
  });

  it('quotes every token of the query', () => {
    expect(toFtsQuery('fix  web"so')).toBe('"fix"* "web""so"*');
    expect(toFtsQuery('NEAR( * "')).toBe('"NEAR("*');
    expect(toFtsQuery('** ""')).toBeNull();
  });
});

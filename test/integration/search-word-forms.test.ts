import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STEM_FILL_DELAY_MS, STEM_FILL_INTERVAL_MS } from '../../src/main/core/services/housekeeping';
import { DB_FILE_NAME } from '../../src/main/core/store';
import { startCore, type Harness } from '../unit/core/harness';
import { until } from '../support/until';

/**
 * Issue 34: the words people type find the words that were said, through the search handler
 * of a real core on a real SQLite file: imported Claude Code and Codex history, a chat, a
 * terminal's recorded line and a title, each found by another form of a word in it.
 */
const FIXTURES = join(__dirname, '../fixtures/import');

const claudeLine = (type: 'user' | 'assistant', text: string, ts: string) =>
  JSON.stringify({
    type,
    isSidechain: false,
    sessionId: 'cccc3333',
    cwd: '/home/dev/src/shop',
    timestamp: ts,
    message: type === 'user' ? { role: 'user', content: text } : { role: 'assistant', content: [{ type: 'text', text }] },
  }) + '\n';

/** Claude Code history that says "decorator" (after its first line) and a Codex rollout that says "round". */
function history(): { claude: string; codex: string } {
  const home = mkdtempSync(join(tmpdir(), 'sd-word-forms-'));
  const claude = join(home, '.claude/projects');
  const codex = join(home, '.codex/sessions');
  mkdirSync(join(claude, '-home-dev-src-shop'), { recursive: true });
  mkdirSync(join(codex, '2026/11/20'), { recursive: true });
  writeFileSync(
    join(claude, '-home-dev-src-shop/cccc3333-0000-4000-8000-000000000003.jsonl'),
    claudeLine('user', 'look at the cache layer', '2026-11-01T10:00:00Z') + claudeLine('assistant', 'The cache is a Python decorator around fetch.', '2026-11-01T10:00:05Z'),
  );
  copyFileSync(join(FIXTURES, 'codex-rollout.jsonl'), join(codex, '2026/11/20/rollout-2026-11-20T10-00-00-0199a1b2.jsonl'));
  return { claude, codex };
}

let h: Harness | undefined;
afterEach(async () => {
  await h?.core.close();
  h = undefined;
});

async function search(query: string, whole: boolean): Promise<string[]> {
  return (await h!.ok('sessions:search', { query, whole })).ids;
}

describe('search finds the words people type (issue 34)', () => {
  it('"decorators", "retries", "failing" and "rounding" find what was said, in imported history, a chat, a terminal and a title', async () => {
    const { claude, codex } = history();
    h = startCore({ env: { SWARMDESK_IMPORT: 'on', SWARMDESK_IMPORT_CLAUDE_DIRS: claude, SWARMDESK_IMPORT_CODEX_DIRS: codex } });
    await h.ok('import:rescan', {});
    const rows = h.core.services.sessions.list(false);
    const claudeId = rows.find((r) => r.backendId?.startsWith('cccc3333'))!.id;
    const codexId = rows.find((r) => r.backendId === '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')!.id;
    const chat = await h.ok('sessions:create', { kind: 'chat', folder: h.dataDir });
    await h.ok('sessions:send', { id: chat.id, text: 'hello' });
    h.core.services.sessions.appendEntry(chat.id, 'assistant', 'I added a retry with backoff.');
    const terminal = await h.ok('sessions:create', { kind: 'terminal', folder: h.dataDir });
    h.core.services.sessions.recordEntry(terminal.id, 'user', 'echo the deploy failed', { source: 'terminal' });
    const titled = await h.ok('sessions:create', { kind: 'chat', folder: h.dataDir });
    await h.ok('sessions:rename', { id: titled.id, title: 'Flaky migrations' });

    expect(await search('decorators', true)).toEqual([claudeId]);
    expect(await search('retries', true)).toEqual([chat.id]);
    expect(await search('failing', true)).toEqual([terminal.id]);
    expect(await search('rounding', true)).toEqual([codexId]);
    expect(await search('migration', true)).toEqual([titled.id]);
    // As you type, prefixes: "decorat" finds; "decorators" still being typed is only a prefix.
    expect(await search('decorat', false)).toEqual([claudeId]);
    expect(await search('decorators', false)).toEqual([]);
    // A whole word before one being typed: "retries back" finds "retry with backoff".
    expect(await search('retries back', false)).toEqual([chat.id]);
    // The snippet marks the word as it was found.
    const { snippets } = await h.ok('sessions:snippets', { query: 'decorators', ids: [claudeId] });
    const [s] = snippets;
    expect(s!.text.slice(...s!.marks[0]!)).toBe('decorator');
  });

  it('SWARMDESK_STEMMED_SEARCH=off searches as before: prefixes only', async () => {
    h = startCore({ env: { SWARMDESK_STEMMED_SEARCH: 'off' } });
    const chat = await h.ok('sessions:create', { kind: 'chat', folder: h.dataDir });
    h.core.services.sessions.appendEntry(chat.id, 'assistant', 'I added a retry with backoff.');
    expect(await search('retries', true)).toEqual([]);
    expect(await search('retr', false)).toEqual([chat.id]);
  });

  it('a start does not wait for the fill: search works as before until the background fill is done', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sd-word-forms-data-'));
    h = startCore({ dataDir });
    const rows = [];
    for (let i = 0; i < 30; i++) {
      const row = await h.ok('sessions:create', { kind: 'chat', folder: dataDir });
      h.core.services.sessions.appendEntry(row.id, 'assistant', i === 0 ? 'the retry helped' : `nothing ${i} here`);
      rows.push(row);
    }
    await h.core.close();
    // As migration 014 leaves an older database: the stemmed indexes empty, the fill at the top.
    const db = new Database(join(dataDir, DB_FILE_NAME));
    db.exec(`
      INSERT INTO entries_stem (entries_stem) VALUES ('delete-all');
      INSERT INTO sessions_stem (sessions_stem) VALUES ('delete-all');
      UPDATE stem_fill SET entries_below = (SELECT max(id) + 1 FROM entries), sessions_below = (SELECT max(rid) + 1 FROM sessions);
    `);
    db.close();

    h = startCore({ dataDir });
    const store = h.core.services.store;
    // Open and answering with nothing of the fill done.
    expect(store.stemFill.filled()).toBe(false);
    expect(store.stemFill.remaining()).toMatchObject({ sessions: 30 });
    expect(await search('retries', true)).toEqual([]);
    expect(await search('retr', false)).toEqual([rows[0]!.id]);
    h.clock.advance(STEM_FILL_DELAY_MS - 1);
    expect(store.stemFill.remaining()).toMatchObject({ sessions: 30 });
    h.clock.advance(1);
    await until(() => {
      h!.clock.advance(STEM_FILL_INTERVAL_MS);
      return store.stemFill.done();
    }, { message: 'the stemmed index filled and merged' });
    expect(await search('retries', true)).toEqual([rows[0]!.id]);
  });
});

import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ImportService } from '../../src/main/core/agents/import/importService';
import { CoreEvents } from '../../src/main/core/events';
import { CoreHooks, SessionsService, systemClock } from '../../src/main/core/services';
import { openStore, type Store } from '../../src/main/core/store';
import { displayLabel } from '../../src/shared/label';

/**
 * Imported history as its own tool shows it (issue 14 §6), through the real
 * importer (its worker thread) into a real SQLite file: the conversation
 * Claude Code resumes, injected context apart from the user's words, and
 * every file with a good line a session.
 */
const FIXTURES = join(__dirname, '../fixtures/import');
const REWOUND_ID = '5b1f2c3d-8e9a-4b7c-9d0e-1f2a3b4c5d6e';
/** A file whose records all carry `parentUuid: null` (older tools, other projects' fixtures). */
const NULL_PARENTS_ID = '3e7a9c1d-4b2f-4e8a-9c6d-2f1e0a9b8c7d';

function history(): { home: string; rewound: string } {
  const home = mkdtempSync(join(tmpdir(), 'sd-fidelity-'));
  const claude = join(home, '.claude/projects/-home-dev-src-kumquat');
  const codex = join(home, '.codex/sessions/2026/12/03');
  mkdirSync(claude, { recursive: true });
  mkdirSync(codex, { recursive: true });
  const rewound = join(claude, `${REWOUND_ID}.jsonl`);
  copyFileSync(join(FIXTURES, 'claude-code-rewound.jsonl'), rewound);
  copyFileSync(join(FIXTURES, 'claude-code-garbage.jsonl'), join(claude, '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f.jsonl'));
  copyFileSync(join(FIXTURES, 'codex-cut.jsonl'), join(codex, 'rollout-2026-12-03T08-00-00-019a7c2e.jsonl'));
  copyFileSync(join(FIXTURES, 'codex-rollout.jsonl'), join(codex, 'rollout-2026-11-20T10-00-00-0199a1b2.jsonl'));
  const ledger = join(home, '.claude/projects/-home-dev-src-ledger');
  mkdirSync(ledger, { recursive: true });
  copyFileSync(join(FIXTURES, 'claude-code-null-parents.jsonl'), join(ledger, `${NULL_PARENTS_ID}.jsonl`));
  return { home, rewound };
}

describe('imported history fidelity (real store, real import worker)', () => {
  let store: Store | null = null;
  let service: ImportService | null = null;
  afterEach(async () => {
    await service?.stop();
    store?.close();
  });

  it('keeps the resumed conversation, context apart from the words, and every file with a good line', async () => {
    const { home, rewound } = history();
    store = openStore({ dataDir: mkdtempSync(join(tmpdir(), 'sd-fidelity-data-')) }).store;
    const sessions = new SessionsService({ store, events: new CoreEvents(), hooks: new CoreHooks(), clock: systemClock, defaultFolder: tmpdir() });
    service = new ImportService({ store, sessions, env: { SWARMDESK_IMPORT: 'on' }, home });

    const report = await service.rescan();
    const last = report.last!;
    expect(last.files).toBe(5);
    expect(last.sessionsCreated).toBe(5); // the cut Codex rollout too
    expect(last.unreadableLines).toBe(3); // two garbage lines, one cut last line
    expect(last.rewoundRecords).toBe(2);

    const rows = store.sessions.list(false);
    const byBackend = new Map(rows.map((r) => [r.backendId, r]));
    const kumquat = byBackend.get(REWOUND_ID)!;
    const entries = store.entries.page(kumquat.id, undefined, 100).entries;
    expect(entries.map((e) => `${e.kind}: ${e.text.split('\n')[0]}`)).toEqual([
      'user: the websocket drops every few minutes, find out why',
      "assistant: The client never answers the server's ping, so the proxy closes idle sockets after 60 s.",
      'note: Rewound: 2 messages not kept',
      'user: rewrite the whole client in rust',
      'assistant: Starting the Rust port: a tokio runtime and tungstenite for the socket.',
      'user: just raise the ping interval instead',
      "assistant: I set PING_MS to 25 s, below the proxy's 60 s idle timeout.",
      'summary: This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:',
      'context: <ide_selection>The user selected lines 3 to 4 from src/socket.ts:',
      'user: add a test for the reconnect',
      'context: <system-reminder>',
      'assistant: Added reconnect.test.ts: it drops the socket and expects a reconnect within 2 s.',
      'context: <command-name>/cost</command-name>',
      'context: <local-command-stdout>Total cost: $0.42</local-command-stdout>',
    ]);
    expect(entries[2]?.meta).toEqual({ rewound: 2 });
    // The abandoned attempt is kept after its note, each entry marked (issue 28).
    expect([entries[3]?.meta, entries[4]?.meta]).toEqual([{ rewoundBranch: true }, { model: 'claude-opus-5-5', rewoundBranch: true }]);
    expect(entries.filter((e) => e.meta?.['rewoundBranch'] === true)).toHaveLength(2);
    expect(entries[10]?.meta).toEqual({ label: 'System reminder' });
    // No user entry holds a tag; the user's words are exactly what they typed.
    expect(entries.filter((e) => e.kind === 'user').some((e) => /<[a-z_-]+>/.test(e.text))).toBe(false);

    // A word only inside the system reminder finds nothing: the reminder is not the user's words
    // and not indexed. The user's own words are found.
    expect(store.search.search('zanzibar', { limit: 20, includeArchived: false })).toEqual([]);
    expect(store.search.search('reconnect', { limit: 20, includeArchived: false })).toContain(kumquat.id);
    // The abandoned attempt's words are still found, and the result says they were rewound; the kept ones' are not marked.
    expect(store.search.search('tokio', { limit: 20, includeArchived: false })).toEqual([kumquat.id]);
    expect(store.search.snippets('tokio', [kumquat.id])).toEqual([expect.objectContaining({ id: kumquat.id, kind: 'assistant', rewound: true })]);
    expect(store.search.snippets('PING_MS', [kumquat.id])[0]).not.toHaveProperty('rewound');

    const cut = byBackend.get('019a7c2e-5d41-7b3a-9f10-2c3d4e5f6a7b')!;
    expect(displayLabel(cut, Date.now()).text).toBe('why is the ledger balance off by one cent?');
    expect(store.entries.page(cut.id, undefined, 10).entries.map((e) => e.text)).toEqual(['why is the ledger balance off by one cent?']);
    const garbled = byBackend.get('7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f')!;
    expect(store.entries.count(garbled.id)).toBe(3);
    // Every record's parentUuid null: one transcript in file order, every message searchable.
    const ledger = byBackend.get(NULL_PARENTS_ID)!;
    const ledgerEntries = store.entries.page(ledger.id, undefined, 100).entries;
    expect(ledgerEntries.map((e) => e.kind)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(ledgerEntries[0]?.text).toBe('why does the invoice exporter skip the marmalade customer');
    expect(ledgerEntries.some((e) => /Rewound/.test(e.text))).toBe(false);
    for (const word of ['marmalade', 'quarterly', 'penny', 'regression', 'suite', 'pelican']) {
      expect([word, store.search.search(word, { limit: 20, includeArchived: false })]).toEqual([word, [ledger.id]]);
    }

    const codex = byBackend.get('0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')!;
    expect(displayLabel(codex, Date.now()).text).toBe('why does the invoice total round down?');

    // The user rewinds again, later, in the live file: a note and the new branch are appended; nothing committed changes.
    const before = entries.map((e) => [e.seq, e.text]);
    const u = (n: number) => `${n.toString(16).padStart(8, '0')}-1111-4222-8333-${n.toString(16).padStart(12, '0')}`;
    appendFileSync(
      rewound,
      JSON.stringify({ parentUuid: u(11), isSidechain: false, type: 'user', sessionId: REWOUND_ID, cwd: '/home/dev/src/kumquat', message: { role: 'user', content: 'make the test use fake timers' }, uuid: u(20), timestamp: '2026-12-01T11:05:00.000Z' }) + '\n',
    );
    const again = await service.rescan();
    expect(again.last?.filesRead).toBe(1);
    const after = store.entries.page(kumquat.id, undefined, 100).entries;
    expect(after.slice(0, before.length).map((e) => [e.seq, e.text])).toEqual(before);
    expect(after.slice(before.length).map((e) => `${e.kind}: ${e.text}`)).toEqual(['note: Rewound: 2 messages not kept', 'user: make the test use fake timers']);
    expect(store.integrityProblem()).toBeNull();
  });
});

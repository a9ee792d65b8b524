// Issue 9 "Import that keeps up": the newest sessions are imported first, every batch is searchable
// once committed, and the result is exactly what a straight import of each file leaves (all entries,
// in order, no loss, no duplicate), however many batches a file takes.
import { mkdirSync, mkdtempSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CoreEvents } from '../../src/main/core/events';
import { openStore, type Store } from '../../src/main/core/store';
import { ImportIndexer } from '../../src/main/core/agents/import/indexer';
import { DEFAULT_FILE_IMPORT_OPTIONS, importFile } from '../../src/main/core/agents/import/fileImporter';
import { emptyCounts, type ImportedEntry } from '../../src/main/core/agents/import/types';
import type { ImportBatchInput } from '../../src/main/core/services/importBatch';
import { CoreHooks, SessionsService, systemClock } from '../../src/main/core/services';

const BATCH = { batchEntries: 40, batchChars: 20_000 };

function line(sessionId: string, i: number, kind: 'user' | 'assistant' | 'tool', extra = ''): string {
  const ts = new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString();
  const base = { isSidechain: false, sessionId, cwd: '/home/dev/src/order', timestamp: ts, uuid: `${sessionId}-${i}` };
  if (kind === 'user') return JSON.stringify({ ...base, type: 'user', message: { role: 'user', content: `question ${i} ${extra}` } });
  if (kind === 'assistant') return JSON.stringify({ ...base, type: 'assistant', message: { role: 'assistant', content: [{ type: 'thinking', thinking: `hmm ${i}` }, { type: 'text', text: `answer ${i} ${extra}` }] } });
  return JSON.stringify({ ...base, type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${i}`, content: `output ${i} `.repeat(50) }] } });
}

/** Six sessions with distinct mtimes; the second newest is long (many batches) and ends with a word of its own. */
function tree(): { root: string; byAge: string[]; big: string } {
  const root = mkdtempSync(join(tmpdir(), 'sd-import-order-'));
  const byAge: string[] = [];
  let big = '';
  for (let s = 0; s < 6; s++) {
    const dir = join(root, `-home-dev-src-p${s % 2}`);
    mkdirSync(dir, { recursive: true });
    const id = `cccc${s}000-0000-4000-8000-00000000000${s}`;
    const n = s === 1 ? 1_500 : 6;
    const lines: string[] = [];
    for (let i = 0; i < n; i++) lines.push(line(id, i, i === n - 1 || i % 3 === 1 ? 'assistant' : i % 3 === 0 ? 'user' : 'tool', i === n - 1 ? `lastword${s}` : ''));
    // A subagent's transcript is not a session of its own.
    if (s === 2) {
      mkdirSync(join(dir, id, 'subagents'), { recursive: true });
      writeFileSync(join(dir, id, 'subagents', 'agent-1.jsonl'), line(id, 0, 'user') + '\n');
    }
    const file = join(dir, `${id}.jsonl`);
    writeFileSync(file, lines.join('\n') + '\n');
    // s = 0 is the newest; names do not follow age.
    const at = Date.UTC(2026, 10, 30) / 1000 - s * 3_600;
    utimesSync(file, at, at);
    byAge.push(id);
    if (s === 1) big = file;
  }
  return { root, byAge, big };
}

/** Every entry of a file read straight through in one go (the reference). */
async function straight(file: string): Promise<ImportedEntry[]> {
  const out: ImportedEntry[] = [];
  await importFile(file, 'claude-code', statSync(file), undefined, { ...DEFAULT_FILE_IMPORT_OPTIONS, batchEntries: 1e9, batchChars: 1e12 }, emptyCounts(), async (b) => {
    out.push(...b.entries);
  });
  return out;
}

describe('import order and identity (real store, real worker thread)', () => {
  let store: Store | null = null;
  let indexer: ImportIndexer | null = null;
  afterEach(async () => {
    await indexer?.stop();
    store?.close();
  });

  it('imports newest first, searchable batch by batch, leaving exactly what a straight import leaves', async () => {
    const t = tree();
    store = openStore({ dataDir: mkdtempSync(join(tmpdir(), 'sd-import-order-data-')) }).store;
    const s = store;
    const sessions = new SessionsService({ store: s, events: new CoreEvents(), hooks: new CoreHooks(), clock: systemClock, defaultFolder: tmpdir() });
    const created: string[] = [];
    const pendingAfterBatch: number[] = [];
    const batchSizes: number[] = [];
    const importBatches = sessions.importBatches.bind(sessions);
    const spy: Pick<SessionsService, 'importBatches'> = {
      importBatches(run, limit) {
        return importBatches(
          (commit) =>
            run((input: ImportBatchInput) => {
              if (input.target.kind === 'create') created.push(input.target.backendId);
              batchSizes.push(input.entries.length);
              const r = commit(input);
              pendingAfterBatch.push(s.entries.pendingIndex());
              return r;
            }),
          limit,
        );
      },
    };
    indexer = new ImportIndexer({ store: s, sessions: spy, roots: [{ path: t.root, source: 'claude-code' }], fileOptions: BATCH });
    const report = await indexer.scan();
    expect(report.counts.files).toBe(6);
    expect(report.counts.filesFailed).toBe(0);

    // Newest first, whatever the folder and file names.
    expect(created).toEqual(t.byAge);
    // The long file took many bounded batches, and each left nothing waiting for the search index.
    expect(batchSizes.length).toBeGreaterThan(20);
    expect(Math.max(...batchSizes)).toBeLessThanOrEqual(BATCH.batchEntries + 1);
    expect(pendingAfterBatch.every((n) => n === 0)).toBe(true);

    // Each session holds exactly the file's entries, in order, seqs 0..n-1.
    const rows = s.sessions.list(false).filter((r) => r.kind === 'imported');
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      const file = s.importFiles.bySession(row.id)?.path as string;
      const want = await straight(file);
      const got = s.entries.page(row.id, undefined, 100_000).entries;
      expect(got.map((e) => e.seq)).toEqual(want.map((_, i) => i));
      expect(got.map((e) => ({ kind: e.kind, text: e.text, meta: e.meta, createdAt: e.createdAt }))).toEqual(
        want.map((e) => ({ kind: e.kind, text: e.text, meta: e.meta, createdAt: e.createdAt })),
      );
    }
    const bigId = s.importFiles.all().find((f) => f.path === t.big)?.sessionId;
    expect(s.search.search('lastword1', { includeArchived: false, limit: 10 })).toEqual([bigId]);

    // A second scan of the unchanged tree adds nothing.
    const again = await indexer.scan();
    expect(again.counts.filesUnchanged).toBe(6);
    expect(s.entries.count(bigId as string)).toBe((await straight(t.big)).length);
  });
});

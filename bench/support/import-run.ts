// One import as the app runs it, in its own process (so the parent can sample the process tree's
// memory): the real core (`createCore`: store, sessions service, import worker, housekeeping's
// indexing) started on an empty data folder with a generated history as its Claude Code root. While
// the import streams, the search box is typed into every 25 ms through the router, as the renderer
// would. Prints one JSON line of times in ms from the start of createCore.
// Usage: npx tsx bench/support/import-run.ts <history dir> <marker word> <big word>
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCore } from '../../src/main/core/app';
import { setLogSink } from '../../src/main/core/logger';
import type { ImportRunTimes as Times } from './importTimes';

setLogSink(() => {});

const [historyDir, markerWord, bigWord] = process.argv.slice(2) as [string, string, string];
const dataDir = mkdtempSync(join(tmpdir(), 'swarmdesk-bench-import-data-'));
const empty = mkdtempSync(join(tmpdir(), 'swarmdesk-bench-import-none-'));

async function main(): Promise<void> {
  const t0 = performance.now();
  const core = createCore({
    dataDir,
    platform: { transport: 'web', openExternal: async () => false },
    defaultFolder: empty,
    env: { ...process.env, HOME: empty, SWARMDESK_IMPORT: 'on', SWARMDESK_IMPORT_CLAUDE_DIRS: historyDir, SWARMDESK_IMPORT_CODEX_DIRS: empty, SWARMDESK_AMBIENT_PROVIDER: 'offline' },
  });
  const since = () => Math.round(performance.now() - t0);
  const ctx = { transport: 'test' as const };
  const times: Times = { firstScreenMs: null, markerMs: null, bigMs: null, bigLastPageMs: null, bigLastPageOk: false, importDoneMs: null, indexedMs: null, entries: 0, sessions: 0, bytesRead: 0, againMs: null, reopenPageMs: null, reopenRssMb: null };
  let bigId: string | null = null;
  const search = async (query: string): Promise<string[]> => {
    const r = await core.router.handle('sessions:search', { query }, ctx);
    if (!r.ok) throw new Error(`search failed: ${JSON.stringify(r)}`);
    return (r.value as { ids: string[] }).ids;
  };
  const deadline = 600_000;
  const mem = { heapTotalMb: 0, externalMb: 0, rssMb: 0 };
  const memTimer = setInterval(() => {
    const m = process.memoryUsage();
    mem.heapTotalMb = Math.max(mem.heapTotalMb, Math.round(m.heapTotal / 1048576));
    mem.externalMb = Math.max(mem.externalMb, Math.round(m.external / 1048576));
    mem.rssMb = Math.max(mem.rssMb, Math.round(m.rss / 1048576));
  }, 20);
  while (since() < deadline) {
    if (times.firstScreenMs === null) {
      const r = await core.router.handle('sessions:list', {}, ctx);
      if (r.ok && (r.value as unknown[]).length >= 20) times.firstScreenMs = since();
    }
    if (times.markerMs === null && (await search(markerWord)).length > 0) times.markerMs = since();
    if (times.bigMs === null) {
      const ids = await search(bigWord);
      if (ids.length > 0) {
        times.bigMs = since();
        // Its last answer on screen: the session's last page, asked while the rest still streams in.
        const p0 = performance.now();
        bigId = ids[0] ?? null;
        const page = await core.router.handle('entries:page', { id: ids[0] }, ctx);
        times.bigLastPageMs = Math.round(performance.now() - p0);
        const entries = page.ok ? (page.value as { entries: Array<{ text: string }> }).entries : [];
        times.bigLastPageOk = entries.some((e) => e.text.includes(bigWord));
      }
    }
    const report = core.services.imports.status().last;
    if (times.importDoneMs === null && report && !core.services.imports.importing) {
      times.importDoneMs = since();
      times.entries = report.entries;
      times.sessions = report.sessionsCreated;
      times.bytesRead = report.bytesRead;
    }
    if (times.importDoneMs !== null && times.indexedMs === null && core.services.store.entries.pendingIndex() === 0) times.indexedMs = since();
    // Done when the scan reported and everything is indexed (a word never found stays null).
    if (times.indexedMs !== null) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  clearInterval(memTimer);
  process.stderr.write(`main thread peaks: ${JSON.stringify(mem)}\n`);
  await core.close();
  if (process.argv.includes('--again')) {
    const a0 = performance.now();
    const again = createCore({
      dataDir,
      platform: { transport: 'web', openExternal: async () => false },
      defaultFolder: empty,
      env: { ...process.env, HOME: empty, SWARMDESK_IMPORT: 'on', SWARMDESK_IMPORT_CLAUDE_DIRS: historyDir, SWARMDESK_IMPORT_CODEX_DIRS: empty, SWARMDESK_AMBIENT_PROVIDER: 'offline' },
    });
    while (again.services.imports.importing || again.services.imports.status().last === null) await new Promise((r) => setTimeout(r, 5));
    times.againMs = Math.round(performance.now() - a0);
    if (bigId) {
      const rss0 = process.memoryUsage().rss;
      const p0 = performance.now();
      const page = await again.router.handle('entries:page', { id: bigId }, ctx);
      times.reopenPageMs = Math.round(performance.now() - p0);
      if (!page.ok) throw new Error('reopening the big session failed');
      times.reopenRssMb = Math.max(0, Math.round((process.memoryUsage().rss - rss0) / 1024 / 1024));
    }
    await again.close();
  }
  process.stdout.write(`${JSON.stringify(times)}\n`);
}

main()
  .catch((err: unknown) => {
    process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
    process.exitCode = 1;
  })
  .finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(empty, { recursive: true, force: true });
  });

// Import benchmarks (SPEC §13): `npx tsx bench/import.bench.ts`.
// 1. Cold index of a tree of Claude Code-shaped transcripts (default 1 GB):
//    seconds, MB/s, peak RSS. Target: <= 15 s, < 300 MB.
// 2. Re-index of the unchanged tree. Target: < 1 s.
// 3. Reopening a 100 MB session at its last page (a fresh store connection):
//    time and RSS delta. Target: 0.5 s, <= 150 MB.
// The trees are generated once under the OS temp dir and reused.
// Sizes: SWARMDESK_BENCH_IMPORT_MB (tree, default 1024), SWARMDESK_BENCH_OPEN_MB (one session, default 100).
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, type WriteStream } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CoreEvents } from '../src/main/core/events';
import { setLogSink } from '../src/main/core/logger';
import { openStore } from '../src/main/core/store';
import { ImportIndexer } from '../src/main/core/agents/import/indexer';
import { CoreHooks, SessionsService, systemClock } from '../src/main/core/services';

setLogSink(() => {});

/** Imported batches go through the sessions service, as in the app. */
const writer = (store: ReturnType<typeof openStore>['store']) =>
  new SessionsService({ store, events: new CoreEvents(), hooks: new CoreHooks(), clock: systemClock, defaultFolder: tmpdir() });

const TREE_MB = Number(process.env.SWARMDESK_BENCH_IMPORT_MB ?? 1024);
const OPEN_MB = Number(process.env.SWARMDESK_BENCH_OPEN_MB ?? 100);
const MB = 1024 * 1024;

// ---------- deterministic, realistic-looking content ----------
let seed = 7;
function rand(): number {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
}
const WORDS = (
  'the a to of and in is it that for on with this we you can should test fix error file function change add ' +
  'update build run failing passes check code line value type return import module server client request ' +
  'response websocket timeout retry loop redirect login session token cache config path branch commit merge ' +
  'deploy release version bug issue logs output command npm node typescript react component state store query'
).split(' ');
function words(n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)] as string);
  return out.join(' ');
}
// Big payloads reuse slices of one pool so generating 1 GB is I/O, not CPU.
const POOL = Array.from({ length: 4_000 }, () => words(12)).join('\n');
function blob(chars: number): string {
  const start = Math.floor(rand() * Math.max(1, POOL.length - chars));
  let s = POOL.slice(start, start + chars);
  while (s.length < chars) s += POOL.slice(0, chars - s.length);
  return s;
}
const B64 = Buffer.from(blob(200_000)).toString('base64');

function uuid(): string {
  const h = () => Math.floor(rand() * 0x10000).toString(16).padStart(4, '0');
  return `${h()}${h()}-${h()}-4${h().slice(1)}-8${h().slice(1)}-${h()}${h()}${h()}`;
}

/** Writes one Claude Code-shaped session of about `bytes`; returns bytes written. */
async function writeSession(file: string, bytes: number, cwd: string): Promise<number> {
  const out: WriteStream = createWriteStream(file);
  const sessionId = uuid();
  const base = { isSidechain: false, userType: 'external', entrypoint: 'cli', cwd, sessionId, version: '2.1.332', gitBranch: 'main' };
  let written = 0;
  let t = Date.parse('2026-10-01T08:00:00Z') + Math.floor(rand() * 1e9);
  let parent: string | null = null;
  const put = async (obj: Record<string, unknown>): Promise<void> => {
    const line = JSON.stringify(obj) + '\n';
    written += Buffer.byteLength(line);
    if (!out.write(line)) await new Promise<void>((r) => out.once('drain', () => r()));
  };
  const rec = (type: string, extra: Record<string, unknown>): Record<string, unknown> => {
    const uuidNow = uuid();
    t += 1_000 + Math.floor(rand() * 20_000);
    const r = { parentUuid: parent, ...base, type, uuid: uuidNow, timestamp: new Date(t).toISOString(), ...extra };
    parent = uuidNow;
    return r;
  };
  await put({ type: 'mode', mode: 'normal', sessionId });
  // Real files carry ~150 KB of attachment / api-request / cost-state records even for one turn.
  await put({ parentUuid: null, ...base, attachment: { type: 'file', filename: 'CLAUDE.md', content: B64.slice(0, 150_000) }, type: 'attachment', uuid: uuid() });
  let turn = 0;
  while (written < bytes) {
    turn += 1;
    await put(rec('user', { message: { role: 'user', content: `${words(8 + Math.floor(rand() * 40))} (turn ${turn})` } }));
    await put(rec('assistant', { message: { id: `msg_${turn}`, role: 'assistant', model: 'claude-opus-5-5', content: [{ type: 'thinking', thinking: blob(400 + Math.floor(rand() * 1_200)), signature: B64.slice(0, 300) }] } }));
    const tools = 1 + Math.floor(rand() * 3);
    for (let i = 0; i < tools; i++) {
      const id = `toolu_${turn}_${i}`;
      await put(rec('assistant', { message: { id: `msg_${turn}`, role: 'assistant', model: 'claude-opus-5-5', content: [{ type: 'tool_use', id, name: 'Read', input: { file_path: `${cwd}/src/file${i}.ts` } }] } }));
      const output = blob(1_000 + Math.floor(rand() * 12_000));
      await put(rec('user', { message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content: output }] }, toolUseResult: { type: 'text', file: { filePath: `${cwd}/src/file${i}.ts`, content: output } } }));
    }
    await put(rec('assistant', { message: { id: `msg_${turn}`, role: 'assistant', model: 'claude-opus-5-5', content: [{ type: 'text', text: blob(300 + Math.floor(rand() * 1_500)) }], usage: { input_tokens: 1000, output_tokens: 200 } } }));
    await put(rec('system', { subtype: 'turn_duration', durationMs: 4_000 }));
    if (rand() < 0.35) await put({ parentUuid: parent, ...base, attachment: { type: 'file', content: B64.slice(0, 140_000 + Math.floor(rand() * 25_000)) }, type: 'attachment', uuid: uuid() });
    if (rand() < 0.2) await put({ type: 'api-request-body', sessionId, body: B64.slice(0, 40_000) });
    if (rand() < 0.1) await put({ type: 'cost-state', sessionId, state: B64.slice(0, 20_000) });
    if (rand() < 0.1) await put({ type: 'file-history-snapshot', messageId: uuid(), snapshot: { trackedFileBackups: {} } });
  }
  await put({ type: 'ai-title', aiTitle: `${words(3)} in ${cwd.split('/').pop()}`, sessionId });
  if (rand() < 0.2) await put({ type: 'custom-title', customTitle: `Renamed ${words(2)}`, sessionId });
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return written;
}

/** A tree of sessions totalling about `mb`: mostly small (0.2–3 MB), some large (10–40 MB). */
async function ensureTree(dir: string, mb: number): Promise<void> {
  const marker = join(dir, '.complete');
  if (existsSync(marker)) return;
  rmSync(dir, { recursive: true, force: true });
  const t0 = performance.now();
  let total = 0;
  let n = 0;
  while (total < mb * MB) {
    const project = `-home-dev-src-project${n % 40}`;
    mkdirSync(join(dir, project), { recursive: true });
    const size = rand() < 0.03 ? (10 + rand() * 30) * MB : (0.2 + rand() * 2.8) * MB;
    total += await writeSession(join(dir, project, `${uuid()}.jsonl`), Math.min(size, mb * MB - total + 1), `/home/dev/src/project${n % 40}`);
    n += 1;
  }
  writeFileSync(marker, `${n} sessions, ${total} bytes\n`);
  console.log(`generated ${n} sessions, ${(total / MB).toFixed(0)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s under ${dir}`);
}

async function ensureOne(dir: string, mb: number): Promise<void> {
  const marker = join(dir, '.complete');
  if (existsSync(marker)) return;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, '-home-dev-src-big'), { recursive: true });
  const total = await writeSession(join(dir, '-home-dev-src-big', `${uuid()}.jsonl`), mb * MB, '/home/dev/src/big');
  writeFileSync(marker, `${total} bytes\n`);
}

/** Samples RSS (the process: main thread, worker and SQLite) until stopped. */
function rssSampler(): { stop(): number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}

const fmtMb = (b: number): string => `${(b / MB).toFixed(0)} MB`;

async function main(): Promise<void> {
  const treeDir = join(tmpdir(), `swarmdesk-bench-import-${TREE_MB}mb`);
  const oneDir = join(tmpdir(), `swarmdesk-bench-open-${OPEN_MB}mb`);
  await ensureTree(treeDir, TREE_MB);
  await ensureOne(oneDir, OPEN_MB);

  // 1. Cold index.
  const dataDir = mkdtempSync(join(tmpdir(), 'swarmdesk-bench-import-data-'));
  try {
    const { store } = openStore({ dataDir });
    const indexer = new ImportIndexer({ store, sessions: writer(store), roots: [{ path: treeDir, source: 'claude-code' }] });
    // The worker's start (from TypeScript sources: tsx compiles it) is timed on its own.
    const tw = performance.now();
    await indexer.warmUp();
    console.log(`import worker start: ${((performance.now() - tw) / 1000).toFixed(2)} s (from sources via tsx; a build loads plain JS)`);
    const rssBefore = process.memoryUsage().rss;
    const sampler = rssSampler();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const cold = await indexer.scan();
    const coldS = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const peak = sampler.stop();
    const c = cold.counts;
    console.log(`import cold: ${c.files} files, ${fmtMb(c.bytesRead)} in ${coldS.toFixed(2)} s = ${(c.bytesRead / MB / coldS).toFixed(0)} MB/s; ${c.entries} entries, ${cold.sessionsCreated} sessions; skipped ${c.skippedRecords} records, ${c.badLines} bad lines`);
    console.log(`import cold peak RSS: ${fmtMb(peak)} (before ${fmtMb(rssBefore)}) (target <= 15 s, < 300 MB)`);
    console.log(`import cold CPU (both threads): ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s; machine load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`);

    // 2. Unchanged re-index (a later start: a fresh indexer, cursors from the store).
    const again = new ImportIndexer({ store, sessions: writer(store), roots: [{ path: treeDir, source: 'claude-code' }] });
    const t1 = performance.now();
    const warm = await again.scan();
    console.log(`import unchanged re-index: ${((performance.now() - t1) / 1000).toFixed(3)} s over ${warm.counts.files} files, ${warm.counts.bytesRead} bytes read (target < 1 s)`);
    await again.stop();

    // 3. A 100 MB session: import it, then reopen at its last page on a fresh connection.
    const big = new ImportIndexer({ store, sessions: writer(store), roots: [{ path: oneDir, source: 'claude-code' }] });
    const t2 = performance.now();
    const bigReport = await big.scan();
    console.log(`import of one ${OPEN_MB} MB session: ${((performance.now() - t2) / 1000).toFixed(2)} s, ${bigReport.counts.entries} entries`);
    await big.stop();
    await indexer.stop();
    const bigId = store.importFiles.all().find((r) => r.path.startsWith(oneDir))?.sessionId;
    store.close();
    if (!bigId) throw new Error('the big session was not imported');

    const rss0 = process.memoryUsage().rss;
    const t3 = performance.now();
    const reopened = openStore({ dataDir }).store;
    const storeMs = performance.now() - t3;
    const t4 = performance.now();
    const page = reopened.entries.page(bigId, undefined, 200);
    const wire = JSON.stringify({ ok: true, value: page });
    const pageMs = performance.now() - t4;
    const rss1 = process.memoryUsage().rss;
    console.log(
      `reopen ${OPEN_MB} MB session at its last page (${page.entries.length} entries, ${(wire.length / 1024).toFixed(0)} KB on the wire, hasMore=${page.hasMore}): ` +
        `${pageMs.toFixed(1)} ms (store open at start-up: ${storeMs.toFixed(0)} ms), RSS +${fmtMb(Math.max(0, rss1 - rss0))} (target 500 ms, <= 150 MB)`,
    );
    reopened.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

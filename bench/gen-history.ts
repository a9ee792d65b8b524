// Generates a Claude Code history (`~/.claude/projects` shape, the real transcript format of
// /work/shared/formats/) for the import benchmarks: N sessions totalling about S MB, deterministic by
// seed, written under the OS temp dir (never the repository). It holds:
// - one marker session (of median age by mtime) whose answer mid-file says MARKER_WORD;
// - one big session (B MB, the oldest file: the importer reads newest first, so this is its worst case)
//   whose last answer says BIG_WORD;
// - tool use and results, thinking, compaction (a compact boundary and its continuation summary),
//   subagent transcripts (`<session>/subagents/agent-*.jsonl`, sidechain records), title records, and
//   the large attachment / api-request / cost-state records real files carry.
// Every file gets an mtime: the newest first order a user's history has (a deterministic shuffle).
// CLI: `npx tsx bench/gen-history.ts --sessions 1000 --mb 300 --big-mb 50 [--seed 7] [--out DIR]`.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export const MARKER_WORD = 'zanzibarquokka';
export const BIG_WORD = 'kilimanjarowombat';
const MB = 1024 * 1024;

export interface HistorySpec {
  readonly sessions: number;
  readonly mb: number;
  readonly bigMb: number;
  readonly seed?: number;
  /** Where to write; default a folder under the OS temp dir named after the spec (reused when complete). */
  readonly out?: string;
}

export interface History {
  readonly dir: string;
  readonly sessions: number;
  readonly bytes: number;
  readonly markerFile: string;
  readonly bigFile: string;
  readonly subagentFiles: number;
}

/** A seeded generator: the same spec always writes the same bytes. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

const WORDS = (
  'the a to of and in is it that for on with this we you can should test fix error file function change add ' +
  'update build run failing passes check code line value type return import module server client request ' +
  'response websocket timeout retry loop redirect login session token cache config path branch commit merge ' +
  'deploy release version bug issue logs output command npm node typescript react component state store query'
).split(' ');

class Writer {
  private buf: string[] = [];
  private pending = 0;
  bytes = 0;
  private readonly fd: number;
  constructor(file: string) {
    this.fd = openSync(file, 'w');
  }
  put(obj: Record<string, unknown>): void {
    const line = JSON.stringify(obj) + '\n';
    this.buf.push(line);
    this.pending += line.length;
    this.bytes += Buffer.byteLength(line);
    if (this.pending > 1 << 20) this.flush();
  }
  private flush(): void {
    if (this.buf.length > 0) writeSync(this.fd, this.buf.join(''));
    this.buf = [];
    this.pending = 0;
  }
  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

function makeContent(rand: () => number) {
  const words = (n: number): string => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)] as string);
    return out.join(' ');
  };
  // Big payloads reuse slices of one pool, so a gigabyte is I/O, not CPU.
  const pool = Array.from({ length: 4_000 }, () => words(12)).join('\n');
  const blob = (chars: number): string => {
    const start = Math.floor(rand() * Math.max(1, pool.length - chars));
    let s = pool.slice(start, start + chars);
    while (s.length < chars) s += pool.slice(0, chars - s.length);
    return s;
  };
  const b64 = Buffer.from(blob(200_000)).toString('base64');
  const uuid = (): string => {
    const h = () => Math.floor(rand() * 0x10000).toString(16).padStart(4, '0');
    return `${h()}${h()}-${h()}-4${h().slice(1)}-8${h().slice(1)}-${h()}${h()}${h()}`;
  };
  return { words, blob, b64, uuid };
}

type Content = ReturnType<typeof makeContent>;

interface SessionPlan {
  readonly bytes: number;
  readonly marker: boolean;
  readonly big: boolean;
  readonly subagent: boolean;
}

/** One session file of about `plan.bytes`, and its subagent transcript when planned. Returns bytes written. */
function writeSession(dir: string, project: string, cwd: string, plan: SessionPlan, c: Content, rand: () => number): { file: string; bytes: number; subagents: number; agentFile: string | null } {
  const sessionId = c.uuid();
  const file = join(dir, project, `${sessionId}.jsonl`);
  const out = new Writer(file);
  const base = { isSidechain: false, userType: 'external', entrypoint: 'cli', cwd, sessionId, version: '2.1.332', gitBranch: 'main' };
  let t = Date.parse('2026-10-01T08:00:00Z') + Math.floor(rand() * 1e9);
  let parent: string | null = null;
  const rec = (type: string, extra: Record<string, unknown>, sidechain = false): Record<string, unknown> => {
    const id = c.uuid();
    t += 1_000 + Math.floor(rand() * 20_000);
    const r = { parentUuid: parent, ...base, isSidechain: sidechain, type, uuid: id, timestamp: new Date(t).toISOString(), ...extra };
    parent = id;
    return r;
  };
  const answer = (turn: number, text: string) =>
    rec('assistant', { message: { id: `msg_${turn}`, type: 'message', role: 'assistant', model: 'claude-opus-5-5', content: [{ type: 'text', text }], stop_reason: 'end_turn', usage: { input_tokens: 1000, output_tokens: 200 } } });
  out.put({ type: 'mode', mode: 'normal', sessionId });
  // Real files carry ~150 KB of attachment records even for one turn (less for the smallest here).
  out.put({ parentUuid: null, ...base, attachment: { type: 'file', filename: 'CLAUDE.md', content: c.b64.slice(0, Math.min(150_000, Math.floor(plan.bytes * 0.4))) }, type: 'attachment', uuid: c.uuid() });
  let turn = 0;
  let markerDone = false;
  let compacted = false;
  let subagents = 0;
  let agentFile: string | null = null;
  // The big session's last answer is written after the loop: leave room for it.
  const budget = plan.bytes - (plan.big ? 4_000 : 0);
  while (out.bytes < budget) {
    turn += 1;
    const ask = `${c.words(8 + Math.floor(rand() * 40))} (turn ${turn})`;
    out.put(rec('user', { message: { role: 'user', content: ask }, permissionMode: 'auto', origin: { kind: 'human' } }));
    out.put(rec('assistant', { message: { id: `msg_${turn}`, type: 'message', role: 'assistant', model: 'claude-opus-5-5', content: [{ type: 'thinking', thinking: c.blob(400 + Math.floor(rand() * 1_200)), signature: c.b64.slice(0, 300) }] } }));
    const tools = 1 + Math.floor(rand() * 3);
    for (let i = 0; i < tools; i++) {
      const id = `toolu_${turn}_${i}`;
      const bash = rand() < 0.4;
      const input = bash ? { command: `npm test -- file${i}`, description: 'Run the tests' } : { file_path: `${cwd}/src/file${i}.ts` };
      out.put(rec('assistant', { message: { id: `msg_${turn}`, type: 'message', role: 'assistant', model: 'claude-opus-5-5', content: [{ type: 'tool_use', id, name: bash ? 'Bash' : 'Read', input }], stop_reason: 'tool_use' } }));
      const output = c.blob(1_000 + Math.floor(rand() * 12_000));
      out.put(rec('user', { message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content: output, is_error: false }] }, toolUseResult: bash ? { stdout: output, stderr: '', interrupted: false, isImage: false } : { type: 'text', file: { filePath: `${cwd}/src/file${i}.ts`, content: output } }, sourceToolAssistantUUID: parent }));
    }
    if (plan.subagent && subagents === 0 && turn === 2) {
      // A Task tool call whose subagent writes its own sidechain transcript.
      const id = `toolu_${turn}_task`;
      out.put(rec('assistant', { message: { id: `msg_${turn}`, type: 'message', role: 'assistant', model: 'claude-opus-5-5', content: [{ type: 'tool_use', id, name: 'Task', input: { description: 'Look around', prompt: c.words(20), subagent_type: 'general-purpose' } }] } }));
      const agentDir = join(dir, project, sessionId, 'subagents');
      mkdirSync(agentDir, { recursive: true });
      agentFile = join(agentDir, `agent-${c.uuid().slice(0, 8)}.jsonl`);
      const agent = new Writer(agentFile);
      for (let k = 0; k < 6; k++) {
        agent.put(rec(k % 2 ? 'assistant' : 'user', { message: { role: k % 2 ? 'assistant' : 'user', content: k % 2 ? [{ type: 'text', text: c.blob(800) }] : c.words(20) } }, true));
      }
      agent.close();
      out.put(rec('user', { message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content: [{ type: 'text', text: c.blob(600) }] }] } }));
      subagents += 1;
    }
    const mid = plan.marker && !markerDone && out.bytes > budget / 2;
    out.put(answer(turn, c.blob(300 + Math.floor(rand() * 1_500)) + (mid ? ` The ${MARKER_WORD} handler was the culprit.` : '')));
    if (mid) markerDone = true;
    out.put(rec('system', { subtype: 'turn_duration', durationMs: 4_000, isMeta: false }));
    if (!compacted && out.bytes > budget * 0.6 && budget > 2 * MB) {
      // Context ran out: a compact boundary, then the continuation summary as a user record.
      out.put(rec('system', { subtype: 'compact_boundary', content: 'Conversation compacted', compactMetadata: { trigger: 'auto', preTokens: 160_000 } }));
      out.put(rec('user', { message: { role: 'user', content: `This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\n${c.blob(3_000)}` }, isCompactSummary: true, isVisibleInTranscriptOnly: true }));
      compacted = true;
    }
    if (rand() < 0.35 && out.bytes + 170_000 < budget) out.put({ parentUuid: parent, ...base, attachment: { type: 'file', content: c.b64.slice(0, 140_000 + Math.floor(rand() * 25_000)) }, type: 'attachment', uuid: c.uuid() });
    if (rand() < 0.2 && out.bytes + 45_000 < budget) out.put({ type: 'api-request-body', sessionId, body: c.b64.slice(0, 40_000) });
    if (rand() < 0.1 && out.bytes + 25_000 < budget) out.put({ type: 'cost-state', sessionId, state: c.b64.slice(0, 20_000) });
    if (rand() < 0.1) out.put({ type: 'file-history-snapshot', messageId: c.uuid(), snapshot: { trackedFileBackups: {} }, isSnapshotUpdate: false });
  }
  if (plan.marker && !markerDone) out.put(answer(turn + 1, `The ${MARKER_WORD} handler was the culprit.`));
  if (plan.big) {
    out.put(rec('user', { message: { role: 'user', content: 'so what was it in the end?' } }));
    out.put(answer(turn + 1, `In the end it was the ${BIG_WORD} cache: it kept a stale token.`));
  }
  out.put({ type: 'last-prompt', lastPrompt: 'so what was it', leafUuid: parent, sessionId });
  out.put({ type: 'ai-title', aiTitle: `${c.words(3)} in ${cwd.split('/').pop() ?? 'project'}`, sessionId });
  if (rand() < 0.2) out.put({ type: 'custom-title', customTitle: `Renamed ${c.words(2)}`, sessionId });
  out.close();
  return { file, bytes: out.bytes, subagents, agentFile };
}

/** Writes (or reuses, when a complete copy exists) the history of `spec`. */
export function ensureHistory(spec: HistorySpec): History {
  const seed = spec.seed ?? 7;
  const dir = spec.out ?? join(tmpdir(), `swarmdesk-bench-history-${spec.sessions}s-${spec.mb}mb-${spec.bigMb}big-seed${seed}-worst`);
  const done = join(dir, '.complete.json');
  if (existsSync(done)) return JSON.parse(readFileSync(done, 'utf8')) as History;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const rand = rng(seed);
  const c = makeContent(rand);
  const n = spec.sessions;
  // Newest first ranks: a deterministic shuffle of the write order.
  const rank = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [rank[i], rank[j]] = [rank[j] as number, rank[i] as number];
  }
  // One session alone is the big one (the single-file memory case); else the marker is of median age
  // and the big session the oldest: the importer reads newest first, so both figures are not flattered.
  const markerAt = n < 3 ? -1 : rank.indexOf(Math.floor(n / 2));
  const bigAt = n === 1 ? 0 : rank.indexOf(n - 1);
  // Sizes of the rest: a long tail (most sessions small, a few several MB), scaled to the total.
  const rest = Math.max(0, spec.mb - spec.bigMb) * MB;
  const weights = Array.from({ length: n }, (_, i) => (i === bigAt ? 0 : 0.15 + Math.pow(rand(), 4) * 8));
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const t0 = performance.now();
  let bytes = 0;
  let subagentFiles = 0;
  let markerFile = '';
  let bigFile = '';
  const newest = Date.parse('2026-11-30T18:00:00Z') / 1000;
  for (let i = 0; i < n; i++) {
    const project = `-home-dev-src-project${i % 40}`;
    mkdirSync(join(dir, project), { recursive: true });
    const plan: SessionPlan = {
      bytes: i === bigAt ? spec.bigMb * MB : Math.max(20_000, Math.floor((rest * (weights[i] as number)) / sum)),
      marker: i === markerAt,
      big: i === bigAt,
      subagent: rand() < 0.1,
    };
    const w = writeSession(dir, project, `/home/dev/src/project${i % 40}`, plan, c, rand);
    const mtime = newest - (rank[i] as number) * 3_600 - Math.floor(rand() * 3_000);
    utimesSync(w.file, mtime, mtime);
    if (w.agentFile) utimesSync(w.agentFile, mtime, mtime);
    bytes += w.bytes;
    subagentFiles += w.subagents;
    if (plan.marker) markerFile = w.file;
    if (plan.big) bigFile = w.file;
  }
  const history: History = { dir, sessions: n, bytes, markerFile, bigFile, subagentFiles };
  writeFileSync(done, JSON.stringify(history));
  process.stderr.write(`generated ${n} sessions, ${(bytes / MB).toFixed(0)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s under ${dir}\n`);
  return history;
}

if (process.argv[1]?.endsWith('gen-history.ts')) {
  const arg = (name: string, fallback: number): number => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const outAt = process.argv.indexOf('--out');
  const h = ensureHistory({
    sessions: arg('sessions', 1000),
    mb: arg('mb', 300),
    bigMb: arg('big-mb', 50),
    seed: arg('seed', 7),
    ...(outAt >= 0 && process.argv[outAt + 1] ? { out: process.argv[outAt + 1] as string } : {}),
  });
  process.stdout.write(`${JSON.stringify(h)}\n`);
}

// Claude Code follow-up turn latency (issue 9, SPEC §13): `npx tsx bench/claude-turn.bench.ts`.
// From Send to the CLI's first stream event of the turn (its `requesting` status), with the
// real CLI (node_modules/.bin/claude) against the loopback stand-in model server, so the
// figure is the CLI and Swarmdesk, not a network. Target: ≤ 300 ms median.
// Measured in the same run, the two ways of serving a follow-up turn:
//   live    — one CLI process per open session, the turn written to its stdin (today's backend);
//   resume  — a new `--resume` process per turn (the old backend: keep-alive 0 ends it after each turn);
// and a bare `node -e 0` spawn-to-exit as the machine's baseline.
// CLAUDE_TURN_BENCH_TURNS (default 10) sets the follow-up turns per mode.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ClaudeCodeBackend, type ClaudeCodeSession } from '../src/main/core/agents/claude/backend';
import type { AgentEvent } from '../src/main/core/agents/types';
import { setLogSink } from '../src/main/core/logger';
import { startModelServer, type ModelServer } from '../test/support/model-server';
import { sessionRow } from '../test/support/sessionRow';

setLogSink(() => {});

const TURNS = Number(process.env.CLAUDE_TURN_BENCH_TURNS ?? 10);
const BUDGET_MS = 300;
const CLAUDE = resolve('node_modules/.bin/claude');

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}
const fmt = (n: number, d = 0): string => n.toFixed(d);

/** Waits for the first event matching `test` from now on. */
class Events {
  private waiter: { test: (e: AgentEvent) => boolean; resolve: () => void } | null = null;
  readonly sink = (e: AgentEvent): void => {
    if (this.waiter?.test(e)) {
      const w = this.waiter;
      this.waiter = null;
      w.resolve();
    }
  };
  next(test: (e: AgentEvent) => boolean, timeoutMs = 60_000): Promise<void> {
    return new Promise((resolvePromise, reject) => {
      const t = setTimeout(() => reject(new Error(`no matching event in ${timeoutMs} ms`)), timeoutMs);
      this.waiter = {
        test,
        resolve: () => {
          clearTimeout(t);
          resolvePromise();
        },
      };
    });
  }
}

interface Run {
  /** Send → first stream event of the first turn (a process starts either way). */
  first: number;
  /** The same for each follow-up turn. */
  followUps: number[];
  /** CLI processes started (a check that each mode did what it says). */
  spawns: number;
}

async function runTurns(server: ModelServer, keepAliveMs: number): Promise<Run> {
  const home = mkdtempSync(join(tmpdir(), 'swarmdesk-bench-cc-home-'));
  const work = mkdtempSync(join(tmpdir(), 'swarmdesk-bench-cc-work-'));
  const events = new Events();
  const backend = new ClaudeCodeBackend({
    claudePath: CLAUDE,
    env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'x', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', HOME: home },
    keepAliveMs,
  });
  const row = sessionRow({ id: `bench-${keepAliveMs}`, kind: 'claude-code', folder: work });
  const session = backend.open({ row, entries: () => [], permissionMode: () => null }, events.sink) as ClaudeCodeSession;
  const times: number[] = [];
  let spawns = 0;
  try {
    for (let i = 0; i <= TURNS; i++) {
      // With keep-alive 0 the last process is ended right after its turn; wait until it is gone
      // so the turn starts a new one (its exit is not counted, which flatters the baseline).
      while (keepAliveMs === 0 && session.pid !== null) await new Promise((r) => setTimeout(r, 5));
      // The backend reports `working` itself when it writes the message; the second `working` is
      // the CLI's first line of the turn (its `requesting` status, right after its `init`).
      let working = 0;
      const firstEvent = events.next((e) => e.type === 'status' && e.status === 'working' && (working += 1) === 2);
      const done = firstEvent.then(() => events.next((e) => e.type === 'turn-completed'));
      const t0 = performance.now();
      await session.send(`question ${i}`);
      await firstEvent;
      times.push(performance.now() - t0);
      await done;
    }
    spawns = session.stats.spawns;
  } finally {
    await session.dispose();
    rmSync(home, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
  return { first: times[0] ?? NaN, followUps: times.slice(1), spawns };
}

function bareSpawn(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', () => resolvePromise(performance.now() - t0));
  });
}

const server = await startModelServer();
server.setPolicy(() => ({ text: 'A short answer from the stand-in model.' }));
try {
  const spawns: number[] = [];
  for (let i = 0; i < TURNS; i++) spawns.push(await bareSpawn());
  const resume = await runTurns(server, 0);
  const live = await runTurns(server, 10 * 60_000);
  const liveMs = median(live.followUps);
  const resumeMs = median(resume.followUps);
  const bareMs = median(spawns);
  console.log(
    `claude follow-up turn, Send → first stream event (live process): median ${fmt(liveMs)} ms over ${TURNS} turns ` +
      `(budget ≤ ${BUDGET_MS} ms: ${liveMs <= BUDGET_MS ? 'met' : 'MISSED'}; ` +
      `ratio ${fmt(liveMs / resumeMs, 3)} vs a new --resume process per turn, ${fmt(liveMs / bareMs, 2)} vs a bare node spawn)`,
  );
  console.log(
    `ROW\tClaude Code follow-up turn: Send → first stream event (live process)\t${fmt(liveMs)} ms\t≤ ${BUDGET_MS} ms\t` +
      `${fmt(liveMs / resumeMs, 3)}× a new --resume process per turn (${fmt(resumeMs)} ms); ${fmt(liveMs / bareMs, 2)}× a bare node spawn (${fmt(bareMs)} ms)\t${liveMs <= BUDGET_MS ? 'within' : 'OVER'}`,
  );
  console.log(`  baseline: a new --resume process per turn (before issue 9): median ${fmt(resumeMs)} ms; first turn ${fmt(resume.first)} ms; ${resume.spawns} processes for ${TURNS + 1} turns`);
  console.log(`  baseline: bare \`node -e 0\` spawn to exit: median ${fmt(bareMs)} ms`);
  console.log(`  live: first turn (process start) ${fmt(live.first)} ms; follow-ups min ${fmt(Math.min(...live.followUps))} / max ${fmt(Math.max(...live.followUps))} ms; ${live.spawns} process for ${TURNS + 1} turns`);
} finally {
  await server.close();
}

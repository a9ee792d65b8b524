/**
 * Where a fresh client's start goes (issue 15 §3): the live-load bench's swarm (40 terminals, 10 Claude
 * Code sessions) on a real host behind web mode, idle and then live (the terminals printing 200 lines a
 * second; no Claude turns), and a fresh browser context attaching to it, run after run. For each run it
 * prints a timeline of the page's start: the entry's scripts and styles loaded, the socket open and
 * ready, the first page's reply, the first row painted, the app chunk loaded, and the frames the
 * socket delivered meanwhile (how many pushes, of which events), with the CPU profile's top self time
 * (CDP Profiler) from navigation to the first row; then a click on a busy terminal's row to its
 * screen painted, with its own profile.
 *
 * Run: npx tsx bench/attach-profile.ts [--runs 3] [--seconds 8] [--trace | --trace-open]   (seconds of printing before the live runs;
 * --trace: the main thread's tasks to the first row, --trace-open: from the click to the busy screen painted)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { freshDataDir, startServer, type RunningServer } from '../test/e2e/support/server';
import { until } from '../test/support/until';
import { LOAD_PROBE } from './support/loadProbes';
import { createLiveSwarm } from './support/liveSwarm';
import { launchChromium, median, profilePage } from './support/liveLoadParts';
import { connectSwarmClient } from './support/swarmClient';
import { traceMainThread } from './support/startTrace';
import { SOCKET_TRACE, TIMELINE, type StartTimeline } from './support/startTimeline';

const argOf = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = argOf('--runs', 3);
/** Trace the main thread (CDP Tracing) instead of sampling it (Profiler): its tasks up to the first row. */
const TRACE = process.argv.includes('--trace');
/** Trace the main thread from the click on a busy terminal's row to its screen painted. */
const TRACE_OPEN = process.argv.includes('--trace-open');
const SECONDS = argOf('--seconds', 8);
const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' / ');

/** When the page sends each `terminal:open`, and the replies of 2 kB or more it receives (ms since navigation). */
const OPEN_TRACE = `
  window.__opens = [];
  window.__bigReplies = [];
  const OpenWS = window.WebSocket;
  window.WebSocket = class extends OpenWS {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (ev) => {
        if (typeof ev.data === 'string' && ev.data.length >= 2048 && !ev.data.startsWith('{"event"')) window.__bigReplies.push({ at: performance.now(), chars: ev.data.length });
      });
    }
    send(frame) {
      if (typeof frame === 'string' && frame.includes('"channel":"terminal:open"')) window.__opens.push({ at: performance.now(), screenOnly: frame.includes('"screenOnly":true') });
      return super.send(frame);
    }
  };
`;
interface OpenTrace {
  at: number;
  screenOnly: boolean;
}

async function attachOnce(browser: Browser, server: RunningServer, busyId: string | null, busyText: string, label: string): Promise<{ firstRow: number; open: number }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, bypassCSP: true });
  const page: Page = await context.newPage();
  await page.addInitScript(SOCKET_TRACE);
  await page.addInitScript(LOAD_PROBE);
  await page.addInitScript(OPEN_TRACE);
  const stopStart = TRACE ? null : await profilePage(page, join(tmpdir(), `swarmdesk-attach-${label}.cpuprofile`));
  const stopTrace = TRACE ? await traceMainThread(page) : null;
  await page.goto(server.url);
  await page.waitForFunction('window.__load.firstRowAt > 0', null, { timeout: 60_000 });
  const tl = (await page.evaluate(TIMELINE)) as StartTimeline;
  const top = stopStart ? await stopStart() : [];
  if (stopTrace) console.log(`  main thread's tasks to the first row (start+ms: what):\n    ${(await stopTrace(tl.firstRow)).join('\n    ')}`);
  const f = (x: number): string => x.toFixed(0);
  const react = (await page.waitForFunction('window.__load.reactFirstRowAt > 0 && window.__load.reactFirstRowAt', null, { timeout: 60_000 }).then((h) => h.jsonValue())) as number;
  console.log(`${label}: first row ${f(tl.firstRow)} ms (React's ${f(react)}) | fcp ${f(tl.fcp)}; socket open ${f(tl.open)}, ready ${f(tl.ready)}, first reply ${f(tl.firstReply)}, early rows drawn ${f(tl.earlyRows)}`);
  console.log(`  resources: ${tl.resources.join(', ')}`);
  console.log(`  frames before the first row: ${JSON.stringify(tl.frames)} (${(tl.bytes / 1024).toFixed(0)} kB); long tasks ${tl.longTasks.join(', ') || 'none'}`);
  if (top.length > 0) console.log(`  self time to the first row: ${top.slice(0, 8).join(' | ')}`);
  let open = NaN;
  if (busyId !== null) {
    await until(async () => (await page.locator(`[data-session-id="${busyId}"]`).count()) > 0, { timeoutMs: 30_000, message: 'the busy row' });
    // Let the app settle (the rest of the swarm, the markdown chunk) so the click measures the pane alone.
    await until(async () => (await page.locator('[aria-busy="true"]').count()) === 0, { timeoutMs: 30_000, message: 'the list loaded' });
    const stopOpen = TRACE_OPEN ? null : await profilePage(page, join(tmpdir(), `swarmdesk-attach-${label}-open.cpuprofile`));
    const stopOpenTrace = TRACE_OPEN ? await traceMainThread(page) : null;
    if (!(await page.evaluate(`window.__openTerminal(${JSON.stringify(busyId)}, ${JSON.stringify(busyText)})`))) throw new Error('no busy row');
    await page.waitForFunction('window.__load.termPaintedAt > 0', null, { timeout: 120_000 });
    open = (await page.evaluate('window.__load.termPaintedAt - window.__load.termArmedAt')) as number;
    const openTop = stopOpen ? await stopOpen() : [];
    const armed = (await page.evaluate('window.__load.termArmedAt')) as number;
    if (stopOpenTrace) console.log(`  main thread's tasks from the click (start+ms: what):\n    ${(await stopOpenTrace(open, 2, 'swarmdesk-open-armed')).join('\n    ')}`);
    const opens = ((await page.evaluate('window.__opens')) as OpenTrace[]).filter((o) => o.at >= armed);
    const replies = ((await page.evaluate('window.__bigReplies')) as Array<{ at: number; chars: number }>).filter((r) => r.at >= armed);
    const steps = [
      ...opens.map((o) => `${o.screenOnly ? 'screen' : 'full'} open sent +${f(o.at - armed)}`),
      ...replies.map((r) => `reply of ${(r.chars / 1024).toFixed(0)} kB +${f(r.at - armed)}`),
    ];
    console.log(`  busy terminal to its screen ${f(open)} ms [${steps.join('; ')}]; self time: ${openTop.slice(0, 8).join(' | ')}`);
  }
  await context.close();
  return { firstRow: tl.firstRow, open };
}

async function main(): Promise<void> {
  const home = mkdtempSync(join(tmpdir(), 'swarmdesk-bench-attach-home-'));
  const work = mkdtempSync(join(home, 'work-'));
  const dataDir = freshDataDir('swarmdesk-bench-attach-data-');
  let server: RunningServer | null = null;
  const browser = await launchChromium();
  try {
    server = await startServer({ dataDir, env: { HOME: home, CLAUDE_CONFIG_DIR: undefined, SWARMDESK_AMBIENT_PROVIDER: 'offline' } });
    const client = await connectSwarmClient(server);
    const swarm = await createLiveSwarm(client, { work, terminals: 40, claudes: 10, lines: 200 * (SECONDS + 120), rate: 200, turnText: () => 'unused' });
    // A first page in this browser: its code cached and compiled, as a returning user's would be.
    await attachOnce(browser, server, null, '', 'warm-up (cold browser)');
    const idle: number[] = [];
    for (let run = 0; run < RUNS; run++) idle.push((await attachOnce(browser, server, null, '', `idle ${run + 1}`)).firstRow);
    console.log(`load ${load()}`);
    // Only the terminals: the Claude loops would need the model server; their rows are in the list all the same.
    await Promise.all(swarm.terminals.map((t) => client.call('terminal:open', { id: t.id, cols: 120, rows: 30, restart: false })));
    const printingUntil = Date.now() + SECONDS * 1000;
    await until(() => Date.now() >= printingUntil, { timeoutMs: SECONDS * 1000 + 5_000, intervalMs: 250 });
    const live = { firstRow: [] as number[], open: [] as number[] };
    for (let run = 0; run < RUNS; run++) {
      const t = swarm.terminals[swarm.terminals.length - 1 - run]!;
      const r = await attachOnce(browser, server, t.id, `t${t.tag} line`, `live ${run + 1}`);
      live.firstRow.push(r.firstRow);
      live.open.push(r.open);
    }
    console.log(`medians: first row idle ${median(idle).toFixed(0)} ms, live ${median(live.firstRow).toFixed(0)} ms; busy terminal ${median(live.open).toFixed(0)} ms; load ${load()}`);
    client.close();
  } finally {
    await browser.close();
    if (server) await server.stop();
    for (const dir of [home, dataDir]) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

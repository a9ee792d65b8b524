/**
 * Opening a busy terminal's pane to its current screen (issue 15 §3's 100 ms, a fact since SPEC §13 holds the
 * busy pane against a bare xterm.js page instead: busy-terminal.bench.ts), many times over: the
 * live-load bench's terminals (40 by default, each printing 200 lines a second) on a real host behind
 * web mode, a page that has loaded the swarm, and round after round a click on another busy terminal's
 * row (it replaces the pane, as switching sessions does) until that terminal's lines are painted; then
 * a click on a quiet terminal's row (one line printed, then nothing), the same run's baseline. With
 * SWARMDESK_BENCH_COMPARE_DIR=<another checkout, built> that checkout's front (a second web mode on the
 * same host) is measured in the same rounds, the order alternating, with the paired differences.
 *
 * Run: npx tsx bench/pane-open.bench.ts [--rounds 8] [--terminals 40] [--trace]
 * (--trace: the main thread's tasks during this build's last busy open, from the click on)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { freshDataDir, startServer, type RunningServer } from '../test/e2e/support/server';
import { until } from '../test/support/until';
import { LOAD_PROBE } from './support/loadProbes';
import { createLiveSwarm } from './support/liveSwarm';
import { launchChromium, mainThreadBusy, median, quantile } from './support/liveLoadParts';
import { traceMainThread } from './support/startTrace';
import { connectSwarmClient } from './support/swarmClient';

const argOf = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = argOf('--rounds', 8);
const TRACE = process.argv.includes('--trace');
const TERMINALS = argOf('--terminals', 40);
const COMPARE_DIR = process.env.SWARMDESK_BENCH_COMPARE_DIR;
const QUIET_TEXT = 'quiet-terminal-ready';
const load = (): string => loadavg().map((l) => l.toFixed(1)).join(' / ');

/** When the page sends each screen-only `terminal:open` and when its reply comes (page clock). */
const OPEN_STEPS = `
  window.__screenOpens = [];
  const StepsWS = window.WebSocket;
  window.WebSocket = class extends StepsWS {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (ev) => {
        if (typeof ev.data === 'string' && ev.data.startsWith('{"event":"terminal:data"')) window.__terminalFrames = (window.__terminalFrames ?? 0) + 1;
        if (typeof ev.data !== 'string' || !ev.data.startsWith('{"id":')) return;
        const id = Number(/^[{]"id":([0-9]+)/.exec(ev.data)?.[1]);
        const open = window.__screenOpens.find((o) => o.id === id);
        if (open) open.reply = performance.now();
      });
    }
    send(frame) {
      if (typeof frame === 'string' && frame.includes('"channel":"terminal:open"') && frame.includes('"screenOnly":true')) {
        window.__screenOpens.push({ id: JSON.parse(frame).id, sent: performance.now(), reply: 0 });
      }
      return super.send(frame);
    }
  };
`;

interface Front {
  readonly name: string;
  readonly page: Page;
  readonly busy: number[];
  readonly quiet: number[];
  /** For each busy open: its screen request sent and its reply in, ms after the click. */
  readonly sent: number[];
  readonly replied: number[];
}

async function openFront(browser: Browser, server: RunningServer, name: string): Promise<Front> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, bypassCSP: true });
  await page.addInitScript(LOAD_PROBE);
  await page.addInitScript(OPEN_STEPS);
  await page.goto(server.url);
  await page.waitForFunction('window.__load.reactFirstRowAt > 0', null, { timeout: 60_000 });
  await until(async () => (await page.locator('[aria-busy="true"]').count()) === 0, { timeoutMs: 30_000, message: 'the list loaded' });
  return { name, page, busy: [], quiet: [], sent: [], replied: [] };
}

/** Click → the terminal's text painted, in ms (the page's own clock). */
async function openPane(page: Page, id: string, text: string): Promise<number> {
  if (!(await page.evaluate(`window.__openTerminal(${JSON.stringify(id)}, ${JSON.stringify(text)})`))) throw new Error(`no row for ${id}`);
  await page.waitForFunction('window.__load.termPaintedAt > 0', null, { timeout: 60_000 });
  return (await page.evaluate('window.__load.termPaintedAt - window.__load.termArmedAt')) as number;
}

async function main(): Promise<void> {
  const home = mkdtempSync(join(tmpdir(), 'swarmdesk-bench-pane-home-'));
  const work = mkdtempSync(join(home, 'work-'));
  const dataDir = freshDataDir('swarmdesk-bench-pane-data-');
  const servers: RunningServer[] = [];
  const browser = await launchChromium();
  try {
    const env = { HOME: home, CLAUDE_CONFIG_DIR: undefined, SWARMDESK_AMBIENT_PROVIDER: 'off' };
    const server = await startServer({ dataDir, env });
    servers.push(server);
    if (COMPARE_DIR) servers.push(await startServer({ dataDir, cwd: COMPARE_DIR, env }));
    const client = await connectSwarmClient(server);
    const seconds = ROUNDS * 8 + 120;
    const swarm = await createLiveSwarm(client, { work, terminals: TERMINALS, claudes: 0, lines: 200 * seconds, rate: 200, turnText: () => 'unused' });
    const quiet = await client.call('sessions:create', { kind: 'terminal', folder: work, command: `echo ${QUIET_TEXT}; exec sleep 100000` });
    await client.call('sessions:rename', { id: quiet.id, title: 'Quiet terminal' });
    await Promise.all([...swarm.terminals.map((t) => t.id), quiet.id].map((id) => client.call('terminal:open', { id, cols: 120, rows: 30, restart: false })));
    // Some scrollback to restore, as a terminal that has been printing for a while has.
    await new Promise((resolve) => setTimeout(resolve, 8_000));

    const fronts = [await openFront(browser, server, 'this build')];
    if (COMPARE_DIR) fronts.push(await openFront(browser, servers[1]!, `the build in ${COMPARE_DIR}`));
    // Each front's xterm.js loaded and its first pane opened once before measuring.
    for (const front of fronts) await openPane(front.page, quiet.id, QUIET_TEXT);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    console.log(`pane-open: ${TERMINALS} terminals printing 200 lines a second; load ${load()}`);

    let next = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? fronts : [...fronts].reverse();
      for (const front of order) {
        // The next busy terminal whose row is drawn (the list draws the rows in view).
        const drawn = new Set((await front.page.evaluate(`[...document.querySelectorAll('[data-session-id]')].map((row) => row.dataset.sessionId)`)) as string[]);
        const onView = swarm.terminals.filter((t) => drawn.has(t.id));
        const t = onView[next++ % onView.length]!;
        const trace = TRACE && front === fronts[0] && round === ROUNDS - 1 ? await traceMainThread(front.page) : null;
        front.busy.push(await openPane(front.page, t.id, `t${t.tag} line`));
        const steps = (await front.page.evaluate(`(() => { const o = window.__screenOpens.filter((x) => x.sent >= window.__load.termArmedAt)[0]; return o ? [o.sent - window.__load.termArmedAt, o.reply - window.__load.termArmedAt] : [NaN, NaN]; })()`)) as [number, number];
        front.sent.push(steps[0]);
        front.replied.push(steps[1]);
        if (trace) console.log(`  this build's last busy open, the main thread's tasks from the click (start+ms: what):\n    ${(await trace(front.busy.at(-1)!, 2, 'swarmdesk-open-armed')).join('\n    ')}`);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        // Back to the quiet pane (the baseline), so a page in the background draws no busy output.
        front.quiet.push(await openPane(front.page, quiet.id, QUIET_TEXT));
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    // Each page, back on its quiet pane after switching through busy ones: what its main thread still spends
    // (the output of terminals it no longer shows, if its socket still gets it).
    for (const front of fronts) {
      const read = await mainThreadBusy(front.page);
      const from = await read();
      const framesFrom = (await front.page.evaluate('window.__terminalFrames ?? 0')) as number;
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const to = await read();
      const frames = ((await front.page.evaluate('window.__terminalFrames ?? 0')) as number) - framesFrom;
      console.log(`pane_open.after (${front.name}): on the quiet pane after ${front.busy.length} busy ones, the page's main thread busy ${(((to.task - from.task) / 3) * 100).toFixed(0)}%, ${(frames / 3).toFixed(0)} terminal:data frames a second`);
    }
    const f = (xs: number[]): string => `median ${median(xs).toFixed(0)} ms, p90 ${quantile(xs, 0.9).toFixed(0)} ms (runs: ${xs.map((x) => x.toFixed(0)).join(', ')})`;
    for (const front of fronts) {
      console.log(`pane_open.busy (${front.name}): ${f(front.busy)}; its screen asked for +${median(front.sent).toFixed(0)} ms, answered +${median(front.replied).toFixed(0)} ms (medians)`);
      console.log(`pane_open.quiet (${front.name}, the baseline): ${f(front.quiet)}; busy against quiet ${(median(front.busy) / median(front.quiet)).toFixed(2)}×`);
    }
    const mine = fronts[0]!;
    const figure = median(mine.busy);
    // Issue 15's 100 ms is no longer a budget (SPEC §13 holds the busy pane against a bare xterm.js page: busy-terminal.bench.ts); a fact.
    console.log(`pane_open: opening a busy terminal's pane to its current screen (${TERMINALS} terminals printing; median of ${mine.busy.length} clicks; no longer a budget): ${figure.toFixed(0)} ms, ${(figure / median(mine.quiet)).toFixed(2)}× a quiet terminal's pane (${median(mine.quiet).toFixed(0)} ms)`);
    if (fronts.length === 2) {
      const diffs = fronts[0]!.busy.map((x, i) => x - fronts[1]!.busy[i]!);
      console.log(`pane_open.compare: busy, this build minus the other, paired by round: median ${median(diffs).toFixed(0)} ms (runs: ${diffs.map((x) => x.toFixed(0)).join(', ')})`);
    }
    console.log(`load ${load()}`);
    await swarm.stop();
    client.close();
  } finally {
    await browser.close();
    // The other front first; the first one's stop ends the host and its terminals too.
    await servers[1]?.stopFront();
    await servers[0]?.stop();
    for (const dir of [home, dataDir]) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

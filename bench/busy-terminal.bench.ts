/**
 * The busy pane (SPEC §13): a terminal printing 200 lines a second on screen, held against a bare xterm.js
 * page fed the same bytes in the same browser. Web mode runs one terminal printing 200 coloured lines a
 * second; the app's page shows its pane (focused, as someone typing in it), and a bare page (xterm.js and
 * its fit addon alone, the app's terminal font, fitted to the same box as the app's pane, so the same grid)
 * writes every byte of that terminal's output as this bench's own client of the host hears it
 * (`terminal:data`, relayed over a WebSocket). Both pages stay open through a run; each pair measures one,
 * then the other (the order turning each pair), over a window of WINDOW_MS:
 * - the p95 duration of the page's main-thread tasks of 1 ms or more (a CDP trace's top-level tasks of that
 *   page's renderer main thread; shorter ones are the browser's plumbing, not the page's work);
 * - the page's main-thread busy share (Chromium's TaskDuration metric over the window).
 * A run is PAIRS pairs; a row holds when the median of its pairs' ratios is within 1.3× in 2 of 3 runs.
 *
 * Run: npx tsx bench/busy-terminal.bench.ts   (SWARMDESK_BENCH_PAIRS, default 10; SWARMDESK_BENCH_WINDOW_MS, 2000)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { WebSocketServer } from 'ws';
import { freshDataDir, startServer } from '../test/e2e/support/server';
import { launchChromium, mainThreadBusy, type MainThreadTime } from './support/liveLoadParts';
import { describeRun, printRatioRow, RATIO_RUNS, runRatio, type Pair, type RunRatio } from './support/ratioRows';
import { connectSwarmClient } from './support/swarmClient';
import { endTrace, type TraceEvent } from './support/startTrace';

const PAIRS = Number(process.env.SWARMDESK_BENCH_PAIRS ?? 10);
const WINDOW_MS = Number(process.env.SWARMDESK_BENCH_WINDOW_MS ?? 2_000);
const VIEWPORT = { width: 1400, height: 900 };
const PRINTER = `perl -e '$|=1; for my $i (1..1000000) { printf "\\e[32mline %06d\\e[0m the quick brown fox jumps over the lazy dog %s\\n", $i, "x" x 40; select(undef, undef, undef, 0.005) }'`;
const MARK = 'swarmdesk-bench-window';

const BARE_PAGE = `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>bare xterm.js</title>
<link rel="stylesheet" href="/xterm.css"><style>body { margin: 0 } #screen { position: absolute }</style></head>
<body><div id="screen"></div><script type="module">
import { Terminal } from '/xterm.mjs';
import { FitAddon } from '/addon-fit.mjs';
const q = new URLSearchParams(location.search);
const box = document.getElementById('screen');
Object.assign(box.style, { width: q.get('w') + 'px', height: q.get('h') + 'px' });
const term = new Terminal({ fontFamily: q.get('font'), fontSize: Number(q.get('size')), cursorBlink: false });
const fit = new FitAddon();
term.loadAddon(fit);
term.open(box);
fit.fit();
term.focus();
window.__grid = term.cols + 'x' + term.rows;
const feed = new WebSocket('ws://' + location.host + '/feed');
feed.onmessage = (ev) => term.write(ev.data);
</script></body></html>`;

const FILES: Record<string, [string, string]> = {
  '/xterm.mjs': ['node_modules/@xterm/xterm/lib/xterm.mjs', 'text/javascript'],
  '/addon-fit.mjs': ['node_modules/@xterm/addon-fit/lib/addon-fit.mjs', 'text/javascript'],
  '/xterm.css': ['node_modules/@xterm/xterm/css/xterm.css', 'text/css'],
};

/** Serves the bare page and relays the busy terminal's bytes to it. */
async function bareServer(): Promise<{ origin: string; send(data: string): void; close(): void }> {
  const http = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const file = FILES[path];
    if (file) res.writeHead(200, { 'content-type': `${file[1]}; charset=utf-8` }).end(readFileSync(file[0]));
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BARE_PAGE);
  });
  const feed = new WebSocketServer({ server: http, path: '/feed' });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  // `localhost`, not 127.0.0.1: another site than the app's, so its own renderer process.
  return {
    origin: `http://localhost:${(http.address() as AddressInfo).port}`,
    send: (data) => {
      for (const ws of feed.clients) ws.send(data);
    },
    close: () => {
      for (const ws of feed.clients) ws.terminate();
      feed.close();
      http.close();
    },
  };
}

interface Window {
  p95: number;
  busy: number;
  tasks: number;
}

async function readTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  return (JSON.parse(await endTrace(cdp)) as { traceEvents: TraceEvent[] }).traceEvents;
}

/** One page measured over a window: its main thread's p95 task (1 ms or more) and its busy share. */
async function measure(browserCdp: CDPSession, page: Page, metrics: () => Promise<MainThreadTime>): Promise<Window> {
  await browserCdp.send('Tracing.start', { categories: 'toplevel,blink.user_timing', transferMode: 'ReturnAsStream' });
  await page.evaluate(`performance.mark('${MARK}')`);
  const from = await metrics();
  const t0 = Date.now();
  await page.waitForTimeout(WINDOW_MS);
  const to = await metrics();
  const seconds = (Date.now() - t0) / 1000;
  await page.evaluate(`performance.mark('${MARK}')`);
  const events = await readTrace(browserCdp);
  const marks = events.filter((e) => e.name === MARK).sort((a, b) => a.ts - b.ts);
  const [start, end] = [marks[0], marks[marks.length - 1]];
  if (!start || !end || start === end) throw new Error('the window marks are not in the trace');
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === start.pid && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('no renderer main thread for the page in the trace');
  const top = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask'));
  // The outermost task events only (ThreadControllerImpl::RunTask wraps RunTask).
  const outer = top.filter((t) => !top.some((o) => o !== t && o.ts <= t.ts && o.ts + (o.dur ?? 0) >= t.ts + (t.dur ?? 0) && (o.dur ?? 0) > (t.dur ?? 0)));
  const durations = outer
    .filter((t) => t.ts >= start.ts && t.ts <= end.ts)
    .map((t) => (t.dur ?? 0) / 1000)
    .filter((ms) => ms >= 1)
    .sort((a, b) => a - b);
  const p95 = durations[Math.min(durations.length - 1, Math.ceil(0.95 * durations.length) - 1)] ?? 0;
  return { p95, busy: ((to.task - from.task) / seconds) * 100, tasks: durations.length };
}

/** The app's page with the busy terminal's pane on screen and focused; the box its screen is fitted to. */
async function openAppPane(browser: Browser, url: string): Promise<{ page: Page; box: { w: number; h: number }; font: string; size: string }> {
  const page = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
  await page.goto(url);
  await page.getByRole('listitem', { name: /^Busy terminal/ }).click();
  await page.locator('.xterm-rows').first().waitFor({ timeout: 30_000 });
  await page.locator('.xterm-screen').first().click();
  const shape = (await page.evaluate(`(() => {
    const xterm = document.querySelector('.xterm');
    const box = xterm.parentElement.getBoundingClientRect();
    const rows = document.querySelector('.xterm-rows');
    const style = getComputedStyle(rows);
    return { w: Math.floor(box.width), h: Math.floor(box.height), font: style.fontFamily, size: style.fontSize };
  })()`)) as { w: number; h: number; font: string; size: string };
  return { page, box: { w: shape.w, h: shape.h }, font: shape.font, size: shape.size };
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'swarmdesk-bench-busy-'));
  const server = await startServer({ dataDir: freshDataDir(), env: { SWARMDESK_AMBIENT_PROVIDER: 'off' } });
  const bare = await bareServer();
  const browser = await launchChromium();
  const client = await connectSwarmClient(server);
  try {
    const busy = await client.call('sessions:create', { kind: 'terminal', folder: work, command: PRINTER });
    await client.call('sessions:rename', { id: busy.id, title: 'Busy terminal' });
    // Every byte the host pushes for the busy terminal, to the bare page: the same bytes the app's pane gets.
    client.on('terminal:data', (p) => {
      if (p.sessionId === busy.id) bare.send(p.data);
    });
    const browserCdp = await browser.newBrowserCDPSession();
    const runs = { p95: [] as RunRatio[], busy: [] as RunRatio[] };
    for (let run = 0; run < RATIO_RUNS; run++) {
      const app = await openAppPane(browser, server.url);
      const barePage = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
      await barePage.goto(`${bare.origin}/?w=${app.box.w}&h=${app.box.h}&size=${parseFloat(app.size)}&font=${encodeURIComponent(app.font)}`);
      await barePage.locator('.xterm-rows').first().waitFor({ timeout: 30_000 });
      // Let the pane restore its scrollback and both settle before measuring.
      await barePage.waitForTimeout(1_500);
      const grids = `app ${await app.page.evaluate('document.querySelector(".xterm-rows").children.length')} rows, bare ${(await barePage.evaluate('window.__grid')) as string}`;
      const appMetrics = await mainThreadBusy(app.page);
      const bareMetrics = await mainThreadBusy(barePage);
      const p95: Pair[] = [];
      const shares: Pair[] = [];
      const tasks: Array<[number, number]> = [];
      for (let k = 0; k < PAIRS; k++) {
        const measureApp = (): Promise<Window> => measure(browserCdp, app.page, appMetrics);
        const measureBare = (): Promise<Window> => measure(browserCdp, barePage, bareMetrics);
        let a: Window;
        let b: Window;
        if (k % 2 === 0) {
          a = await measureApp();
          b = await measureBare();
        } else {
          b = await measureBare();
          a = await measureApp();
        }
        p95.push({ app: a.p95, floor: b.p95 });
        shares.push({ app: a.busy, floor: b.busy });
        tasks.push([a.tasks, b.tasks]);
      }
      const r95 = runRatio(p95);
      const rBusy = runRatio(shares);
      console.log(`busy_pane run ${run + 1} (${grids}; load ${loadavg().map((l) => l.toFixed(1)).join(' / ')}); tasks of 1 ms or more a window, app/bare: ${tasks.map(([x, y]) => `${x}/${y}`).join(', ')}`);
      console.log(`  ${describeRun('p95 task', run, r95, p95, 'ms')}`);
      console.log(`  ${describeRun('main thread busy', run, rBusy, shares, '%')}`);
      runs.p95.push(r95);
      runs.busy.push(rBusy);
      await app.page.context().close();
      await barePage.context().close();
    }
    const what = 'the busy pane (a terminal printing 200 lines a second) against a bare xterm.js page fed the same bytes';
    printRatioRow(`${what}: p95 main-thread task (1 ms or more)`, runs.p95, 1.3, 'the bare page', ' ms');
    printRatioRow(`${what}: main thread busy share`, runs.busy, 1.3, 'the bare page', '%');
  } finally {
    client.close();
    await browser.close();
    bare.close();
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

/**
 * UI benchmark (SPEC §13, issue 9): a swarm of 10,000 sessions with 1,000,000
 * entries in a real Chromium against web mode. Measures
 * - navigation to the first row painted (budget 300 ms), and against the floor page (SPEC §13: within 1.4×
 *   the same first screen drawn from the same socket reply, with the app's headers; support/floorPage.ts),
 * - a list reply arriving to its rows painted (budget 100 ms), in the running app: "Show archived"
 *   asks for the list again. (At start the first page's reply comes before the app's code has run,
 *   so reply → painted there is mostly the app's start, which the first-row figure already counts;
 *   it is printed as a fact, `ui.boot_reply_to_paint`.)
 * - a keystroke in the search box to the painted results, FTS round trip
 *   included (budget median 30 ms, p90 50 ms),
 * and, as facts for the rest of the swarm (fetched page by page after the first
 * paint): the longest main-thread task while it arrives (Chromium's longtask
 * entries, over 50 ms) and the list replies' bytes per row,
 * each also as a ratio against a baseline measured in the same run and the
 * same browser: an empty page's first paint (a static page with one list item,
 * served from loopback), so a noisy machine still gives a comparable figure.
 * Prints one `ROW` line per figure (tab-separated) for `npm run bench`'s table.
 *
 * Run: npx tsx bench/ui-paint.bench.ts
 *   SWARMDESK_BENCH_SESSIONS (10000), SWARMDESK_BENCH_ENTRIES per session (100),
 *   SWARMDESK_BENCH_UI_RUNS (5), SWARMDESK_BENCH_FIRST_ROW_ONLY=1 (only the first row and its baseline),
 *   SWARMDESK_BENCH_RATIO_PAIRS (10; 0 leaves out the first row against the floor page, 3 runs of that many pairs).
 *   The seeded database is built once under the OS temp dir and reused.
 */
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startServer } from '../test/e2e/support/server';
import { seededSwarm } from './support/seedSwarm';
import { AFTER_PAINT, CLEAR_SEARCH, keystrokeProbe } from './support/pageProbes';
import { captureFirstScreen, firstRowRuns, installFloorPage } from './support/floorPage';
import { printRatioRow, type RunRatio } from './support/ratioRows';

const SESSIONS = Number(process.env.SWARMDESK_BENCH_SESSIONS ?? 10_000);
const ENTRIES_PER_SESSION = Number(process.env.SWARMDESK_BENCH_ENTRIES ?? 100);
const RUNS = Number(process.env.SWARMDESK_BENCH_UI_RUNS ?? 5);
/**
 * Another checkout with its own build (e.g. a worktree of the previous commit, after `npx electron-vite build`
 * there): its front attaches to the same host and data folder, and its first row is measured in the same
 * runs, alternating with this build's, so a change to the start is compared on the same machine at once.
 * Only with SWARMDESK_BENCH_FIRST_ROW_ONLY=1.
 */
const COMPARE_DIR = process.env.SWARMDESK_BENCH_COMPARE_DIR;
/** Only the first row after navigation (and its baseline): a quick before/after of the start. */
const FIRST_ROW_ONLY = process.env.SWARMDESK_BENCH_FIRST_ROW_ONLY === '1';
/** What is typed, one keystroke at a time (the box is cleared between words). */
const TYPED = ['kumquat', 'websocket', 'retry log', 'parser cache'];
/** Interleaved pairs a run of the first row against the floor page (SPEC §13: 1.4×, 3 runs); 0 leaves it out. */
const RATIO_PAIRS = Number(process.env.SWARMDESK_BENCH_RATIO_PAIRS ?? 10);
const VIEWPORT = { width: 1280, height: 800 };

/** The seeded data folder (support/seedSwarm.ts), built once and copied for each run. */
function seeded(): string {
  return seededSwarm(SESSIONS, ENTRIES_PER_SESSION);
}

// In-page probes: when the first reply to sessions:list arrives on the WebSocket
// (the first message carrying rows), and the frame after the first row appears.
const PROBE = `
  window.__bench = { reloadArmedAt: 0, reloadReplyAt: 0, reloadPaintedAt: 0, reloadBusy: false, reloadDoneAt: 0, listSentAt: 0, listReplyAt: 0, firstRowAt: 0, reactRowAt: 0, restAt: 0, searchPaintedAt: 0, listBytes: 0, listRows: 0, longTasks: [] };
  // Main-thread tasks over 50 ms (Chromium's longtask entries): the longest one while the rest arrives.
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__bench.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  // Finer than longtask entries (over 50 ms only): a chain of message-channel pings while the rest arrives;
  // the gap between two pings is the task (or tasks) that ran between them.
  window.__bench.gaps = [];
  const pinger = new MessageChannel();
  let lastPing = 0;
  pinger.port1.onmessage = () => {
    const now = performance.now();
    if (window.__bench.restAt > 0) return;
    window.__bench.gaps.push(now - lastPing);
    lastPing = now;
    pinger.port2.postMessage(0);
  };
  window.__startPings = () => { lastPing = performance.now(); pinger.port2.postMessage(0); };
  ${AFTER_PAINT}
  const NativeWS = window.WebSocket;
  window.WebSocket = class extends NativeWS {
    send(data) {
      if (!window.__bench.listSentAt && typeof data === 'string' && data.includes('sessions:list')) window.__bench.listSentAt = performance.now();
      return super.send(data);
    }
    constructor(...args) {
      super(...args);
      window.__bench.socketAt = performance.now();
      this.addEventListener('open', () => { window.__bench.openAt = performance.now(); });
      this.addEventListener('message', (ev) => {
        if (typeof ev.data !== 'string') return;
        if (ev.data.includes('"firstUserLine"') && ev.data.startsWith('{"id":')) {
          if (!window.__bench.listReplyAt) window.__bench.listReplyAt = performance.now();
          // A list asked for again in the running app: its first reply to the frame painted after it.
          if (window.__bench.reloadArmedAt && !window.__bench.reloadReplyAt) {
            window.__bench.reloadReplyAt = performance.now();
            afterPaint((at) => { window.__bench.reloadPaintedAt = at; });
          }
          // Bytes per row on the wire: list replies' length over their rows (one "firstUserLine" key a row).
          window.__bench.listBytes += ev.data.length;
          window.__bench.listRows += ev.data.split('"firstUserLine"').length - 1;
        }
        // The app applies the reply in this task (its listener runs after this one), React renders it
        // at once: the next painted frame shows the results.
        if (ev.data.includes('"ids":[')) afterPaint((at) => { window.__bench.searchPaintedAt = at; });
      });
    }
  };
  new MutationObserver(() => {
    // The first row on screen: drawn before React by the entry chunk (data-early-row), or React's.
    if (!window.__bench.firstRowAt && document.querySelector('[role="listitem"], [data-early-row]')) {
      window.__bench.firstRowAt = -1;
      afterPaint((at) => { window.__bench.firstRowAt = at; });
    }
    // React's first row (the list that can be used), as a fact.
    if (!window.__bench.reactRowAt && document.querySelector('[role="listitem"]')) {
      window.__bench.reactRowAt = -1;
      afterPaint((at) => { window.__bench.reactRowAt = at; window.__startPings(); });
    }
    // The rest of the swarm is in once the list is no longer busy (after the first row).
    if (window.__bench.reactRowAt && !window.__bench.restAt && document.querySelector('[role="list"][aria-label="Sessions"]:not([aria-busy])')) {
      window.__bench.restAt = -1;
      afterPaint((at) => { window.__bench.restAt = at; });
    }
    // A reload (Show archived): busy from the click, done once no longer busy.
    if (window.__bench.reloadArmedAt) {
      const list = document.querySelector('[role="list"][aria-label="Sessions"]');
      if (list && list.getAttribute('aria-busy')) window.__bench.reloadBusy = true;
      if (list && window.__bench.reloadBusy && !window.__bench.reloadDoneAt && !list.getAttribute('aria-busy')) {
        window.__bench.reloadDoneAt = -1;
        afterPaint((at) => { window.__bench.reloadDoneAt = at; });
      }
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
`;

const EMPTY_PAGE = '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>empty</title></head><body><div role="list"><div role="listitem">empty</div></div></body></html>';

async function newProbedPage(browser: Browser): Promise<Page> {
  // The page's CSP would block the in-page probes; the app itself is unchanged.
  const page = await browser.newPage({ viewport: VIEWPORT, bypassCSP: true });
  await page.addInitScript(PROBE);
  return page;
}

interface Timeline {
  socketAt: number;
  openAt: number;
  listSentAt: number;
  listReplyAt: number;
  firstRowAt: number;
  /** React's first row painted (the same as firstRowAt when nothing was drawn before React). */
  reactRowAt: number;
  /** When the page's scripts finished loading (the entry and the app chunk). */
  scripts: string;
  /** When the HTML's response ended. */
  html: number;
  /** When the early rows were drawn, and how long that took (`boot/earlyGate.ts`). */
  early: string;
}

async function firstRow(page: Page, url: string): Promise<Timeline> {
  await page.goto(url);
  await page.waitForFunction('window.__bench.firstRowAt > 0 && window.__bench.reactRowAt > 0', null, { timeout: 60_000 });
  return (await page.evaluate(`({ ...window.__bench, scripts: performance.getEntriesByType('resource')
    .filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'))
    .map((r) => r.name.split('/').pop() + ' ' + Math.round(r.requestStart) + '/' + Math.round(r.responseStart) + '/' + Math.round(r.responseEnd)).join(', '),
    html: Math.round(performance.getEntriesByType('navigation')[0]?.responseEnd ?? 0),
    early: performance.getEntriesByName('swarmdesk:early-rows').map((m) => Math.round(m.startTime) + ' ms, ' + m.duration.toFixed(0) + ' ms long').join('') || 'none' })`)) as Timeline;
}

async function main(): Promise<void> {
  const dataDir = seeded();
  const empty = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(EMPTY_PAGE));
  await new Promise<void>((resolve) => empty.listen(0, '127.0.0.1', resolve));
  const emptyUrl = `http://127.0.0.1:${(empty.address() as AddressInfo).port}/`;

  const server = await startServer({ dataDir, env: { SWARMDESK_AMBIENT_PROVIDER: 'off' } });
  // A build whose contract differs refuses to attach (it names both): stop what this run started, then say so.
  const other =
    COMPARE_DIR && FIRST_ROW_ONLY
      ? await startServer({ dataDir, cwd: COMPARE_DIR, env: { SWARMDESK_AMBIENT_PROVIDER: 'off' } }).catch(async (err: unknown) => {
          await server.stop();
          empty.close();
          rmSync(dataDir, { recursive: true, force: true });
          throw err;
        })
      : null;
  const otherRows: number[] = [];
  const executablePath = process.env.SWARMDESK_CHROMIUM ?? ['/usr/bin/chromium'].find((p) => existsSync(p));
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const baselines: number[] = [];
    const paints: number[] = [];
    const reloads: number[] = [];
    const reloadLongest: number[] = [];
    const firstRows: number[] = [];
    const reactRows: number[] = [];
    const perKey: number[] = [];
    const restLongest: number[] = [];
    const restTimes: number[] = [];
    const restGap: number[] = [];
    const restBusy: number[] = [];
    let bytesPerRow = NaN;
    for (let run = 0; run < RUNS; run++) {
      // The baseline and the app alternate, so both see the same machine.
      const blank = await newProbedPage(browser);
      baselines.push((await firstRow(blank, emptyUrl)).firstRowAt);
      await blank.close();

      // The other build's first row, before this build's on even runs and after it on odd ones.
      const measureOther = async (): Promise<void> => {
        if (!other) return;
        const page = await newProbedPage(browser);
        otherRows.push((await firstRow(page, other.url)).firstRowAt);
        await page.close();
      };
      if (run % 2 === 0) await measureOther();
      const page = await newProbedPage(browser);
      const b = await firstRow(page, server.url);
      paints.push(b.firstRowAt - b.listReplyAt);
      console.log(`ui.first_row_timeline: socket made ${b.socketAt.toFixed(0)} ms, open ${b.openAt.toFixed(0)} ms, list asked ${b.listSentAt.toFixed(0)} ms, reply ${b.listReplyAt.toFixed(0)} ms, first row painted ${b.firstRowAt.toFixed(0)} ms, React's first row ${b.reactRowAt.toFixed(0)} ms; html in ${b.html} ms, scripts loaded: ${b.scripts}; early rows drawn at ${b.early}`);
      firstRows.push(b.firstRowAt);
      reactRows.push(b.reactRowAt);
      if (FIRST_ROW_ONLY) {
        // The rest of the swarm arrives first (as below): a page closed at its first row leaves the host and the
        // front still answering its later pages, which the next run's first page would queue behind.
        await page.waitForFunction('window.__bench.restAt > 0', null, { timeout: 120_000 });
        await page.close();
        if (run % 2 === 1) await measureOther();
        continue;
      }
      if (run === 0) console.log(`ui.rows_in_dom: ${await page.locator('[role="listitem"]').count()} of ${SESSIONS} (virtualised)`);

      // Let the rest of the swarm arrive (so the server is idle again before the next page).
      await page.waitForFunction('window.__bench.restAt > 0', null, { timeout: 120_000 });
      const rest = (await page.evaluate(`(() => {
        const b = window.__bench;
        const during = b.longTasks.filter((t) => t.start + t.duration > b.firstRowAt && t.start < b.restAt);
        const gaps = b.gaps.slice().sort((x, y) => x - y);
        return { restMs: b.restAt - b.firstRowAt, longest: Math.max(0, ...during.map((t) => t.duration)), count: during.length, bytes: b.listBytes, rows: b.listRows,
          gapMax: gaps[gaps.length - 1] ?? 0, gapP90: gaps.filter((g) => g > 1)[Math.floor(0.9 * gaps.filter((g) => g > 1).length)] ?? 0, busy: gaps.filter((g) => g > 1).reduce((a, g) => a + g, 0) };
      })()`)) as { restMs: number; longest: number; count: number; bytes: number; rows: number; gapMax: number; gapP90: number; busy: number };
      restGap.push(rest.gapMax);
      restBusy.push(rest.busy);
      console.log(`ui.rest_tasks: longest gap between pings ${rest.gapMax.toFixed(1)} ms, p90 of gaps over 1 ms ${rest.gapP90.toFixed(1)} ms, main thread busy ${rest.busy.toFixed(0)} ms (gaps over 1 ms summed)`);
      restLongest.push(rest.longest);
      restTimes.push(rest.restMs);
      bytesPerRow = rest.rows > 0 ? rest.bytes / rest.rows : NaN;
      console.log(`ui.rest_of_swarm: ${rest.restMs.toFixed(0)} ms from first row painted to every row in; long tasks meanwhile: ${rest.count}, longest ${rest.longest.toFixed(0)} ms; ${rest.rows} rows in ${(rest.bytes / 1e6).toFixed(2)} MB of list replies`);
      if (run === RUNS - 1) {
        // Filter as you type: each keystroke until the list has changed and painted.
        const search = page.getByRole('searchbox', { name: 'Search sessions' });
        await search.focus();
        for (const word of TYPED) {
          for (const ch of word) {
            // A string, not a function: tsx's name helpers do not exist in the page.
            perKey.push((await page.evaluate(keystrokeProbe('__bench', ch))) as number);
          }
          await page.evaluate(CLEAR_SEARCH);
        }
      }
      // The list asked for again in the running app (the first page of the list with archived sessions).
      await page.evaluate('window.__bench.reloadArmedAt = performance.now()');
      await page.getByRole('checkbox', { name: 'Show archived' }).click();
      await page.waitForFunction('window.__bench.reloadPaintedAt > 0', null, { timeout: 60_000 });
      reloads.push((await page.evaluate('window.__bench.reloadPaintedAt - window.__bench.reloadReplyAt')) as number);
      // The reload's pages (the swarm with the archive, page by page): the longest task until every page is in.
      await page.waitForFunction('window.__bench.reloadDoneAt > 0', null, { timeout: 120_000 });
      const reload = (await page.evaluate(`(() => {
        const b = window.__bench;
        const during = b.longTasks.filter((t) => t.start + t.duration > b.reloadArmedAt && t.start < b.reloadDoneAt);
        return { ms: b.reloadDoneAt - b.reloadArmedAt, longest: Math.max(0, ...during.map((t) => t.duration))};
      })()`)) as { ms: number; longest: number };
      reloadLongest.push(reload.longest);
      console.log(`ui.reload: Show archived to every page in ${reload.ms.toFixed(0)} ms; longest task meanwhile ${reload.longest.toFixed(0)} ms`);
      await page.close();
    }
    // The first row against the floor page (support/floorPage.ts), on the same host and swarm.
    let floorRuns: RunRatio[] = [];
    if (RATIO_PAIRS > 0) {
      const floor = installFloorPage(await captureFirstScreen(browser, server.url, VIEWPORT));
      try {
        floorRuns = await firstRowRuns(browser, server.url, floor, { viewport: VIEWPORT, pairs: RATIO_PAIRS, name: 'ui.first_row_vs_floor' });
      } finally {
        floor.remove();
      }
    }
    const base = median(baselines);
    const list = (xs: number[]): string => xs.map((x) => x.toFixed(1)).join(', ');
    console.log(`ui.baseline_empty_page_paint: ${base.toFixed(1)} ms (runs: ${list(baselines)})`);
    if (!FIRST_ROW_ONLY) console.log(`ui.filter_per_keystroke: ${list(perKey)} ms (median ${median(perKey).toFixed(1)} ms, p90 ${quantile(perKey, 0.9).toFixed(1)} ms, keystroke to painted results, FTS round trip included)`);
    console.log(`ui.boot_reply_to_paint: ${median(paints).toFixed(1)} ms from the first page's reply (before the app's code has run) to its rows painted (runs: ${list(paints)})`);
    if (!FIRST_ROW_ONLY) console.log(`ui.paint_10k: ${median(reloads).toFixed(1)} ms from a list reply in the running app to its rows painted (runs: ${list(reloads)})`);
    console.log(`ui.first_row_after_navigation: ${median(firstRows).toFixed(0)} ms (runs: ${list(firstRows)}); ${(median(firstRows) / base).toFixed(1)}× the empty page`);
    if (other) {
      const diffs = firstRows.map((ms, i) => ms - (otherRows[i] ?? NaN));
      console.log(`ui.first_row_compare: this build ${median(firstRows).toFixed(0)} ms, the build in ${COMPARE_DIR} ${median(otherRows).toFixed(0)} ms (runs: ${list(otherRows)}); paired difference median ${median(diffs).toFixed(0)} ms (runs: ${list(diffs)})`);
    }
    console.log(`ui.react_first_row_after_navigation: ${median(reactRows).toFixed(0)} ms (runs: ${list(reactRows)}); ${(median(reactRows) / base).toFixed(1)}× the empty page`);
    if (!FIRST_ROW_ONLY) console.log(`ui.reload_longest_task: ${median(reloadLongest).toFixed(0)} ms median of the longest main-thread task while a reload's pages arrive (runs: ${list(reloadLongest)})`);
    if (!FIRST_ROW_ONLY) console.log(`ui.rest_longest_gap: ${median(restGap).toFixed(1)} ms median of the longest main-thread stretch between message-channel pings while the rest arrives (runs: ${list(restGap)}); busy ${median(restBusy).toFixed(0)} ms (runs: ${list(restBusy)})`);
    if (!FIRST_ROW_ONLY) console.log(`ui.rest_longest_task: ${median(restLongest).toFixed(0)} ms median of the longest main-thread task while the rest arrives (runs: ${list(restLongest)}); rest in ${median(restTimes).toFixed(0)} ms; ${bytesPerRow.toFixed(0)} bytes a row in list replies`);

    const ratio = (ms: number): string => `${(ms / base).toFixed(1)}× empty-page paint (${base.toFixed(0)} ms)`;
    const row = (what: string, figure: string, budget: string, ms: number, within: boolean): void => {
      console.log(['ROW', what, figure, budget, ratio(ms), within ? 'within' : 'OVER'].join('\t'));
    };
    const n = SESSIONS.toLocaleString('en-US');
    const entries = (SESSIONS * ENTRIES_PER_SESSION).toLocaleString('en-US');
    const first = median(firstRows);
    const paint = median(reloads);
    const keyMedian = median(perKey);
    const keyP90 = quantile(perKey, 0.9);
    row(`open the app on ${n} sessions: navigation to the first row painted`, `${first.toFixed(0)} ms`, '≤ 300 ms', first, first <= 300);
    if (floorRuns.length > 0) {
      printRatioRow(`open the app on ${n} sessions: the first row against the floor page (the same first screen drawn from the same socket reply, with the app's headers)`, floorRuns, 1.4, 'the floor page', ' ms');
    }
    if (FIRST_ROW_ONLY) return;
    row('list reply arriving to rows painted (the running app asks for the list again)', `${paint.toFixed(0)} ms`, '≤ 100 ms', paint, paint <= 100);
    row(
      `change the search query to painted results, ${n} sessions (FTS over ${entries} entries): median / p90`,
      `${keyMedian.toFixed(0)} / ${keyP90.toFixed(0)} ms`,
      '≤ 30 / 50 ms',
      keyMedian,
      keyMedian <= 30 && keyP90 <= 50,
    );
  } finally {
    await browser.close();
    await other?.stopFront();
    await server.stop();
    empty.close();
    // The copy of the seed (about 580 MB at 10,000 sessions): the seed itself is kept for the next run.
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function median(xs: number[]): number {
  return quantile(xs, 0.5);
}

/** The value at quantile q (nearest rank); NaN for an empty list. */
function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

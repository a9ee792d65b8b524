/**
 * Live load on the session host (issue 15 §3): 40 terminal agents each printing 200 numbered
 * lines a second and 10 Claude Code sessions (the real CLI) streaming from the stand-in model
 * server, all at once for 60 s, on the real host behind web mode, with a real Chromium showing
 * the swarm and one busy terminal. Measures, each beside a baseline from the same run:
 * - the host process's own memory (VmRSS sampled every 250 ms, peak; its agents are other
 *   processes) against the same host idle with the same 50 sessions (budget < 300 MB);
 * - the page's longest main-thread task over the load window (Chromium's longtask entries, over 50 ms only;
 *   the longest gap between animation frames as a finer fact) against the same page idle and an empty page
 *   meanwhile: a fact now (SPEC §13 holds the busy pane against a bare xterm.js page: busy-terminal.bench.ts);
 * - a keystroke in the search box to its painted results under load against the same page idle;
 * - output completeness: every terminal's lines as the host pushed them to a listening client
 *   (offsets contiguous, lines 1..N in order) equal what its agent wrote (N: the count its last line
 *   reports), and the host's own screen of it (`terminal:open`) ends at line N with its scrollback bounded;
 * then, with the 50 sessions still live, fresh clients (each a new browser context): navigation to the first
 * row painted against the floor page attached to the same loaded host (support/floorPage.ts: the same first
 * screen drawn from the same socket reply), 3 runs of ATTACH_PAIRS interleaved pairs (SPEC §13: within 1.3×,
 * the median holding in 2 of 3 runs). The terminals print until the fresh clients are done (then they are told
 * to stop), so every pair meets the same load, however long a pair takes.
 * Prints the load average beside the figures (two cores are saturated on purpose).
 *
 * Run: npx tsx bench/live-load.bench.ts [--seconds 60]   (SWARMDESK_LOAD_SECONDS, default 60; SWARMDESK_LOAD_ATTACH_PAIRS, 10;
 *   SWARMDESK_LOAD_SHOTS=<folder> saves screenshots of the page under load (1400x900 and 900x700, light and dark),
 *   SWARMDESK_LOAD_PROFILE=<file.cpuprofile> profiles the page over the load window,
 *   SWARMDESK_LOAD_TRACE=1 traces it and prints its tasks of 100 ms or more)
 * Every process it starts (front, host, agents, stand-in, browser) is ended before it exits.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { descendants, freshDataDir, startServer, type RunningServer } from '../test/e2e/support/server';
import { startModelServer, type RecordedRequest, type Scripted } from '../test/support/model-server';
import { until } from '../test/support/until';
import { CLEAR_SEARCH, keystrokeProbe, LOAD_PROBE, windowStats, type WindowStats } from './support/loadProbes';
import { complete, createLiveSwarm } from './support/liveSwarm';
import { connectSwarmClient } from './support/swarmClient';
import { captureFirstScreen, firstRowRuns, installFloorPage } from './support/floorPage';
import { printRatioRow, type RunRatio } from './support/ratioRows';
import { traceMainThread } from './support/startTrace';
import { busyShares, emptyPageUrl, launchChromium, mainThreadBusy, median, profilePage, quantile, rssMb } from './support/liveLoadParts';

const arg = process.argv.indexOf('--seconds');
const SECONDS = Number(arg >= 0 ? process.argv[arg + 1] : (process.env.SWARMDESK_LOAD_SECONDS ?? 60));
/** A folder for screenshots of the page under load (light, mid-window; dark, at its end), when set. */
const SHOTS = process.env.SWARMDESK_LOAD_SHOTS;
/** A file for a CPU profile of the page over the load window (and its top functions printed), when set. */
const PROFILE = process.env.SWARMDESK_LOAD_PROFILE;
/** Set: trace the page's main thread over the load window (CDP Tracing) and print its tasks of 100 ms or more. */
const TRACE = process.env.SWARMDESK_LOAD_TRACE === '1';
const TERMINALS = 40;
const CLAUDES = 10;
const RATE = 200;
/** Interleaved pairs a run of a fresh client against the floor page (SPEC §13: 1.3×, 3 runs). */
const ATTACH_PAIRS = Number(process.env.SWARMDESK_LOAD_ATTACH_PAIRS ?? 10);
const VIEWPORT = { width: 1400, height: 900 };
const TYPED = ['kumquat', 'ledger'];
const MARK = 'swarm turn';
const REPLY = 'Here is the audit of the kumquat ledger, line by line. '.repeat(24);

const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' / ');
const ms = (x: number): string => `${x.toFixed(0)} ms`;

function policy(req: RecordedRequest): Scripted {
  // The turns stream for about 4 s (12 characters a frame, 40 ms apart); side requests answer at once.
  return req.lastUserText.includes(MARK) ? { text: REPLY, chunkDelayMs: 40 } : { text: 'OK' };
}

async function typeWords(page: Page): Promise<number[]> {
  const times: number[] = [];
  await page.getByRole('searchbox', { name: 'Search sessions' }).focus();
  for (const word of TYPED) {
    for (const ch of word) {
      // Unpainted after 5 s counts as endless (it is slower than any figure that was painted).
      const t = (await page.evaluate(keystrokeProbe('__load', ch))) as number;
      times.push(Number.isNaN(t) ? Infinity : t);
    }
    await page.evaluate(CLEAR_SEARCH);
  }
  return times;
}

async function main(): Promise<void> {
  console.log(`load average at start: ${load()} (1 / 5 / 15 min)`);
  const home = mkdtempSync(join(tmpdir(), 'swarmdesk-bench-load-home-'));
  const work = mkdtempSync(join(home, 'work-'));
  const dataDir = freshDataDir('swarmdesk-bench-load-data-');
  const model = await startModelServer({ policy });
  let server: RunningServer | null = null;
  const browser = await launchChromium();
  const agentPids = new Set<number>();
  try {
    server = await startServer({
      dataDir,
      env: {
        HOME: home,
        CLAUDE_CONFIG_DIR: undefined,
        ANTHROPIC_BASE_URL: model.url,
        ANTHROPIC_API_KEY: 'x',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        SWARMDESK_CLAUDE_PATH: join(process.cwd(), 'node_modules/.bin/claude'),
        SWARMDESK_AMBIENT_PROVIDER: 'offline',
      },
    });
    const hostPid = server.hostPid();
    if (hostPid === null) throw new Error('no session host is running');
    const client = await connectSwarmClient(server);
    const swarm = await createLiveSwarm(client, {
      work,
      terminals: TERMINALS,
      claudes: CLAUDES,
      rate: RATE,
      turnText: (s, t) => `${MARK} ${t} of session ${s}: audit the kumquat ledger`,
    });

    // An empty page in the same browser through both windows: what the machine alone does to a page.
    const empty = await emptyPageUrl();
    const blank = await browser.newPage();
    await blank.addInitScript(LOAD_PROBE);
    await blank.goto(empty.url);
    const blankBusy = await mainThreadBusy(blank);
    // The app's first screen at idle, for the floor page in case the loaded app draws no early rows to copy.
    const idleScreen = await captureFirstScreen(browser, server.url, VIEWPORT);
    // Idle: the same 50 sessions, nothing running; the page that will show the swarm.
    const page = await browser.newPage({ viewport: VIEWPORT, bypassCSP: true });
    await page.addInitScript(LOAD_PROBE);
    await page.goto(server.url);
    await page.waitForFunction('window.__load.firstRowAt > 0', null, { timeout: 60_000 });
    const idleFirstRow = (await page.evaluate('window.__load.firstRowAt')) as number;
    await until(async () => (await page.locator('[data-session-id]').count()) >= 20, { timeoutMs: 30_000, message: 'the swarm on screen' });
    const pageBusy = await mainThreadBusy(page);
    const idleRss: number[] = [];
    const idleFrom = (await page.evaluate('performance.now()')) as number;
    const idleBusy0 = await pageBusy();
    const idleAt0 = Date.now();
    const idleSearch = await typeWords(page);
    const idleEnd = Date.now() + 10_000;
    await until(() => {
      idleRss.push(rssMb(hostPid).rss);
      return Date.now() >= idleEnd;
    }, { timeoutMs: 20_000, intervalMs: 250, message: 'the idle window' });
    const idle = (await page.evaluate(windowStats(idleFrom, (await page.evaluate('performance.now()')) as number))) as WindowStats;
    const idleShare = busyShares(idleBusy0, await pageBusy(), (Date.now() - idleAt0) / 1000).task;
    console.log(`idle: host RSS ${median(idleRss).toFixed(0)} MB; longest task ${ms(idle.longest)} (${idle.count} over 50 ms), longest frame gap ${ms(idle.frameMax)}, main thread busy ${idleShare.toFixed(0)}% (typing included); search ${idleSearch.map((x) => x.toFixed(0)).join(', ')} ms; load ${load()}`);

    // Load: every agent started, the page shows the swarm and one busy terminal.
    const loadStart = Date.now();
    // Host memory from the agents' start on (their start and the first pane are part of the load).
    const samples: Array<{ rss: number; at: number }> = [];
    const sampler = setInterval(() => samples.push({ rss: rssMb(hostPid).rss, at: Date.now() }), 250);
    await swarm.start();
    // The newest rows are at the top of the (virtualised) list: the last terminals made are in view.
    const inView = [...swarm.terminals].reverse();
    const busy = inView[0]!;
    if (!(await page.evaluate(`window.__openTerminal(${JSON.stringify(busy.id)}, 't${busy.tag} line')`))) throw new Error(`no row for terminal ${busy.tag}`);
    await page.waitForFunction('window.__load.termPaintedAt > 0', null, { timeout: 120_000 });
    for (const pid of descendants(hostPid)) agentPids.add(pid);
    const windowFrom = (await page.evaluate('performance.now()')) as number;
    const blankFrom = (await blank.evaluate('performance.now()')) as number;
    const [pageBusy0, blankBusy0, windowAt0] = [await pageBusy(), await blankBusy(), Date.now()];
    const stopProfile = PROFILE ? await profilePage(page, PROFILE) : null;
    const stopTrace = TRACE ? await traceMainThread(page) : null;
    const loads: string[] = [];
    let loadedSearch: number[] = [];
    let searched: Promise<void> | null = null;
    const windowEnd = Date.now() + SECONDS * 1000;
    await until(() => {
      const now = Date.now();
      if (loads.length < Math.floor((now - loadStart) / 10_000)) loads.push(load());
      if (searched === null && now >= windowEnd - (SECONDS * 1000) / 2) searched = typeWords(page).then(async (t) => {
        loadedSearch = t;
        if (SHOTS) await page.screenshot({ path: join(SHOTS, 'under-load-light.png') });
      });
      return now >= windowEnd;
    }, { timeoutMs: SECONDS * 1000 + 30_000, intervalMs: 250, message: 'the load window' });
    await searched;
    const windowTo = (await page.evaluate('performance.now()')) as number;
    if (stopTrace) console.log(`page's tasks of 100 ms or more over the window (start+ms: what):\n  ${(await stopTrace(Infinity, 100)).join('\n  ')}`);
    if (stopProfile) console.log(`page CPU profile (${PROFILE}), most self time:\n  ${(await stopProfile()).join('\n  ')}`);
    if (SHOTS) {
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: join(SHOTS, 'under-load-dark.png') });
      // The narrow window too, in both looks, then back as it was.
      await page.setViewportSize({ width: 900, height: 700 });
      await page.screenshot({ path: join(SHOTS, 'under-load-dark-900.png') });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.screenshot({ path: join(SHOTS, 'under-load-light-900.png') });
      await page.setViewportSize({ width: 1400, height: 900 });
    }
    const loaded = (await page.evaluate(windowStats(windowFrom, windowTo))) as WindowStats;
    const blankLoaded = (await blank.evaluate(windowStats(blankFrom, (await blank.evaluate('performance.now()')) as number))) as WindowStats;
    const windowSeconds = (Date.now() - windowAt0) / 1000;
    const pageShares = busyShares(pageBusy0, await pageBusy(), windowSeconds);
    const pageShare = pageShares.task;
    const blankShare = busyShares(blankBusy0, await blankBusy(), windowSeconds).task;
    clearInterval(sampler);
    const sampledPeak = Math.max(...samples.map((s) => s.rss));
    const hwm = rssMb(hostPid).hwm;
    // The kernel's high-water mark catches a peak between two samples.
    const peak = Math.max(sampledPeak, hwm);
    const claudeTurns = swarm.claudes.reduce((a, c) => a + c.turns, 0);
    const linesSoFar = swarm.terminals.reduce((a, t) => a + t.lines, 0);
    console.log(`load window: ${SECONDS} s; load average every 10 s: ${loads.join(' | ')}`);
    console.log(`  host RSS peak ${peak.toFixed(0)} MB (sampled every 250 ms from the agents' start ${sampledPeak.toFixed(0)} MB, kernel high-water ${hwm.toFixed(0)} MB), last ${samples[samples.length - 1]!.rss.toFixed(0)} MB; idle ${median(idleRss).toFixed(0)} MB`);
    console.log(`  terminal lines pushed so far ${linesSoFar} (${(linesSoFar / ((Date.now() - loadStart) / 1000)).toFixed(0)} a second over ${TERMINALS} agents); Claude turns ${claudeTurns}, streaming pushes ${swarm.streamingPushes}`);
    console.log(`  page: longest task ${ms(loaded.longest)} (${loaded.count} over 50 ms), longest frame gap ${ms(loaded.frameMax)}, p99 ${ms(loaded.frameP99)} over ${loaded.frames} frames`);
    console.log(`  page main thread busy ${pageShare.toFixed(0)}% of the window (script ${pageShares.script.toFixed(0)}%, style ${pageShares.style.toFixed(0)}%, layout ${pageShares.layout.toFixed(0)}%, the rest paint and other work); an empty page in the same browser meanwhile: longest task ${ms(blankLoaded.longest)}, longest frame gap ${ms(blankLoaded.frameMax)}, busy ${blankShare.toFixed(0)}%`);
    console.log(`  search under load ${loadedSearch.map((x) => x.toFixed(0)).join(', ')} ms`);

    // Fresh clients attaching to the live swarm, each against the floor page attached to the same loaded host.
    const liveAtAttach = swarm.terminals.filter((t) => !t.exited).length;
    // The host's part of opening a busy terminal: its terminal:open reply (a serialized screen and scrollback) to a
    // client, for terminals no pane shows (so no pane's size changes).
    const hostOpens: number[] = [];
    let snapshotChars = 0;
    for (let run = 0; run < 3; run++) {
      const t0 = performance.now();
      const snap = await client.call('terminal:open', { id: swarm.terminals[run]!.id, cols: 120, rows: 30, restart: false });
      hostOpens.push(performance.now() - t0);
      snapshotChars = Math.max(snapshotChars, snap.scrollback.length);
    }
    await blank.close();
    empty.close();
    const attachFrom = Date.now();
    const first = await captureFirstScreen(browser, server.url, VIEWPORT).catch(() => null);
    console.log(
      first
        ? 'floor page: the first screen copied from the loaded app'
        : "floor page: the loaded app drew no early rows in 3 tries (its first reply came after the entry's 1 s bound); the first screen copied at idle",
    );
    const floor = installFloorPage(first ?? idleScreen);
    let attachRuns: RunRatio[] = [];
    try {
      attachRuns = await firstRowRuns(browser, server.url, floor, {
        viewport: VIEWPORT,
        pairs: ATTACH_PAIRS,
        name: 'fresh client against the floor page',
        note: () => `${swarm.terminals.filter((t) => !t.exited).length} terminals printing, load ${load()}`,
      });
    } finally {
      floor.remove();
    }
    const live = swarm.terminals.filter((t) => !t.exited).length;
    console.log(`fresh clients: ${((Date.now() - attachFrom) / 1000).toFixed(0)} s, ${liveAtAttach} of ${TERMINALS} terminals printing when they began, ${live} when they ended; the host's own terminal:open reply for a busy terminal ${hostOpens.map(ms).join(', ')} (up to ${(snapshotChars / 1e6).toFixed(2)} M characters); load ${load()}`);

    // Completeness: the printers told to stop, wait for every agent to finish, then compare.
    swarm.stopPrinting();
    await until(() => swarm.terminals.every((t) => t.exited), { timeoutMs: 120_000, intervalMs: 500, message: 'every terminal agent to finish' });
    await swarm.stop();
    const screens = await Promise.all(swarm.terminals.map((t) => client.call('terminal:open', { id: t.id, cols: 120, rows: 30, restart: false })));
    const screenEnds = screens.map((s, i) => {
      const held = [...s.scrollback.matchAll(new RegExp(`t${swarm.terminals[i]!.tag} line (\\d+)`, 'g'))];
      return { last: Number(held[held.length - 1]?.[1] ?? 0), lines: held.length };
    });
    const whole = swarm.terminals.filter(complete).length;
    const screensRight = screenEnds.filter((s, i) => s.last === swarm.terminals[i]!.expected).length;
    const printed = swarm.terminals.map((t) => t.expected ?? 0);
    const linesRange = `${Math.min(...printed).toLocaleString('en-US')}–${Math.max(...printed).toLocaleString('en-US')}`;
    const maxScreenLines = Math.max(...screenEnds.map((s) => s.lines));
    for (const t of swarm.terminals.filter((x) => !complete(x))) {
      console.log(`  terminal ${t.tag}: ${t.lines} of ${t.expected} lines, last ${t.lastSeq}, out of order ${t.outOfOrder}, offset gaps ${t.offsetGaps}, exit ${t.exitCode}${t.signal ? ` (${t.signal})` : ''}`);
    }
    console.log(`output: ${whole} of ${TERMINALS} terminals pushed every line once and in order (${linesRange} each, ${printed.reduce((a, b) => a + b, 0).toLocaleString('en-US')} in all); the host's screen ends at its last line for ${screensRight}; at most ${maxScreenLines} of its agent's lines kept on a host screen (scrollback 10,000 + the screen)`);
    client.close();

    const row = (what: string, figure: string, budget: string, ratio: string, within: boolean): void => {
      console.log(['ROW', what, figure, budget, ratio, within ? 'within' : 'OVER'].join('\t'));
    };
    const searchIdle = median(idleSearch);
    const searchLoaded = median(loadedSearch);
    row(`host memory, ${TERMINALS} terminals × ${RATE} lines/s + ${CLAUDES} Claude Code streaming for ${SECONDS} s (peak VmRSS; absolute)`, `${peak.toFixed(0)} MB`, '< 300 MB', `${(peak / median(idleRss)).toFixed(1)}× the idle host with the same sessions (${median(idleRss).toFixed(0)} MB)`, peak < 300);
    // Retired as a budget (SPEC §13 holds the busy pane against a bare xterm.js page instead: busy-terminal.bench.ts); a fact.
    console.log(`renderer longest main-thread task, swarm + one busy terminal under that load (no longer a budget): ${ms(loaded.longest)}; idle page ${ms(idle.longest)}; an empty page meanwhile ${ms(blankLoaded.longest)}; main thread busy ${pageShare.toFixed(0)}% (empty page ${blankShare.toFixed(0)}%); load ${loads[loads.length - 1] ?? load()}`);
    row('search keystroke to painted results under that load (median)', ms(searchLoaded), '—', `${(searchLoaded / searchIdle).toFixed(1)}× the idle figure (${ms(searchIdle)})`, true);
    row(`no output lost: terminals whose every line arrived once, in order`, `${whole} / ${TERMINALS}`, `${TERMINALS} / ${TERMINALS}`, `host screens ending at their last line: ${screensRight} / ${TERMINALS}`, whole === TERMINALS && screensRight === TERMINALS);
    if (attachRuns.length > 0) {
      printRatioRow(`a fresh client attaching to that loaded host: navigation to the first row painted, against the floor page attached to the same host (idle host: ${ms(idleFirstRow)})`, attachRuns, 1.3, 'the floor page', ' ms');
    }
    console.log(`p90 of search keystrokes: idle ${ms(quantile(idleSearch, 0.9))}, loaded ${ms(quantile(loadedSearch, 0.9))}; load average at the end ${load()}`);
  } finally {
    await browser.close();
    if (server) {
      const host = server.hostPid();
      if (host !== null) for (const pid of descendants(host)) agentPids.add(pid);
      await server.stop();
    }
    await model.close();
    const alive = (pid: number): boolean => {
      try {
        return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
      } catch {
        return false;
      }
    };
    // The host stops its agents on the way out (SIGKILL 2 s after SIGTERM); wait for the last of them, bounded.
    const stoppedAt = Date.now();
    await until(() => ![...agentPids].some(alive), { timeoutMs: 15_000, intervalMs: 100 }).catch(() => undefined);
    const left = [...agentPids].filter(alive);
    console.log(`processes left behind: ${left.length} (front, host and ${agentPids.size} agent processes stopped; the last agent gone ${((Date.now() - stoppedAt) / 1000).toFixed(1)} s after the stop returned)`);
    for (const dir of [home, dataDir]) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

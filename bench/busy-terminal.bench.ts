/**
 * What a busy terminal on screen costs the page (issue 15 §3: the swarm and one busy terminal on
 * screen). Web mode with two terminals: one printing 200 coloured lines a second, one idle at its
 * prompt. A page shows the busy one's pane, then the idle one's, a few seconds each, round after
 * round; the page's main-thread time (Chromium's Performance metrics over CDP) while each is on
 * screen, the idle pane being the same run's baseline. With SWARMDESK_BENCH_COMPARE_DIR=<another
 * checkout, built> that checkout's front (same host, same terminals) is measured in the same rounds.
 *
 * Run: npx tsx bench/busy-terminal.bench.ts   (SWARMDESK_BENCH_ROUNDS, default 3; 4 s a pane)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { freshDataDir, startServer, type RunningServer } from '../test/e2e/support/server';
import { launchChromium, mainThreadBusy, median } from './support/liveLoadParts';
import { connectSwarmClient } from './support/swarmClient';

const ROUNDS = Number(process.env.SWARMDESK_BENCH_ROUNDS ?? 3);
const COMPARE_DIR = process.env.SWARMDESK_BENCH_COMPARE_DIR;
const SECONDS = 4;
const PRINTER = `perl -e '$|=1; for my $i (1..100000) { printf "\\e[32mline %06d\\e[0m the quick brown fox jumps over the lazy dog %s\\n", $i, "x" x 40; select(undef, undef, undef, 0.005) }'`;

/** The page's main thread busy (% of wall time) while `title`'s pane is on screen. */
async function busyWith(browser: Browser, server: RunningServer, title: string): Promise<number> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    await page.goto(server.url);
    await page.getByRole('listitem', { name: new RegExp(`^${title}`) }).click();
    await page.locator('.xterm-rows').first().waitFor({ timeout: 30_000 });
    // Focused, as someone typing in it: every page alike (focus left on the row or on the screen made fronts differ).
    await page.locator('.xterm-screen').first().click();
    // Let the pane open and its scrollback be restored before measuring.
    await page.waitForTimeout(1_500);
    const read = await mainThreadBusy(page);
    const from = await read();
    await page.waitForTimeout(SECONDS * 1_000);
    const to = await read();
    return ((to.task - from.task) / SECONDS) * 100;
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'swarmdesk-bench-busy-'));
  const server = await startServer({ dataDir: freshDataDir(), env: { SWARMDESK_AMBIENT_PROVIDER: 'off' } });
  let other: RunningServer | null = null;
  const browser = await launchChromium();
  try {
    other = COMPARE_DIR ? await startServer({ dataDir: server.dataDir, cwd: COMPARE_DIR, env: { SWARMDESK_AMBIENT_PROVIDER: 'off' } }) : null;
    const client = await connectSwarmClient(server);
    const busy = await client.call('sessions:create', { kind: 'terminal', folder: work, command: PRINTER });
    await client.call('sessions:rename', { id: busy.id, title: 'Busy terminal' });
    const idle = await client.call('sessions:create', { kind: 'terminal', folder: work });
    await client.call('sessions:rename', { id: idle.id, title: 'Quiet terminal' });
    client.close();
    const figures = { busy: [] as number[], idle: [] as number[], otherBusy: [] as number[], otherIdle: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      figures.busy.push(await busyWith(browser, server, 'Busy terminal'));
      if (other) figures.otherBusy.push(await busyWith(browser, other, 'Busy terminal'));
      figures.idle.push(await busyWith(browser, server, 'Quiet terminal'));
      if (other) figures.otherIdle.push(await busyWith(browser, other, 'Quiet terminal'));
    }
    const list = (xs: number[]): string => xs.map((x) => x.toFixed(0)).join(', ');
    const load = loadavg().map((l) => l.toFixed(1)).join(' / ');
    console.log(`busy_terminal: the page's main thread with a terminal printing 200 lines a second on screen: ${median(figures.busy).toFixed(0)}% (runs: ${list(figures.busy)}); its idle terminal on screen ${median(figures.idle).toFixed(0)}% (runs: ${list(figures.idle)}); load ${load}`);
    if (other) console.log(`busy_terminal_compare: the build in ${COMPARE_DIR}: busy ${median(figures.otherBusy).toFixed(0)}% (runs: ${list(figures.otherBusy)}), idle ${median(figures.otherIdle).toFixed(0)}% (runs: ${list(figures.otherIdle)})`);
    const b = median(figures.busy);
    const i = median(figures.idle);
    console.log(['ROW', "a busy terminal on screen (200 lines a second): the page's main thread busy", `${b.toFixed(0)}%`, '≤ 25%', `${(b - i).toFixed(0)} points over its idle terminal on screen (${i.toFixed(0)}%)`, b <= 25 ? 'within' : 'OVER'].join('\t'));
  } finally {
    await browser.close();
    await other?.stopFront();
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

void main();

import { spawnSync } from 'node:child_process';
import { basename } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createSessionIn, isolatedHome } from './support/agents';
import { descendants, freshDataDir, isAlive, readHostPid, startServer, stopHost, waitGone, type RunningServer } from './support/server';
import { escapeRegExp, rowByLabel } from './support/swarm';

// Issue 15, the session host: agents outlive the front that started them. A front killed with its whole
// process group (kill -9) leaves the host and its agents running; a new front attaches to the same host
// and shows what the agent wrote meanwhile. Two fronts at once see each other's changes. `--stop` ends
// every process of the data folder. A front never talks to a host built from another contract.
test.describe.configure({ mode: 'serial' });

const { home, work } = isolatedHome('host');
/** The one terminal row of a test's own data folder: with no title it reads as its last program and folder (SPEC §7). */
const terminalRow = (page: Page): Locator => rowByLabel(page, new RegExp(`· ${escapeRegExp(basename(work))}`));
const env = { HOME: home, SHELL: '/bin/bash', SWARMDESK_IMPORT: 'off', SWARMDESK_AMBIENT_PROVIDER: 'offline' };
const COUNTER = 'echo "pid=$$"; i=0; while true; do echo "tick-$i"; i=$((i+1)); sleep 0.1; done';

function screen(page: Page): Locator {
  return page.getByRole('main').getByRole('group', { name: 'Terminal' });
}

async function shownText(page: Page): Promise<string> {
  // While the scrollback is restored a hidden second screen is in the pane too: the one on view.
  return (await screen(page).locator('.xterm-rows').filter({ visible: true }).innerText()).replace(/\u00a0/g, ' ');
}

/** The ticks on screen, in screen order. */
async function ticks(page: Page): Promise<number[]> {
  return [...(await shownText(page)).matchAll(/^tick-(\d+)\s*$/gm)].map((m) => Number(m[1]));
}

async function open(page: Page, server: RunningServer): Promise<void> {
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 20_000 });
}

test('an agent outlives its front: kill -9 of the front\'s process group, a new front shows the same agent and what it wrote meanwhile', async ({ page }) => {
  test.setTimeout(180_000);
  const dataDir = freshDataDir('swarmdesk-e2e-host-');
  const first = await startServer({ dataDir, env, ownGroup: true });
  let second: RunningServer | null = null;
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    await open(page, first);
    await createSessionIn(page, 'Terminal', work);
    await expect(screen(page)).toContainText(/[$#]\s*$/, { timeout: 20_000 });
    await screen(page).click();
    await page.keyboard.type(COUNTER);
    await page.keyboard.press('Enter');
    await expect.poll(async () => Math.max(-1, ...(await ticks(page))), { timeout: 20_000 }).toBeGreaterThan(10);
    const shell = Number(/^pid=(\d+)\s*$/m.exec(await shownText(page))?.[1]);
    expect(shell).toBeGreaterThan(0);
    const host = first.hostPid();
    expect(host).not.toBeNull();
    expect(descendants(host!)).toContain(shell); // the agent lives under the host, not under the front
    const lastSeen = Math.max(...(await ticks(page)));

    // The front and everything in its process group die at once; nothing of it cleans up.
    process.kill(-first.pid, 'SIGKILL');
    expect(await waitGone(first.pid)).toBe(true);
    expect(isAlive(host!)).toBe(true);
    expect(isAlive(shell)).toBe(true);

    second = await startServer({ dataDir, env });
    expect(second.hostPid()).toBe(host); // attached to the same host: no second host, no second start
    await open(page, second);
    await terminalRow(page).click();
    // What the agent wrote while no front was there is on screen, and it keeps counting, in order, with no gap.
    await expect.poll(async () => Math.min(...(await ticks(page))), { timeout: 20_000 }).toBeLessThanOrEqual(lastSeen + 60);
    await expect.poll(async () => Math.max(-1, ...(await ticks(page))), { timeout: 20_000 }).toBeGreaterThan(lastSeen + 20);
    const shown = await ticks(page);
    expect(shown.every((n, i) => i === 0 || n === shown[i - 1]! + 1)).toBe(true);
    await expect(screen(page)).not.toContainText('restarted');
    expect(isAlive(shell)).toBe(true);
    expect(descendants(host!).filter((pid) => readCmd(pid).startsWith('/bin/bash'))).toEqual([shell]);
  } finally {
    await second?.stopFront();
    await stopHost(dataDir);
    await first.kill9();
  }
});

/** A process's command line (empty once it is gone). */
function readCmd(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

test('two fronts at once: a rename in one shows in the other', async ({ browser }) => {
  test.setTimeout(120_000);
  const dataDir = freshDataDir('swarmdesk-e2e-host2-');
  const a = await startServer({ dataDir, env });
  const b = await startServer({ dataDir, env });
  try {
    expect(a.hostPid()).toBe(b.hostPid());
    expect(a.origin).not.toBe(b.origin); // its own port, its own `serving` line
    const pageA = await browser.newPage();
    const pageB = await browser.newPage();
    await open(pageA, a);
    await open(pageB, b);
    await createSessionIn(pageA, 'Terminal', work);
    await expect(screen(pageA)).toContainText(/[$#]\s*$/, { timeout: 20_000 });
    await expect(pageB.getByRole('navigation', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1, { timeout: 15_000 });
    await pageA.getByRole('navigation', { name: 'Sessions' }).getByRole('listitem').first().dblclick();
    const field = pageA.getByRole('textbox', { name: 'Session title' });
    await field.fill('Watch the kumquat build');
    await field.press('Enter');
    await expect(rowByLabel(pageB, 'Watch the kumquat build')).toBeVisible({ timeout: 15_000 });
    await pageA.close();
    await pageB.close();
  } finally {
    await a.stopFront();
    await b.stop();
  }
});

test('--stop ends the host, every agent and every web front of the data folder, and says so in one line', async ({ page }) => {
  test.setTimeout(120_000);
  const dataDir = freshDataDir('swarmdesk-e2e-host3-');
  const a = await startServer({ dataDir, env });
  const b = await startServer({ dataDir, env });
  try {
    await open(page, a);
    await createSessionIn(page, 'Terminal', work);
    await expect(screen(page)).toContainText(/[$#]\s*$/, { timeout: 20_000 });
    await screen(page).click();
    await page.keyboard.type('sleep 1000');
    await page.keyboard.press('Enter');
    const host = a.hostPid()!;
    await expect.poll(() => descendants(host).map(readCmd).some((c) => c.startsWith('sleep 1000')), { timeout: 15_000 }).toBe(true);
    const everything = [host, ...descendants(host)];

    const stop = spawnSync(process.execPath, ['scripts/serve.mjs', '--stop', '--data-dir', dataDir], { encoding: 'utf8', timeout: 60_000 });
    expect(stop.status).toBe(0);
    expect(stop.stdout.trim().split('\n')).toHaveLength(1);
    expect(stop.stdout).toMatch(/^Stopped the session host of .* \(pid \d+\) and \d+ agents?\.$/m);
    for (const pid of [...everything, a.pid, b.pid]) expect(await waitGone(pid), `pid ${pid}`).toBe(true);

    const again = spawnSync(process.execPath, ['scripts/serve.mjs', '--stop', '--data-dir', dataDir], { encoding: 'utf8', timeout: 60_000 });
    expect(again.status).toBe(0);
    expect(again.stdout.trim()).toBe(`No session host runs for ${dataDir}.`);
  } finally {
    await a.kill9();
    await b.kill9();
  }
});

test('a front never talks to a host built from another contract: one line naming both versions, exit 3', async () => {
  test.setTimeout(90_000);
  const dataDir = freshDataDir('swarmdesk-e2e-host4-');
  try {
    // A host that presents another contract's fingerprint (as an older install's host would).
    const run = spawnSync(process.execPath, ['scripts/serve.mjs', '--port', '0', '--data-dir', dataDir], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, ...env, SWARMDESK_TEST_HOST_PROTOCOL: 'an-older-contract' },
    });
    expect(run.status).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/The session host of .* runs Swarmdesk [\d.]+ \(contract an-older-contract\); this is [\d.]+ \(contract [0-9a-f]{16}\)\..*npm run serve -- --stop --data-dir/);
    const host = readHostPid(dataDir);
    expect(host).not.toBeNull(); // its agents keep running: the front did not touch it
    const status = spawnSync(process.execPath, ['scripts/serve.mjs', '--status', '--data-dir', dataDir], { encoding: 'utf8', timeout: 60_000 });
    expect(status.stdout).toMatch(new RegExp(`pid ${host}, Swarmdesk [\\d.]+ \\(contract an-older-contract\\)`));
  } finally {
    await stopHost(dataDir);
  }
});

test('the host killed (kill -9): the front starts a new one; the terminal shows as ended with its screen and Restart, not run again', async ({ page }) => {
  test.setTimeout(180_000);
  const dataDir = freshDataDir('swarmdesk-e2e-host5-');
  const server = await startServer({ dataDir, env });
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    await open(page, server);
    await createSessionIn(page, 'Terminal', work);
    await expect(screen(page)).toContainText(/[$#]\s*$/, { timeout: 20_000 });
    await screen(page).click();
    await page.keyboard.type('for i in $(seq 1 40); do echo "line-$i"; done; echo "pid=$$"');
    await page.keyboard.press('Enter');
    await expect(screen(page)).toContainText('line-40', { timeout: 15_000 });
    const shell = Number(/^pid=(\d+)\s*$/m.exec(await shownText(page))?.[1]);
    const host = server.hostPid()!;
    // The screen is saved once output goes quiet (5 s): wait for the file, then crash the host.
    await expect.poll(() => savedScreen(dataDir).includes('line-40'), { timeout: 20_000 }).toBe(true);
    process.kill(host, 'SIGKILL');
    expect(await waitGone(host)).toBe(true);
    expect(await waitGone(shell)).toBe(true); // its PTY closed with it

    // The front brings a new host up by itself.
    await expect.poll(() => server.hostPid(), { timeout: 60_000 }).not.toBeNull();
    expect(server.hostPid()).not.toBe(host);
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 20_000 });
    await terminalRow(page).click();
    await expect(screen(page)).toContainText('line-40', { timeout: 15_000 });
    const main = page.getByRole('main');
    await expect(main.getByText('Not running: it ended when its session host stopped; its screen is kept.')).toBeVisible();
    await expect(main.getByRole('button', { name: 'Restart' })).toBeVisible();
    // Opening it did not run it again: no shell under the new host.
    expect(descendants(server.hostPid()!).map(readCmd).filter((c) => c.startsWith('/bin/bash'))).toEqual([]);
    await main.getByRole('button', { name: 'Restart' }).click();
    await expect(screen(page)).toContainText('restarted', { timeout: 15_000 });
    await expect.poll(() => descendants(server.hostPid()!).map(readCmd).filter((c) => c.startsWith('/bin/bash')).length, { timeout: 15_000 }).toBe(1);
  } finally {
    await server.stop();
  }
});

/** The terminal screens the host saved in the data folder, joined. */
function savedScreen(dataDir: string): string {
  try {
    const dir = `${dataDir}/terminals`;
    return readdirSync(dir)
      .filter((name) => name.endsWith('.log'))
      .map((name) => readFileSync(`${dir}/${name}`, 'utf8'))
      .join('\n');
  } catch {
    return '';
  }
}

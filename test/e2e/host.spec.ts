import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DB_FILE_NAME, openStore } from '../../src/main/core/store';
import type { HostState } from '../../src/shared/ipc/host';
import { until } from '../support/until';
import { createSessionIn, isolatedHome } from './support/agents';
import { lookIntoDb } from './support/db';
import { descendants, freshDataDir, startServer, stopHost, type RunningServer } from './support/server';
import { shoot } from './support/shots';
import { rowByLabel } from './support/swarm';

// Issue 15 §1, what the user sees of the session host: a host that dies is restarted and the page
// comes back whole; the host's settings are kept by the host.
test.describe.configure({ mode: 'serial' });

const { home } = isolatedHome('host-ui');
const env = { HOME: home, SWARMDESK_IMPORT: 'off', SWARMDESK_AMBIENT_PROVIDER: 'off' };
let server: RunningServer | undefined;

test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** A data folder with two titled chat sessions. */
function seededDataDir(): string {
  const dataDir = freshDataDir('swarmdesk-e2e-host-');
  const { store } = openStore({ dataDir });
  ['Alpha release notes', 'Bravo websocket drops'].forEach((title, i) => {
    store.sessions.insert({ id: `host-${i}`, kind: 'chat', folder: home, position: i, at: 1_700_000_000_000 + i });
    store.sessions.setTitle(`host-${i}`, { title, source: 'user', pinned: true });
  });
  store.close();
  return dataDir;
}

/** The panes the core keeps for the window (`ui.panes`), read beside the running host. */
function keptPanes(dataDir: string): unknown {
  const db = new Database(join(dataDir, DB_FILE_NAME), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?').get('ui.panes');
    return row ? (JSON.parse(row.value) as unknown) : undefined;
  } finally {
    db.close();
  }
}

/** The host's line over the window (a polite status), found by what it says. */
function hostLine(page: Page, text: string | RegExp) {
  return page.getByRole('status').filter({ hasText: text });
}

/** Every text the host's line shows from now on, in order (a state may last less than a poll). */
async function recordHostLine(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { hostLineSeen: string[] }).hostLineSeen = seen;
    const note = () => {
      const text = document.querySelector('.host-status')?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { hostLineSeen: string[] }).hostLineSeen);
}

test('a host killed with -9: the page says it is restarting, a new host comes, and the page shows what it holds', async ({ page }) => {
  const dataDir = seededDataDir();
  server = await startServer({ dataDir, env });
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(server.url);
  await expect(rowByLabel(page, 'Alpha release notes')).toBeVisible();
  const seen = await recordHostLine(page);
  const oldHost = server.hostPid();
  expect(oldHost).not.toBeNull();
  const below = descendants(oldHost!);

  // Written beside the host, never pushed to the page: only a reload after the re-attach can show it.
  const db = new Database(join(dataDir, DB_FILE_NAME), { fileMustExist: true });
  try {
    db.prepare("UPDATE sessions SET title = 'Changed while you were away' WHERE id = 'host-1'").run();
  } finally {
    db.close();
  }

  process.kill(oldHost!, 'SIGKILL');
  for (const pid of below) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone with the host
    }
  }
  await until(() => {
    const now = server!.hostPid();
    return now !== null && now !== oldHost;
  }, { timeoutMs: 30_000, message: 'a new host started' });
  await expect(hostLine(page, 'The session host is back.')).toBeVisible({ timeout: 30_000 });
  await expect(rowByLabel(page, 'Changed while you were away')).toBeVisible();
  await expect(rowByLabel(page, 'Alpha release notes')).toBeVisible();
  expect(await seen()).toEqual(['The session host stopped; restarting…', 'The session host is back.']);
  // It says so for a moment only.
  await expect(hostLine(page, 'The session host is back.')).toBeHidden({ timeout: 15_000 });
  // The page works on against the new host.
  await rowByLabel(page, 'Alpha release notes').click();
  await expect(page.getByRole('main', { name: 'Alpha release notes' })).toBeVisible();
});

test('a terminal pane across a host killed with -9: redrawn from what the host saved, shown as ended, with Restart', async ({ page }) => {
  test.setTimeout(180_000);
  const { home: shellHome, work } = isolatedHome('host-term');
  const dataDir = freshDataDir('swarmdesk-e2e-host-term-');
  server = await startServer({ dataDir, env: { ...env, HOME: shellHome, SHELL: '/bin/bash' } });
  await page.goto(server.url);
  await createSessionIn(page, 'Terminal', work);
  const terminal = page.getByRole('main').getByRole('group', { name: 'Terminal' });
  await expect(terminal).toContainText(/[$#]\s*$/, { timeout: 20_000 });
  await terminal.click();
  await page.keyboard.type('echo "before-$((40+2))"');
  await page.keyboard.press('Enter');
  await expect(terminal).toContainText('before-42', { timeout: 15_000 });
  // The host keeps the screen in the data folder once output is quiet: wait for that, as a user would not.
  const id = lookIntoDb(dataDir).sessions.find((s) => s.kind === 'terminal')!.id;
  await until(() => {
    try {
      return readFileSync(join(dataDir, 'terminals', `${id}.log`), 'utf8').includes('before-42');
    } catch {
      return false;
    }
  }, { timeoutMs: 20_000, intervalMs: 200, message: 'the screen saved' });

  const oldHost = server.hostPid()!;
  const below = descendants(oldHost);
  process.kill(oldHost, 'SIGKILL');
  for (const pid of below) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone with the host
    }
  }
  await expect(hostLine(page, 'The session host is back.')).toBeVisible({ timeout: 30_000 });
  const main = page.getByRole('main');
  await expect(main.getByText('Not running: it ended when its session host stopped; its screen is kept.')).toBeVisible({ timeout: 15_000 });
  await expect(terminal).toContainText('before-42');
  // Restart starts a new shell in the same pane (the old screen stays above it).
  await main.getByRole('button', { name: 'Restart' }).click();
  await expect(main.getByText('Not running: it ended when its session host stopped; its screen is kept.')).toHaveCount(0);
  await terminal.click();
  await page.keyboard.type('echo "after-$((40+3))"');
  await page.keyboard.press('Enter');
  await expect(terminal).toContainText('after-43', { timeout: 15_000 });
});

test('coming back: a terminal that failed while no window was open is notified once the page is back', async ({ page }) => {
  test.setTimeout(180_000);
  const { home: shellHome, work } = isolatedHome('host-back');
  const shellEnv = { ...env, HOME: shellHome, SHELL: '/bin/bash' };
  const dataDir = freshDataDir('swarmdesk-e2e-host-back-');
  // The browser's notifications, recorded (headless Chromium shows none): what the page asked to show.
  await page.addInitScript(() => {
    const shown: Array<{ title: string; body: string | undefined }> = [];
    (window as unknown as { shownNotes: typeof shown }).shownNotes = shown;
    class RecordingNotification {
      static permission = 'granted';
      static requestPermission = () => Promise.resolve('granted');
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body });
      }
      close(): void {}
    }
    (window as unknown as { Notification: unknown }).Notification = RecordingNotification;
  });
  server = await startServer({ dataDir, env: shellEnv });
  await page.goto(server.url);
  await createSessionIn(page, 'Terminal', work);
  const terminal = page.getByRole('main').getByRole('group', { name: 'Terminal' });
  await expect(terminal).toContainText(/[$#]\s*$/, { timeout: 20_000 });
  await terminal.click();
  // The shell ends with an error a while after the window has gone (quit: the host and its agents stay).
  await page.keyboard.type('sleep 15; exit 3');
  await page.keyboard.press('Enter');
  // The window shows another session when it goes, and will again when it comes back (the core keeps its panes).
  await createSessionIn(page, 'Chat', work);
  const chat = lookIntoDb(dataDir).sessions.find((s) => s.kind === 'chat')!.id;
  await until(() => JSON.stringify(keptPanes(dataDir) ?? null).includes(`"focused":"${chat}"`), { message: 'the open panes kept by the core' });
  await server.stopFront();
  expect(server.hostPid()).not.toBeNull();
  await until(() => lookIntoDb(dataDir).sessions.some((s) => s.kind === 'terminal' && s.status === 'exited'), {
    timeoutMs: 60_000,
    intervalMs: 250,
    message: 'the terminal failed while no window was open',
  });

  server = await startServer({ dataDir, env: shellEnv });
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shownNotes: Array<{ title: string; body?: string }> }).shownNotes), { timeout: 20_000 })
    .toEqual([{ title: expect.stringMatching(/\S/) as unknown as string, body: 'Stopped with an error.' }]);
});

test('--stop: the page says the host was stopped, and (web mode having ended with it) how to start again', async ({ page }) => {
  server = await startServer({ dataDir: seededDataDir(), env });
  await page.goto(server.url);
  await expect(rowByLabel(page, 'Alpha release notes')).toBeVisible();
  // `npm run serve -- --stop` from elsewhere, while this page's front runs.
  await stopHost(server.dataDir);
  await expect(hostLine(page, 'The session host was stopped.')).toBeVisible({ timeout: 20_000 });
  await expect(hostLine(page, 'run npm run serve again')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Start' })).toHaveCount(0);
});

test('Settings → General → Session host: both settings are kept by the host, across a stop and a new host', async ({ page }) => {
  const dataDir = seededDataDir();
  server = await startServer({ dataDir, env });
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Settings' }).click();
  let dialog = page.getByRole('dialog', { name: 'Settings' });
  let group = dialog.getByRole('group', { name: 'Session host' });
  const stopAgents = group.getByRole('checkbox', { name: 'Stop agents when I quit' });
  const idle = group.getByRole('spinbutton', { name: 'Stop the host after idle minutes' });
  await expect(idle).toHaveValue('10');
  await expect(stopAgents).not.toBeChecked();
  await stopAgents.check();
  await expect(group.getByRole('status')).toHaveText('Saved');
  await idle.fill('0');
  await idle.press('Enter');
  await expect(group.getByRole('alert')).toHaveText('Whole minutes from 1 to 10080 (a week).');
  await idle.fill('45');
  await idle.press('Enter');
  await expect(group.getByRole('alert')).toHaveCount(0);
  await expect(group.getByRole('status')).toHaveText('Saved');
  await shoot(page, 'host-settings');

  await server.stop();
  server = await startServer({ dataDir, env });
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Settings' }).click();
  dialog = page.getByRole('dialog', { name: 'Settings' });
  group = dialog.getByRole('group', { name: 'Session host' });
  await expect(group.getByRole('spinbutton', { name: 'Stop the host after idle minutes' })).toHaveValue('45');
  await expect(group.getByRole('checkbox', { name: 'Stop agents when I quit' })).toBeChecked();
});

test('each state of the host line, as pushed over the real socket: readable in both looks (axe), screenshots', async ({ page }) => {
  server = await startServer({ dataDir: seededDataDir(), env });
  // The page's own socket to the real front, with a hand to push what the front would.
  let route: WebSocketRoute | null = null;
  await page.routeWebSocket(/\/ws$/, (ws) => {
    ws.connectToServer();
    route = ws;
  });
  await page.goto(server.url);
  await expect(rowByLabel(page, 'Alpha release notes')).toBeVisible();
  await rowByLabel(page, 'Alpha release notes').click();
  const push = (state: Partial<HostState> & Pick<HostState, 'state'>) =>
    route!.send(JSON.stringify({ event: 'host:state', payload: { message: '', reattached: false, hostVersion: null, ...state } }));
  const states: Array<[string, Partial<HostState> & Pick<HostState, 'state'>, string]> = [
    ['restarting', { state: 'restarting' }, 'The session host stopped; restarting…'],
    ['stopped', { state: 'stopped' }, 'The session host was stopped.'],
    ['outdated', { state: 'outdated', hostVersion: '0.0.9' }, 'The session host runs Swarmdesk 0.0.9; this window is 0.1.0.'],
    ['back', { state: 'connected', reattached: true }, 'The session host is back.'],
  ];
  for (const [name, state, text] of states) {
    push(state);
    await expect(hostLine(page, text)).toBeVisible();
    if (name === 'stopped') await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
    if (name === 'back') {
      // "Back" lasts a few seconds, too short for axe on a loaded machine: its pictures only (it is the plain
      // .banner look, without the warning tint the others are checked in).
      await shoot(page, `host-${name}`);
      continue;
    }
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const result = await new AxeBuilder({ page }).include('.host-status').withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(result.violations.map((v) => `${scheme} ${name}: ${v.id} ${v.help}`)).toEqual([]);
    }
    await shoot(page, `host-${name}`);
  }
});

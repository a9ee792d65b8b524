import { expect, test } from '@playwright/test';
import { openStore } from '../../src/main/core/store';
import { until } from '../support/until';
import { isolatedHome, REAL_CLAUDE } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { shoot } from './support/shots';
import { rowByLabel, rows } from './support/swarm';

// App-wide polish: with no sessions the main area says what to do (once) and starts one; a reload
// reopens the panes that were open, and a session gone meanwhile is dropped quietly.
test.describe.configure({ mode: 'serial' });

const { home } = isolatedHome('polish');
const env = { HOME: home, SWARMDESK_IMPORT: 'off', SWARMDESK_AMBIENT_PROVIDER: 'off', SWARMDESK_CLAUDE_PATH: REAL_CLAUDE };
let empty: RunningServer;
let seeded: RunningServer;

test.beforeAll(async () => {
  const dataDir = freshDataDir('swarmdesk-e2e-polish-');
  const { store } = openStore({ dataDir });
  ['Alpha release notes', 'Bravo websocket drops', 'Charlie login redirect'].forEach((title, i) => {
    store.sessions.insert({ id: `polish-${i}`, kind: 'chat', folder: home, position: i, at: 1_700_000_000_000 + i });
    store.sessions.setTitle(`polish-${i}`, { title, source: 'user', pinned: true });
  });
  store.close();
  [empty, seeded] = await Promise.all([startServer({ dataDir: freshDataDir('swarmdesk-e2e-polish-empty-'), env }), startServer({ dataDir, env })]);
});

test.afterAll(async () => {
  await Promise.all([empty?.stop(), seeded?.stop()]);
});

test('with no sessions the main area says so once and starts a chat in a pane', async ({ page }) => {
  await page.goto(empty.url);
  const main = page.locator('.panes');
  await expect(main.getByRole('heading', { name: 'No sessions yet' })).toBeVisible();
  await expect(page.getByText(/No sessions yet/)).toHaveCount(1); // not in the sidebar as well
  await expect(main.getByRole('button', { name: 'New Claude Code session' })).toBeVisible();
  await shoot(page, 'empty');
  await main.getByRole('button', { name: 'New chat' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Chat');
  await expect(page.getByText(/No sessions yet/)).toHaveCount(0);
});

test('a reload reopens the panes that were open, the focused one focused', async ({ page }) => {
  await page.goto(seeded.url);
  await rowByLabel(page, /^Alpha/).click();
  await rowByLabel(page, /^Charlie/).click({ modifiers: ['Control'] });
  await expect(page.getByRole('main', { name: 'Charlie login redirect' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Alpha release notes' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('main', { name: 'Charlie login redirect' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Alpha release notes' })).toBeVisible();
  await expect(rowByLabel(page, /^Charlie/)).toHaveAttribute('aria-current', 'true');
});

test('a saved pane whose session is gone is dropped quietly on the next start', async ({ page }) => {
  // As if the session had been deleted from another window while this one was closed: the core
  // keeps the window's panes (ui:state), so it is written there while the server is down.
  await seeded.stop();
  const { store } = openStore({ dataDir: seeded.dataDir });
  store.settings.set('ui.panes', { open: ['deleted-meanwhile', 'polish-1'], focused: 'deleted-meanwhile' });
  store.close();
  seeded = await startServer({ dataDir: seeded.dataDir, env });
  await page.goto(seeded.url);
  await expect(page.getByRole('main', { name: 'Bravo websocket drops' })).toBeVisible();
  await until(async () => (await page.evaluate(() => localStorage.getItem('swarmdesk.openPanes'))) === JSON.stringify({ open: ['polish-1'], focused: 'polish-1' }), {
    message: 'the gone pane left the saved panes',
  });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('section.pane')).toHaveCount(1);
});

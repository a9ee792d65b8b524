import { expect, test, type Locator, type Page } from '@playwright/test';
import { startModelServer, type ModelServer } from '../support/model-server';
import { agentEnv, isolatedHome } from './support/agents';
import { startServer, freshDataDir, type RunningServer } from './support/server';
import { createSession, expectOrder, rowByLabel, rows, sendMessage } from './support/swarm';

// The foundation as a user meets it (issue 2): web mode in a real Chromium,
// the same core and renderer as the desktop app. One data folder for the whole
// file so the last test can restart the server on it.
test.describe.configure({ mode: 'serial' });

const dataDir = freshDataDir();
const { home } = isolatedHome('swarm');
let server: RunningServer;
// Chat sessions talk to a model: the stand-in server on loopback plays it.
let model: ModelServer;

async function open(page: Page): Promise<void> {
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
}

async function rename(page: Page, from: string | Locator, to: string): Promise<void> {
  await (typeof from === 'string' ? rowByLabel(page, from) : from).dblclick();
  const field = page.getByRole('textbox', { name: 'Session title' });
  await expect(field).toBeVisible();
  await field.fill(to);
  await field.press('Enter');
}

test.beforeAll(async () => {
  model = await startModelServer({ policy: () => ({ text: 'Noted.' }) });
  server = await startServer({ dataDir, env: agentEnv(model, home) });
});

test.afterAll(async () => {
  await server?.stop();
  await model?.close();
});

test('create a session, type in it, and see its first line as a muted label', async ({ page }) => {
  await open(page);
  await createSession(page, 'Chat');
  await sendMessage(page, 'please fix the login redirect loop on Safari');
  // Until a title exists the label is the first user line; never a placeholder.
  await expect(rows(page).first()).not.toHaveAccessibleName(/^(Untitled|New session|\(none yet\))/i);
  await expect(page.getByRole('main').or(page.getByRole('region')).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/swarm-first-session.png' });
});

test('rename a session, and a placeholder rename is refused with a reason', async ({ page }) => {
  await open(page);
  await rows(page).first().click();
  await rename(page, rows(page).first(), 'Fix kumquat websocket drops');
  await expect(rowByLabel(page, 'Fix kumquat websocket drops')).toBeVisible();

  await rename(page, 'Fix kumquat websocket drops', 'Untitled');
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert).not.toBeEmpty();
  await page.screenshot({ path: 'test-results/swarm-rename-refused.png' });
  await page.getByRole('textbox', { name: 'Session title' }).press('Escape');
  await expect(rowByLabel(page, 'Fix kumquat websocket drops')).toBeVisible();
  await expect(rows(page).filter({ hasText: /^Untitled$/ })).toHaveCount(0);
});

test('reorder by keyboard and by mouse; the order persists', async ({ page }) => {
  await open(page);
  for (const name of ['Alpha release notes', 'Bravo flaky test hunt']) {
    await createSession(page, 'Chat');
    await rename(page, rows(page).first(), name);
    await expect(rowByLabel(page, name)).toBeVisible();
  }
  // New sessions go on top: Bravo, Alpha, Fix kumquat…
  await expectOrder(page, ['Bravo flaky test hunt', 'Alpha release notes', 'Fix kumquat websocket drops']);

  const handle = page.getByRole('button', { name: 'Reorder Bravo flaky test hunt' });
  await handle.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expectOrder(page, ['Alpha release notes', 'Fix kumquat websocket drops', 'Bravo flaky test hunt']);

  // Escape cancels a keyboard move.
  await page.getByRole('button', { name: 'Reorder Alpha release notes' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await expectOrder(page, ['Alpha release notes', 'Fix kumquat websocket drops', 'Bravo flaky test hunt']);

  // Mouse: drag Bravo's handle onto the first row.
  await page
    .getByRole('button', { name: 'Reorder Bravo flaky test hunt' })
    .dragTo(rowByLabel(page, 'Alpha release notes'), { targetPosition: { x: 20, y: 2 } });
  await expectOrder(page, ['Bravo flaky test hunt', 'Alpha release notes', 'Fix kumquat websocket drops']);

  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  await expectOrder(page, ['Bravo flaky test hunt', 'Alpha release notes', 'Fix kumquat websocket drops']);
  await page.screenshot({ path: 'test-results/swarm-reordered.png' });
});

test('search finds a session by something said in it', async ({ page }) => {
  await open(page);
  await rowByLabel(page, 'Alpha release notes').click();
  await sendMessage(page, 'the changelog must mention the xylophone importer');
  const search = page.getByRole('searchbox', { name: 'Search sessions' });
  await search.fill('xyloph');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toHaveAccessibleName(/^Alpha release notes/);
  await page.screenshot({ path: 'test-results/swarm-search.png' });
  await search.fill('');
  await expect(rows(page)).toHaveCount(3);
});

test('archive with undo, and the archived view', async ({ page }) => {
  await open(page);
  const row = rowByLabel(page, 'Bravo flaky test hunt');
  await row.getByRole('button', { name: /More actions/ }).click();
  await page.getByRole('menuitem', { name: /^Archive/ }).click();
  await expect(rowByLabel(page, 'Bravo flaky test hunt')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(rowByLabel(page, 'Bravo flaky test hunt')).toBeVisible();

  await rowByLabel(page, 'Bravo flaky test hunt').getByRole('button', { name: /More actions/ }).click();
  await page.getByRole('menuitem', { name: /^Archive/ }).click();
  await expect(rowByLabel(page, 'Bravo flaky test hunt')).toHaveCount(0);
  await page.getByRole('checkbox', { name: /archived/i }).or(page.getByRole('switch', { name: /archived/i })).or(page.getByRole('button', { name: /archived/i })).first().click();
  await expect(rowByLabel(page, 'Bravo flaky test hunt')).toBeVisible();
  await page.screenshot({ path: 'test-results/swarm-archived-view.png' });
});

test('restart the server on the same data folder: everything is as it was', async ({ page }) => {
  await server.stop();
  server = await startServer({ dataDir, env: agentEnv(model, home) });
  await open(page);
  await expectOrder(page, ['Alpha release notes', 'Fix kumquat websocket drops']);
  await rowByLabel(page, 'Alpha release notes').click();
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('xylophone importer');
  await page.getByRole('searchbox', { name: 'Search sessions' }).fill('xylophone');
  await expect(rows(page)).toHaveCount(1);
  await page.screenshot({ path: 'test-results/swarm-after-restart.png' });
});

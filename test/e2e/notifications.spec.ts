import { expect, test, type Page } from '@playwright/test';
import { startModelServer, type ModelServer } from '../support/model-server';
import { agentEnv, composer, createSessionIn, isolatedHome, pane, type } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { shoot } from './support/shots';
import { rowByLabel } from './support/swarm';

// Issue 10 §5 and §8, as a new user meets them in web mode (Chromium): a session
// out of sight that finishes taps the user on the shoulder through the browser's
// Notification API, the tab title counts waiting sessions, its cost shows in the
// pane header; toasts keep off the composer; the terminal follows the dark look.
test.describe.configure({ mode: 'serial' });

const dataDir = freshDataDir('swarmdesk-e2e-notify-');
const { home, work } = isolatedHome('notify');
let model: ModelServer;
let server: RunningServer;

const FIRST = 'sketch the kumquat harvest plan for the orchard this spring';
// It ends with a question: the chat cannot go on without the user, so it waits (SPEC §2) and notifies.
const REPLY = 'Pick the ripest kumquats first, then the rest a week later. Shall I draft the pickers\' schedule?';
const SECOND = 'draft a note to the pickers about the new schedule and the pay';

interface SeenNotification {
  title: string;
  body: string | undefined;
}

/** The page's side, typed here without the DOM library (this file compiles for node). */
interface PageNotification {
  onclick: ((event: unknown) => void) | null;
}
type NotificationCtor = new (title: string, options?: { body?: string }) => PageNotification;
interface PageGlobals {
  Notification: NotificationCtor;
  __notifications: Array<{ title: string; body: string | undefined; n: PageNotification }>;
  document: { hasFocus(): boolean };
}

/** Wraps the browser's real Notification constructor so the test sees each one made (the API itself is Chromium's). */
async function spyOnNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const g = globalThis as unknown as PageGlobals;
    const Real = g.Notification;
    const seen: PageGlobals['__notifications'] = [];
    g.__notifications = seen;
    class Spy extends Real {
      constructor(title: string, options?: { body?: string }) {
        super(title, options);
        seen.push({ title, body: options?.body, n: this });
      }
    }
    Object.defineProperty(g, 'Notification', { value: Spy, configurable: true, writable: true });
  });
}

function notificationsSeen(page: Page): Promise<SeenNotification[]> {
  return page.evaluate(() => (globalThis as unknown as PageGlobals).__notifications.map(({ title, body }) => ({ title, body })));
}

async function open(page: Page): Promise<void> {
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });
}

test.beforeAll(async () => {
  model = await startModelServer({ policy: () => ({ text: 'OK' }) });
  server = await startServer({ dataDir, env: agentEnv(model, home, { SWARMDESK_IMPORT: 'off', SWARMDESK_AMBIENT_PROVIDER: 'off', SHELL: '/bin/bash' }) });
});

test.afterAll(async () => {
  await server?.stop();
  await model?.close();
});

test('a chat that finishes out of sight notifies through the browser, the tab title counts it, a click opens it', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['notifications'], { origin: new URL(server.url).origin });
  await spyOnNotifications(page);
  await open(page);
  await expect(page).toHaveTitle('Swarmdesk');

  // A reply that takes a few seconds; meanwhile the user opens another session, so the first is out of sight.
  model.enqueue({ text: REPLY, chunkDelayMs: 200 });
  await createSessionIn(page, 'Chat');
  await type(page, FIRST);
  await expect(rowByLabel(page, FIRST)).toHaveAccessibleName(/, working/);
  await createSessionIn(page, 'Chat');
  await expect(pane(page, FIRST)).toHaveCount(0);

  await expect(rowByLabel(page, FIRST)).toHaveAccessibleName(/, waiting for you/, { timeout: 30_000 });
  await expect(page).toHaveTitle('(1) Swarmdesk');
  await expect.poll(() => notificationsSeen(page)).toEqual([{ title: FIRST, body: 'Waiting for you.' }]);

  // Clicking the notification brings that session on screen; its cost shows in the header (tokens; no money from a chat API).
  await page.evaluate(() => (globalThis as unknown as PageGlobals).__notifications[0]?.n.onclick?.({ type: 'click' }));
  const shown = pane(page, FIRST);
  await expect(shown).toBeVisible();
  await expect(shown.getByLabel(/^Usage: 1 turn · \d+(\.\d)?k? in · \d+ out$/)).toBeVisible();
  await page.screenshot({ path: 'test-results/notify-usage-header.png' });

  // While the user watches it in a focused window, its next turn does not notify.
  model.enqueue({ text: 'Done.' });
  await page.bringToFront();
  const focused = await page.evaluate(() => (globalThis as unknown as PageGlobals).document.hasFocus());
  await type(page, SECOND);
  // 'Done.' asks nothing: the row is done (idle), no longer counted as waiting.
  await expect(rowByLabel(page, FIRST)).toHaveAccessibleName(/, (done|idle)\b/, { timeout: 30_000 });
  await expect(shown.getByLabel(/^Usage: 2 turns/)).toBeVisible();
  expect(focused).toBe(true);
  expect(await notificationsSeen(page)).toHaveLength(1);
  await expect(page).toHaveTitle('Swarmdesk');
});

test('a toast never covers the composer', async ({ page }) => {
  await open(page);
  const shown = pane(page);
  await rowByLabel(page, FIRST).click();
  await expect(shown).toBeVisible();
  // Archiving the other session says so in a toast, with the long label in it.
  const other = page.getByRole('navigation', { name: 'Sessions' }).getByRole('listitem').filter({ hasNotText: FIRST }).first();
  await other.getByRole('button', { name: /^More actions for/ }).click({ force: true });
  await page.getByRole('menuitem', { name: /^Archive/ }).click();
  const toast = page.locator('.toast').first();
  await expect(toast).toBeVisible();
  await composer(page).fill('A draft that a toast must not hide');
  const size = page.viewportSize();
  // At the window's size, and in a small window (whose sidebar, and so the toasts' room, is narrower).
  for (const narrow of [false, true]) {
    if (narrow) await page.setViewportSize({ width: 640, height: 560 });
    const toastBox = await toast.boundingBox();
    const composerBox = await composer(page).boundingBox();
    expect(toastBox && composerBox).toBeTruthy();
    if (!toastBox || !composerBox) return;
    const overlaps =
      toastBox.x < composerBox.x + composerBox.width &&
      composerBox.x < toastBox.x + toastBox.width &&
      toastBox.y < composerBox.y + composerBox.height &&
      composerBox.y < toastBox.y + toastBox.height;
    expect(overlaps, `toast ${JSON.stringify(toastBox)} vs composer ${JSON.stringify(composerBox)}${narrow ? ' at 640x560' : ''}`).toBe(false);
  }
  if (size) await page.setViewportSize(size);
  // Nor the Settings button below the list: it stays clickable while the toast shows.
  const settings = page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: 'Settings' });
  await settings.click({ timeout: 5_000 });
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: 'test-results/notify-toast-composer.png' });
});

test('the terminal follows the dark look, and switches live to light', async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  await open(page);
  await createSessionIn(page, 'Terminal', work);
  const screen = page.getByRole('main').getByRole('group', { name: 'Terminal' });
  await expect(screen).toContainText(/[$#]\s*$/, { timeout: 20_000 });
  await page.keyboard.type('echo "dark-$((6*7))"');
  await page.keyboard.press('Enter');
  await expect(screen).toContainText('dark-42', { timeout: 15_000 });
  // xterm paints its ground on its scrollable element (an inline style from the theme); rows take the foreground.
  const ground = screen.locator('.xterm [style*="background-color"]').first();
  const rowsText = screen.locator('.xterm-rows');
  await expect(ground).toHaveCSS('background-color', 'rgb(38, 38, 42)');
  await expect(rowsText).toHaveCSS('color', 'rgb(236, 236, 240)');
  await page.screenshot({ path: 'test-results/notify-terminal-dark.png' });
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(ground).toHaveCSS('background-color', 'rgb(243, 243, 241)');
  await expect(rowsText).toHaveCSS('color', 'rgb(29, 29, 31)');
  await page.screenshot({ path: 'test-results/notify-terminal-light.png' });
});

test('Settings → Notifications: "Also notify me when a session is done" is off at first and kept across a reload', async ({ page }) => {
  await open(page);
  const settings = async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'Notifications' }).click();
    return dialog.getByRole('checkbox', { name: /Also notify me when a session is done/ });
  };
  const optIn = await settings();
  await expect(optIn).not.toBeChecked();
  await optIn.click();
  await expect(optIn).toBeChecked();
  await expect(optIn).toBeFocused();
  await shoot(page, 'notify-done-setting');
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });
  await expect(await settings()).toBeChecked();
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { isolatedHome } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { shoot, snap } from './support/shots';
import { rowByLabel, rows, seedSessions, sessionList } from './support/swarm';

// Focus and keyboard (issue 28) in a real Chromium against web mode, over a swarm of 10,000 sessions in
// two projects: focus stays in Settings after "Add host" (Escape still closes it) and comes back to the
// row or the pane's title after a rename; Home and End reach the first and last of the 10,000 rows; Tab
// from a row goes on down, not back up to a heading; double-clicking the pane's title renames; a drag
// shows a line where the row will land.
test.describe.configure({ mode: 'serial' });

const TOTAL = 10_000;
const label = (i: number): string => `Task ${String(i).padStart(5, '0')} of the swarm`;
const dataDir = freshDataDir('swarmdesk-e2e-focus-');
const { home } = isolatedHome('focus');
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  seedSessions(dataDir, TOTAL, label, (i) => (i % 2 === 0 ? '/home/dev/alpha' : '/home/dev/beta'));
  // ssh reads this empty config only (never the machine's), and finds no host by the name added below.
  const sshConfig = join(home, 'ssh_config');
  writeFileSync(sshConfig, '');
  server = await startServer({ dataDir, env: { SWARMDESK_AMBIENT_PROVIDER: 'off', HOME: home, SWARMDESK_SSH_CONFIG: sshConfig } });
});

test.afterAll(async () => {
  await server?.stop();
});

async function open(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(server.url);
  await expect(rows(page).first()).toBeVisible({ timeout: 20_000 });
  // The whole swarm has arrived (the list is busy until its last page).
  await expect(sessionList(page)).not.toHaveAttribute('aria-busy', 'true', { timeout: 30_000 });
}

/** What has focus: its role and name as a test can say them, and whether it is inside `within`. */
async function focused(page: Page): Promise<{ tag: string; name: string; sessionId: string | null; inDialog: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      name: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '',
      sessionId: el?.dataset.sessionId ?? null,
      inDialog: el?.closest('[role="dialog"]') !== null && el?.closest('[role="dialog"]') !== undefined,
    };
  });
}

/** The row (listitem) that has focus, by its place in the list. */
async function focusedRow(page: Page): Promise<{ position: string | null; size: string | null; name: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { position: el?.getAttribute('aria-posinset') ?? null, size: el?.getAttribute('aria-setsize') ?? null, name: el?.getAttribute('aria-label') ?? '' };
  });
}

test('Settings → Hosts: after "Add host" focus stays in the dialog and Escape closes it', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Hosts' }).click();
  const hosts = settings.getByRole('region', { name: 'Hosts' });
  await hosts.getByRole('textbox', { name: 'SSH destination' }).fill('nowhere.invalid');
  const add = hosts.getByRole('button', { name: 'Add host' });
  await add.click();
  await expect(hosts.getByRole('listitem', { name: /^nowhere\.invalid/ })).toBeVisible();
  // The press's work is done (the field emptied); focus is still on the button used, inside the dialog.
  await expect(hosts.getByRole('textbox', { name: 'SSH destination' })).toHaveValue('');
  await expect(add).toBeFocused();
  expect((await focused(page)).inDialog).toBe(true);
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
});

test('Settings → Hosts: after "Remove" focus goes on to what took the host\'s place', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Hosts' }).click();
  const hosts = settings.getByRole('region', { name: 'Hosts' });
  await hosts.getByRole('textbox', { name: 'SSH destination' }).fill('gone.invalid');
  await hosts.getByRole('button', { name: 'Add host' }).click();
  const item = hosts.getByRole('listitem', { name: /^gone\.invalid/ });
  await item.getByRole('button', { name: 'Remove' }).click();
  await expect(item).toBeHidden();
  // The list redrew without the host: focus is on a control of the dialog, not the page's body.
  await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
});

test('Escape out of a rename gives focus back to the row; so does a saved rename', async ({ page }) => {
  await open(page);
  const row = rowByLabel(page, label(0));
  await row.dblclick();
  const field = page.getByRole('textbox', { name: 'Session title' });
  await expect(field).toBeFocused();
  await field.press('Escape');
  await expect(field).toBeHidden();
  await expect(row).toBeFocused();

  // Keys reach the row again: F2 opens the field, Enter saves, and focus is back on the renamed row.
  await page.keyboard.press('F2');
  await expect(field).toBeFocused();
  await field.fill('Renamed from the keyboard');
  await field.press('Enter');
  await expect(field).toBeHidden();
  await expect(rowByLabel(page, 'Renamed from the keyboard')).toBeFocused();
  // The saved title's push redraws the row: let it land before the next key (CI saw the key go first).
  await page.waitForTimeout(500);
  await expect(rowByLabel(page, 'Renamed from the keyboard')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await focusedRow(page)).position).toBe('2');
});

test('double-clicking the pane title renames there; focus then comes back to the title', async ({ page }) => {
  await open(page);
  await rowByLabel(page, label(2)).click();
  const main = page.getByRole('main', { name: label(2) });
  const title = main.getByRole('heading', { level: 2, name: label(2) });
  await title.dblclick();
  const field = main.getByRole('textbox', { name: 'Session title' });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(label(2));
  // Only the pane's field: the row keeps its label.
  await expect(sessionList(page).getByRole('textbox', { name: 'Session title' })).toHaveCount(0);
  await shoot(page, 'focus-pane-rename');
  await field.fill('Renamed in its pane');
  await field.press('Enter');
  // The pane is named by the new title now.
  await expect(page.getByRole('main', { name: 'Renamed in its pane' }).getByRole('heading', { level: 2, name: 'Renamed in its pane' })).toBeFocused();
  await expect(rowByLabel(page, 'Renamed in its pane')).toBeVisible();

  // The pane's menu renames in the pane too, and Escape gives focus back to the title; Escape in the menu
  // itself gives it back to "Session actions", not to the row's button in the list.
  const renamed = page.getByRole('main', { name: 'Renamed in its pane' });
  const actions = renamed.getByRole('button', { name: 'Session actions' });
  await actions.click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await expect(renamed.getByRole('textbox', { name: 'Session title' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(renamed.getByRole('heading', { level: 2, name: 'Renamed in its pane' })).toBeFocused();
  await actions.click();
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(actions).toBeFocused();

  // F2 in the composer renames in the title, and Escape goes back to the composer.
  const composer = renamed.getByRole('textbox', { name: 'Message' });
  await composer.focus();
  await page.keyboard.press('F2');
  await expect(renamed.getByRole('textbox', { name: 'Session title' })).toBeFocused();
  await expect(sessionList(page).getByRole('textbox', { name: 'Session title' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(composer).toBeFocused();
});

test('Home and End move to the first and last of 10,000 rows', async ({ page }) => {
  await open(page);
  await rows(page).first().focus();
  expect(await focusedRow(page)).toMatchObject({ position: '1', size: String(TOTAL) });
  await page.keyboard.press('End');
  await expect.poll(async () => (await focusedRow(page)).position).toBe(String(TOTAL));
  // The last row is drawn and in view (it was not among the rows in the page before).
  const last = page.locator(':focus');
  await expect(last).toBeInViewport();
  // Scrolled back to the top with the wheel, the focused row stays drawn (out of view) and keeps focus.
  await page.locator('.session-scroller').evaluate((scroller) => {
    scroller.scrollTop = 0;
  });
  await expect(rows(page).first()).toBeInViewport();
  await expect(rows(page).first()).toHaveAttribute('aria-posinset', '1');
  expect((await focusedRow(page)).position).toBe(String(TOTAL));
  await page.keyboard.press('ArrowUp');
  await expect.poll(async () => (await focusedRow(page)).position).toBe(String(TOTAL - 1));
  await expect(page.locator(':focus')).toBeInViewport();
  await page.keyboard.press('Home');
  await expect.poll(async () => (await focusedRow(page)).position).toBe('1');
  await expect(page.locator(':focus')).toBeInViewport();
});

test('Tab from a row goes on down the page, not back up to a group heading', async ({ page }) => {
  await open(page);
  // The first row under the first project's heading (a button that folds the group).
  const heading = page.locator('.group-header').filter({ has: page.getByRole('button') }).first();
  const headingBox = (await heading.boundingBox())!;
  const row = rows(page).first();
  const rowBox = (await row.boundingBox())!;
  expect(rowBox.y).toBeGreaterThan(headingBox.y);
  await row.click();
  await row.focus();
  // The row, then its handle and its menu button, then out of it.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /^Reorder / }).and(page.locator(':focus'))).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /^More actions for / }).and(page.locator(':focus'))).toHaveCount(1);
  await page.keyboard.press('Tab');
  const next = page.locator(':focus');
  const nextBox = (await next.boundingBox())!;
  expect(nextBox.y, `Tab went to ${await next.getAttribute('aria-label')}`).toBeGreaterThan(rowBox.y + rowBox.height - 1);
  // Shift+Tab back: the menu button of the same row.
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: /^More actions for / }).and(page.locator(':focus'))).toHaveCount(1);
});

/** The drawn rows' labels, top to bottom on screen. */
async function namesTopDown(list: Locator): Promise<string[]> {
  const drawn = await list.evaluateAll((els) => els.map((el) => ({ y: el.getBoundingClientRect().top, name: (el.getAttribute('aria-label') ?? '').split(',')[0] ?? '' })));
  return drawn.sort((a, b) => a.y - b.y).map((row) => row.name);
}

/** A mouse drag moved to (x, y): a move there, and two nudges (each move of a drag is one dragover, sent after the last one's answer). */
async function dragOver(page: Page, x: number, y: number): Promise<void> {
  await page.mouse.move(x, y);
  await page.mouse.move(x + 1, y);
  await page.mouse.move(x, y);
}

/** The drop line's middle, and the boundary between two rows it should sit on. */
async function lineAndGap(page: Page, upper: Locator, lower: Locator): Promise<{ line: number; gap: number; upperMiddle: number; lowerMiddle: number }> {
  const line = (await page.locator('.drop-indicator').boundingBox())!;
  const a = (await upper.boundingBox())!;
  const b = (await lower.boundingBox())!;
  return { line: line.y + line.height / 2, gap: (a.y + a.height + b.y) / 2, upperMiddle: a.y + a.height / 2, lowerMiddle: b.y + b.height / 2 };
}

test('dragging a row draws a line where it will drop, between the two rows; the keyboard move draws it too', async ({ page }) => {
  await open(page);
  const list = rows(page);
  // The first project's first rows, top to bottom (rows alternate between the two projects). The first
  // stays first, so the group keeps its place whatever order the groups are in.
  const [first, second, third, fourth, fifth] = (await namesTopDown(list)) as [string, string, string, string, string];
  const target = rowByLabel(page, fourth);
  const box = (await target.boundingBox())!;
  await page.getByRole('button', { name: `Reorder ${second}` }).hover();
  await page.mouse.down();
  // Over the lower half of the fourth row: the second would land between the fourth and the fifth.
  await dragOver(page, box.x + 40, box.y + box.height * 0.75);
  const indicator = page.locator('.drop-indicator');
  await expect(indicator).toBeVisible();
  const below = await lineAndGap(page, target, rowByLabel(page, fifth));
  expect(Math.abs(below.line - below.gap)).toBeLessThanOrEqual(2);
  await snap(page, 'focus-drop-line-mouse');
  // Over the upper half of the third row: between the second (its own place) and the third is no move.
  const thirdBox = (await rowByLabel(page, third).boundingBox())!;
  await dragOver(page, thirdBox.x + 40, thirdBox.y + 8);
  await expect(indicator).toHaveCount(0);
  // Back to the fourth row's lower half, and drop: the row lands where the line was.
  await dragOver(page, box.x + 40, box.y + box.height * 0.75);
  await expect(indicator).toBeVisible();
  await page.mouse.up();
  await expect(indicator).toHaveCount(0);
  const five = [first, second, third, fourth, fifth];
  await expect.poll(async () => (await namesTopDown(list)).filter((name) => five.includes(name))).toEqual([first, third, fourth, second, fifth]);

  // The keyboard: Space picks the third up, ArrowDown moves it past the fourth, and the line marks the gap it
  // drops into (the list draws it there already); each step is said.
  const keyHandle = page.getByRole('button', { name: `Reorder ${third}` });
  await keyHandle.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(indicator).toBeVisible();
  const moved = await lineAndGap(page, rowByLabel(page, fourth), rowByLabel(page, third));
  expect(Math.abs(moved.line - moved.gap)).toBeLessThanOrEqual(2);
  await expect(page.getByText(`${third}, position 3 of`)).toBeAttached();
  await shoot(page, 'focus-drop-line-keyboard');
  await page.keyboard.press('Escape');
  await expect(indicator).toHaveCount(0);
  await expect(keyHandle).toBeFocused();
  await expect.poll(async () => (await namesTopDown(list)).filter((name) => five.includes(name))).toEqual([first, third, fourth, second, fifth]);
});

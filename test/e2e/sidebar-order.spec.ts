import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openStore } from '../../src/main/core/store';
import { startModelServer, type ModelServer } from '../support/model-server';
import { agentEnv } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { shoot, snap } from './support/shots';
import { rowByLabel, rows, sessionList } from './support/swarm';

// Issue 28, the sidebar's order (web mode, a real Chromium): a project's count is the rows drawn
// under it (a pinned row is under "Pinned" only); rows within a group by the time they show, newest
// first, and groups by their newest row; a reorder marks the group (drawn in the places given) and
// the row menu's "Sort by time" clears it; a row that gets newer while the pointer is over the
// list stays put until the pointer leaves; the headings read as written ("Pinned", not "PINNED").
test.describe.configure({ mode: 'serial' });

const dataDir = freshDataDir('swarmdesk-e2e-order-');
const home = join(dataDir, 'home');
const api = join(home, 'src', 'api');
const docs = join(home, 'src', 'docs');
let server: RunningServer;
let model: ModelServer;

test.beforeAll(async () => {
  mkdirSync(api, { recursive: true });
  mkdirSync(docs, { recursive: true });
  const { store } = openStore({ dataDir });
  const now = Date.now();
  // Positions are the order they were made in (new on top); the times say otherwise.
  const add = (id: string, folder: string, title: string, minutesAgo: number, position: number) => {
    store.sessions.insert({ id, kind: 'chat', folder, position, at: now - minutesAgo * 60_000 });
    store.sessions.setTitle(id, { title, source: 'auto', pinned: false });
  };
  store.transaction(() => {
    add('d-pin', docs, 'Release checklist for the docs', 400, 0);
    store.sessions.setPinned('d-pin', true, 0);
    add('a-old', api, 'Port the retry policy', 300, 1);
    add('d-new', docs, 'Tune the docs search ranking', 2, 2);
    add('a-new', api, 'Fix the kumquat websocket drops', 20, 3);
    add('a-mid', api, 'Rename the confusing variables', 90, 4);
    add('d-old', docs, 'Proofread the install guide', 200, 5);
  });
  store.close();
  // A chat answers (the stand-in model server), so a message makes its row the newest.
  model = await startModelServer({ policy: () => ({ text: 'OK' }) });
  server = await startServer({ dataDir, env: agentEnv(model, home, { SWARMDESK_AMBIENT_PROVIDER: 'off', SWARMDESK_IMPORT: 'off' }) });
});

test.afterAll(async () => {
  await server?.stop();
  await model?.close();
});

async function open(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(server.url);
  await expect(rows(page).first()).toBeVisible();
}

/** The rows' labels top to bottom, as drawn. */
const labels = async (page: Page): Promise<string[]> =>
  (await rows(page).evaluateAll((els) => els.map((el) => ({ y: el.getBoundingClientRect().top, name: el.getAttribute('aria-label') ?? '' }))))
    .sort((a, b) => a.y - b.y)
    .map((row) => row.name.split(',')[0] ?? '');

const BY_TIME = [
  'Release checklist for the docs',
  'Tune the docs search ranking',
  'Proofread the install guide',
  'Fix the kumquat websocket drops',
  'Rename the confusing variables',
  'Port the retry policy',
];

/** Moves the pointer off the list (and the focus with a click on the pane area). */
async function leaveList(page: Page): Promise<void> {
  await page.mouse.move(900, 500);
  await page.mouse.click(900, 500);
}

test('counts are the rows under each heading; rows by time in each group; groups by their newest row; headings as written', async ({ page }) => {
  await open(page);
  // docs holds three rows, one of them pinned: "docs 2" lists two.
  await expect(page.getByRole('button', { name: 'docs, 2 sessions' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'api, 3 sessions' })).toBeVisible();
  await expect.poll(() => labels(page)).toEqual(BY_TIME);
  // One wording each: the heading reads "Pinned" as written, as a project's own name does (not "PINNED").
  expect(await page.locator('.group-header[data-group="pinned"]').innerText()).toBe('Pinned');
  expect(await page.locator('.group-header[data-group="project:' + docs + '"] .group-name').innerText()).toBe('docs');
  await shoot(page, 'sidebar-order');
});

test('a reorder marks its group, which keeps the order given; "Sort by time" in the row menu clears it', async ({ page }) => {
  await open(page);
  await expect.poll(() => labels(page)).toEqual(BY_TIME);
  // The oldest api row, picked up by keyboard and moved to the top of its group.
  await rowByLabel(page, 'Port the retry policy').getByRole('button', { name: 'Reorder Port the retry policy' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  const reordered = [...BY_TIME.slice(0, 3), 'Port the retry policy', 'Fix the kumquat websocket drops', 'Rename the confusing variables'];
  await expect.poll(() => labels(page)).toEqual(reordered);
  // The rows move at once; the group is marked once main has both moves (CI under load reloaded before that).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('swarmdesk.sidebar') ?? '')).toContain(`"project:${api}":true`);
  // Kept: a reload draws the group as the user left it; the other groups stay by time.
  await page.reload();
  await expect.poll(() => labels(page)).toEqual(reordered);

  await rowByLabel(page, 'Rename the confusing variables').getByRole('button', { name: /More actions/ }).click();
  await snap(page, 'sidebar-order-menu-1400x900-light');
  await page.getByRole('menuitem', { name: 'Sort by time' }).click();
  await leaveList(page);
  await expect.poll(() => labels(page)).toEqual(BY_TIME);
  // Cleared: a row of a group by time has no "Sort by time".
  await rowByLabel(page, 'Rename the confusing variables').getByRole('button', { name: /More actions/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Sort by time' })).toHaveCount(0);
  await page.keyboard.press('Escape');
});

test('a row that gets newer while the pointer is over the list does not move until the pointer leaves', async ({ page, context }) => {
  await open(page);
  await leaveList(page);
  await expect.poll(() => labels(page)).toEqual(BY_TIME);
  const oldest = rowByLabel(page, 'Proofread the install guide');
  await expect(oldest).not.toContainText(/now/);
  // The pointer rests over the list's first row.
  await sessionList(page).getByRole('listitem').first().hover();

  // Meanwhile, in another window, the user says something in that session: its row becomes the newest.
  const other = await context.newPage();
  await other.setViewportSize({ width: 1400, height: 900 });
  await other.goto(server.url);
  await rowByLabel(other, 'Proofread the install guide').click();
  const composer = other.getByRole('textbox', { name: 'Message' });
  await composer.fill('check the install steps on a fresh machine');
  await composer.press('Enter');
  await expect(other.getByRole('log', { name: 'Transcript' })).toContainText('check the install steps', { timeout: 15_000 });

  // Its data changes in place (the time it shows), its place does not.
  await expect(oldest).toContainText('now', { timeout: 15_000 });
  expect(await labels(page)).toEqual(BY_TIME);
  await other.close();
  await page.mouse.move(900, 500);
  // The pointer left (the focus was never in the list): the order catches up.
  await expect
    .poll(() => labels(page))
    .toEqual(['Release checklist for the docs', 'Proofread the install guide', 'Tune the docs search ranking', ...BY_TIME.slice(3)]);
});

test('after a pick from the row menu with the pointer, the row shows its ⋯ or its time, never an empty corner', async ({ page }) => {
  await open(page);
  const row = rowByLabel(page, 'Port the retry policy');
  const more = row.getByRole('button', { name: /More actions/ });
  await more.click();
  await page.getByRole('menuitem', { name: 'Pin' }).click();
  // Focus is back on the ⋯ (as the menu leaves it); the pointer goes elsewhere without a click.
  await expect(more).toBeFocused();
  await page.mouse.move(900, 500);
  // The time steps aside while something in the row has focus, so the ⋯ it makes room for shows.
  const corner = async () =>
    row.evaluate((el) => {
      const time = el.querySelector('.row-time');
      const button = el.querySelector('.row-more');
      return {
        time: time ? getComputedStyle(time).visibility : 'none',
        more: button ? getComputedStyle(button).opacity : 'none',
      };
    });
  await expect.poll(async () => { const c = await corner(); return c.time === 'visible' || c.more === '1'; }).toBe(true);
  await snap(page, 'sidebar-order-after-pin-1400x900-light');
  // Put it back as the other tests expect it.
  await more.click();
  await page.getByRole('menuitem', { name: 'Unpin' }).click();
});

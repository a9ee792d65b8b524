import { expect, test, type Route } from '@playwright/test';
import { openStore } from '../../src/main/core/store';
import { until } from '../support/until';
import { shoot } from './support/shots';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { rowByLabel, rows } from './support/swarm';

// Issue 14 §5: the first page's rows are drawn as plain DOM by the entry chunk, before
// React and the app's code have run, with the same labels as React's rows; React's
// list then replaces them in place.
test.describe.configure({ mode: 'serial' });

const AT = Date.now() - 3 * 3_600_000;
const TITLED = 'Fix the login redirect loop';
const FIRST_LINE = 'Why does the **billing** export skip the last row?';
const FIRST_LINE_LABEL = 'Why does the billing export skip the last row?';
const FACTS = 'Terminal · quiet-corner · 3 h ago';

let server: RunningServer;

test.beforeAll(async () => {
  const dataDir = freshDataDir();
  const { store } = openStore({ dataDir });
  store.transaction(() => {
    store.sessions.insert({ id: 'titled', kind: 'chat', folder: '/home/dev/shop', position: 0, at: AT });
    store.sessions.setTitle('titled', { title: TITLED, source: 'auto', pinned: false });
    store.sessions.insert({ id: 'first-line', kind: 'chat', folder: '/home/dev/shop', position: 1, at: AT });
    store.entries.append('first-line', 'user', FIRST_LINE, null, AT);
    store.sessions.insert({ id: 'facts', kind: 'terminal', folder: '/home/dev/quiet-corner', position: 2, at: AT });
    for (let i = 3; i < 12; i++) {
      store.sessions.insert({ id: `more-${i}`, kind: 'chat', folder: '/home/dev/shop', position: i, at: AT });
      store.sessions.setTitle(`more-${i}`, { title: `Tidy the parser, part ${i}`, source: 'auto', pinned: false });
    }
  });
  store.close();
  server = await startServer({ dataDir, env: { SWARMDESK_AMBIENT_PROVIDER: 'off' } });
});

test.afterAll(async () => {
  await server?.stop();
});

test('the first rows are drawn before React with the same labels, then React’s list replaces them in place', async ({ page }) => {
  // Hold the app's chunk (React and the app), so what the entry chunk drew can be looked at.
  const held: Route[] = [];
  await page.route(/\/assets\/appStart-[^/]+\.js$/, (route) => {
    held.push(route);
  });
  await page.goto(server.url);
  const early = page.locator('[data-early-row]');
  await expect(early).toHaveCount(12);
  await until(() => held.length > 0, { message: 'the app chunk was asked for (and held)' });

  const labels = early.locator('.row-label');
  await expect(labels.nth(0)).toHaveText(TITLED);
  await expect(labels.nth(1)).toHaveText(FIRST_LINE_LABEL);
  await expect(labels.nth(2)).toHaveText(FACTS);
  // Derived labels are muted, as on React's rows; the time is the row's.
  await expect(labels.nth(0)).not.toHaveClass(/muted/);
  await expect(labels.nth(1)).toHaveClass(/muted/);
  await expect(labels.nth(2)).toHaveClass(/muted/);
  await expect(early.nth(0).locator('.row-time')).toHaveText(' · 3h');
  // A picture only: nothing to reach by role or keyboard until React's list is up.
  await expect(page.getByRole('listitem')).toHaveCount(0);
  const earlyBox = await early.nth(1).boundingBox();
  await shoot(page, 'early-rows');

  for (const route of held) await route.continue();
  await expect(rowByLabel(page, FIRST_LINE_LABEL)).toBeVisible();
  await expect(early).toHaveCount(0);
  await expect(page.locator('[data-early-paint]')).toHaveCount(0);
  await expect(rows(page).nth(0)).toHaveAccessibleName(new RegExp(`^${TITLED},`));
  await expect(rows(page).nth(2)).toHaveAccessibleName(new RegExp(`^${FACTS},`));
  // Where the row was drawn before React is where React draws it: no jump.
  const reactBox = await rowByLabel(page, FIRST_LINE_LABEL).boundingBox();
  expect(reactBox).toEqual(earlyBox);
  await shoot(page, 'react-rows');
});

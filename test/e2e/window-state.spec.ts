import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { DB_FILE_NAME, openStore } from '../../src/main/core/store';
import { until } from '../support/until';
import { isolatedHome } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { shoot } from './support/shots';
import { rowByLabel } from './support/swarm';

// Issue 14 §5: a restart reopens the panes that were open. Web mode starts on a new port (a new
// origin, so an empty localStorage) each time: the window's state comes from the core's data dir.
test.describe.configure({ mode: 'serial' });

const { home } = isolatedHome('window-state');
const env = { HOME: home, SWARMDESK_IMPORT: 'off', SWARMDESK_AMBIENT_PROVIDER: 'off' };
let dataDir: string;
let server: RunningServer | undefined;

/** What the running core has kept under a preference key (read beside it, read-only). */
function kept(key: string): unknown {
  const db = new Database(join(dataDir, DB_FILE_NAME), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?').get(key);
    return row ? (JSON.parse(row.value) as unknown) : undefined;
  } finally {
    db.close();
  }
}

test.beforeAll(async () => {
  dataDir = freshDataDir('swarmdesk-e2e-window-state-');
  const { store } = openStore({ dataDir });
  ['Alpha release notes', 'Bravo websocket drops', 'Charlie login redirect'].forEach((title, i) => {
    store.sessions.insert({ id: `ws-${i}`, kind: 'chat', folder: home, position: i, at: 1_700_000_000_000 + i });
    store.sessions.setTitle(`ws-${i}`, { title, source: 'user', pinned: true });
  });
  store.close();
  server = await startServer({ dataDir, env });
});

test.afterAll(async () => {
  await server?.stop();
});

test('a restart on a new port reopens the panes, the focused one focused, and keeps the sidebar width and fold', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(server!.url);
  await rowByLabel(page, /^Alpha/).click();
  await rowByLabel(page, /^Charlie/).click({ modifiers: ['Control'] });
  await rowByLabel(page, /^Bravo/).click({ modifiers: ['Control'] });
  await expect(page.locator('section.pane')).toHaveCount(3);
  // Focus the middle one: the focused pane is not simply the last opened.
  await rowByLabel(page, /^Charlie/).click();
  await expect(page.getByRole('main', { name: 'Charlie login redirect' })).toBeVisible();
  const edge = page.getByRole('separator', { name: 'Resize sidebar' });
  await edge.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(edge).toHaveAttribute('aria-valuenow', '348');
  await page.getByRole('button', { name: 'Hide sidebar' }).click();
  await until(
    () => {
      const panes = kept('ui.panes') as { focused?: string } | undefined;
      const sidebar = kept('ui.sidebar') as { collapsed?: boolean } | undefined;
      return panes?.focused === 'ws-2' && sidebar?.collapsed === true;
    },
    { message: 'the panes and the folded sidebar kept in the core' },
  );
  expect(kept('ui.panes')).toEqual({ open: ['ws-0', 'ws-2', 'ws-1'], focused: 'ws-2' });
  expect(kept('ui.sidebar')).toMatchObject({ width: 348, collapsed: true });

  const before = server!.origin;
  await server!.stop();
  server = await startServer({ dataDir, env });
  expect(server.origin).not.toBe(before); // a new port: this origin's localStorage is empty
  // Each frame from the start: the width of the sidebar while its rows show, and when the panes came back.
  await page.addInitScript(() => {
    const seen: number[] = [];
    const w = window as unknown as { sidebarWidths: number[]; panesAt: number | null };
    w.sidebarWidths = seen;
    w.panesAt = null;
    const sample = (): void => {
      const nav = document.querySelector('nav[aria-label="Sessions"]');
      if (nav && !nav.hasAttribute('aria-busy')) seen.push(Math.round(nav.getBoundingClientRect().width));
      if (w.panesAt === null && document.querySelectorAll('section.pane').length === 3) w.panesAt = performance.now();
      if (performance.now() < 3_000) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await page.goto(server.url);
  await expect(page.locator('section.pane')).toHaveCount(3);
  // Never drawn at the default width first: folded from its first frame on.
  const { widths, panesAt } = await page.evaluate(() => {
    const w = window as unknown as { sidebarWidths: number[]; panesAt: number | null };
    return { widths: [...new Set(w.sidebarWidths)], panesAt: w.panesAt };
  });
  expect(widths.length).toBeGreaterThan(0);
  expect(widths.every((width) => width < 60), `sidebar widths drawn: ${widths.join(', ')}`).toBe(true);
  test.info().annotations.push({ type: 'panes reopened (ms after navigation start)', description: String(Math.round(panesAt ?? -1)) });
  console.log(`panes reopened ${Math.round(panesAt ?? -1)} ms after navigation start; sidebar widths drawn: ${widths.join(', ')}`);
  await expect(page.getByRole('main', { name: 'Charlie login redirect' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Alpha release notes' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bravo websocket drops' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Sessions' });
  await expect(page.getByRole('button', { name: 'Show sidebar' })).toBeVisible();
  expect(Math.round((await nav.boundingBox())!.width)).toBeLessThan(60);
  await shoot(page, 'restarted-hidden');
  await page.getByRole('button', { name: 'Show sidebar' }).click();
  await expect(page.getByRole('separator', { name: 'Resize sidebar' })).toHaveAttribute('aria-valuenow', '348');
  expect(Math.round((await nav.boundingBox())!.width)).toBe(348);
  await expect(rowByLabel(page, /^Charlie/)).toHaveAttribute('aria-current', 'true');
  await shoot(page, 'restarted');
});

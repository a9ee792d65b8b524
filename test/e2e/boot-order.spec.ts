import { expect, test, type Page, type Route } from '@playwright/test';
import { openStore } from '../../src/main/core/store';
import { until } from '../support/until';
import { freshDataDir, startServer, type RunningServer } from './support/server';

// The start's order (issue 15 §3, a fresh client's first row): the entry chunk opens the socket, says
// hello and asks for the first page before the early rows' code (boot/earlyGate: the label rules,
// 0.1-0.35 s to evaluate) runs, so that evaluation overlaps the server's answer instead of holding
// the socket's events behind it; and the rows it draws are there before React's.
let server: RunningServer;

test.beforeAll(async () => {
  const dataDir = freshDataDir();
  const { store } = openStore({ dataDir });
  store.transaction(() => {
    for (let i = 0; i < 30; i++) {
      const id = `boot-${i}`;
      store.sessions.insert({ id, kind: 'chat', folder: '/home/dev/boot', position: i, at: 1_700_000_000_000 + i });
      store.sessions.setTitle(id, { title: `Boot order session ${i}`, source: 'auto', pinned: false });
    }
  });
  store.close();
  server = await startServer({ dataDir, env: { SWARMDESK_AMBIENT_PROVIDER: 'off' } });
});

test.afterAll(async () => {
  await server?.stop();
});

/** Holds the early rows' chunk (boot/earlyGate) when the page asks for it, so no early row can be drawn until released. */
async function holdEarlyRows(page: Page): Promise<{ asked: () => Promise<void>; release: () => Promise<void> }> {
  const held: Route[] = [];
  await page.route(/\/assets\/earlyGate-[^/]+\.js$/, (route) => {
    held.push(route);
  });
  return {
    asked: async () => {
      await until(() => held.length > 0, { message: 'the early rows’ chunk was asked for (and held)' });
    },
    release: async () => {
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

test('the socket says hello and asks for the first page while the early rows’ code is still held; the rows come once it runs', async ({ page }) => {
  const gate = await holdEarlyRows(page);
  const sent: string[] = [];
  page.on('websocket', (ws) => {
    ws.on('framesent', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { type?: string; channel?: string };
      sent.push(frame.type ?? frame.channel ?? '?');
    });
  });
  // The app chunk (0.5 MB, React and the app) is not fetched before the early rows are drawn: its
  // compile would compete with them for the main thread.
  const appChunk: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/appStart-[^/]+\.js$/.test(request.url())) appChunk.push(request.url());
  });
  await page.goto(server.url);
  await gate.asked();
  await until(() => sent.includes('sessions:list'), { message: 'the first page asked for while the chunk is held' });
  expect(sent.slice(0, 1)).toEqual(['hello']);
  await expect(page.locator('[data-early-row]')).toHaveCount(0);
  expect(appChunk).toEqual([]);
  await gate.release();
  // Its rows (or, if the app was quicker, React's) are then on screen.
  await expect(page.locator('[data-early-row], [role="listitem"]').first()).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Boot order session 29' })).toBeVisible();
});

test('the entry’s styles come inside the page: no style sheet is fetched before the first rows, and the page is styled already', async ({ page }) => {
  // Held, so the early rows cannot be drawn yet: what the page has at this point is what it had before them.
  const gate = await holdEarlyRows(page);
  const sheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') sheets.push(request.url());
  });
  const refused: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) refused.push(msg.text());
  });
  await page.goto(server.url);
  await gate.asked();
  expect(sheets).toEqual([]);
  // base.css's own values: the theme's colours and the body's type are in force before any row.
  const styled = await page.evaluate(() => ({
    bg: getComputedStyle(document.documentElement).getPropertyValue('--bg').trim(),
    font: getComputedStyle(document.body).fontSize,
  }));
  expect(styled.bg).not.toBe('');
  expect(styled.font).toBe('13px');
  await gate.release();
  await expect(page.getByRole('listitem').filter({ hasText: 'Boot order session 29' })).toBeVisible();
  expect(refused).toEqual([]);
});

test('xterm.js is fetched ahead of the first terminal pane when the swarm has a terminal, and not when it has none', async ({ page, browser }) => {
  const xterm = /\/assets\/xtermScreen-[^/]+\.js$/;
  // No terminal in this swarm: once the app is up and idle, xterm.js was not asked for.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (xterm.test(request.url())) asked.push(request.url());
  });
  const markdown: string[] = [];
  page.on('requestfinished', (request) => {
    if (/\/assets\/MarkdownRenderer-[^/]+\.js$/.test(request.url())) markdown.push(request.url());
  });
  await page.goto(server.url);
  await expect(page.getByRole('listitem').first()).toBeVisible();
  // The markdown chunk comes first (after the swarm is in), then xterm.js if there is a terminal.
  await until(() => markdown.length > 0, { message: 'the markdown chunk preloaded' });
  // Its module evaluated (the preload follows it in the same task) two frames after it arrived, at the latest.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(asked).toEqual([]);

  const dataDir = freshDataDir();
  const { store } = openStore({ dataDir });
  store.sessions.insert({ id: 'term-1', kind: 'terminal', folder: '/tmp', position: 0, at: 1_700_000_000_000 });
  store.close();
  const withTerminal = await startServer({ dataDir, env: { SWARMDESK_AMBIENT_PROVIDER: 'off' } });
  const other = await browser.newPage();
  try {
    const fetched: string[] = [];
    other.on('requestfinished', (request) => {
      if (xterm.test(request.url())) fetched.push(request.url());
    });
    await other.goto(withTerminal.url);
    await expect(other.getByRole('listitem').first()).toBeVisible();
    await until(() => fetched.length > 0, { message: 'xterm.js fetched with no pane open' });
    // No terminal is drawn: the one xterm built ahead for the first pane (spareXterm.ts) is out of sight.
    await expect(other.locator('.terminal-spare .xterm')).toHaveCount(1, { timeout: 15_000 });
    await expect(other.locator('.xterm')).toHaveCount(1);
    await expect(other.locator('.xterm')).toBeHidden();
  } finally {
    await other.close();
    await withTerminal.stop();
  }
});

import { expect, test, type Page, type Route, type WebSocketRoute } from '@playwright/test';
import { openStore } from '../../src/main/core/store';
import { until } from '../support/until';
import AxeBuilder from '@axe-core/playwright';
import { shoot } from './support/shots';
import { AXE_TAGS, BLOCKING_IMPACTS } from './support/sweep';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { expectOrder, rowByLabel, rows, sessionList } from './support/swarm';

// A lean first paint (issue 9): with more sessions than the first page, the
// page asks for the first page, paints it, then asks for the rest; what the
// user does while the rest is on its way ends in the right state.
test.describe.configure({ mode: 'serial' });

/** The first page (100), then pages of 1,000 after it: 1,000, 1,000 and 200. */
const TOTAL = 2_300;
const FIRST_PAGE = 100;
const PAGE = 1_000;
const FOUND = 2_250;
const label = (i: number): string => `Session ${String(i).padStart(3, '0')} of the big swarm`;

let server: RunningServer;

test.beforeAll(async () => {
  const dataDir = freshDataDir();
  const { store } = openStore({ dataDir });
  store.transaction(() => {
    for (let i = 0; i < TOTAL; i++) {
      const id = `big-${i}`;
      store.sessions.insert({ id, kind: 'chat', folder: '/home/dev/big', position: i, at: 1_700_000_000_000 - i }); // newest first
      store.sessions.setTitle(id, { title: label(i), source: 'auto', pinned: false });
      store.entries.append(id, 'user', i === FOUND ? 'the kumquat importer drops rows' : `look at case ${i}`, null, 1_700_000_000_000 - i);
    }
  });
  while (store.entries.flushIndex(10_000) > 0);
  store.close();
  server = await startServer({ dataDir, env: { SWARMDESK_AMBIENT_PROVIDER: 'off' } });
});

test.afterAll(async () => {
  await server?.stop();
});

interface ListFrame {
  id: number;
  input: { includeArchived?: boolean; limit?: number; after?: { pinned: boolean; updatedAt: number; id: string } };
}

/** `sessions:list` requests the page sends, and the row count of each reply, in order. */
function watchLists(page: Page): { asked: ListFrame[]; replies: Array<{ id: number; rows: number }> } {
  const asked: ListFrame[] = [];
  const replies: Array<{ id: number; rows: number }> = [];
  page.on('websocket', (ws) => {
    ws.on('framesent', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { id?: number; channel?: string; input?: ListFrame['input'] };
      if (frame.channel === 'sessions:list' && typeof frame.id === 'number') asked.push({ id: frame.id, input: frame.input ?? {} });
    });
    ws.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { id?: number; result?: { ok: boolean; value?: unknown } };
      if (typeof frame.id === 'number' && asked.some((a) => a.id === frame.id) && Array.isArray(frame.result?.value)) {
        replies.push({ id: frame.id, rows: frame.result.value.length });
      }
    });
  });
  return { asked, replies };
}

test('the first page arrives first, then the rest of the swarm follows', async ({ page }) => {
  const lists = watchLists(page);
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  await expectOrder(page, [label(0), label(1), label(2)]);
  await until(() => lists.replies.length >= 4, { message: 'the first page and the rest, page by page' });
  // Each page starts after the last row of the one before (keyset, in main's order).
  const after = (i: number) => ({ pinned: false, updatedAt: 1_700_000_000_000 - i, id: `big-${i}` });
  expect(lists.asked.map((a) => a.input)).toEqual([
    { includeArchived: false, limit: FIRST_PAGE },
    { includeArchived: false, limit: PAGE, after: after(FIRST_PAGE - 1) },
    { includeArchived: false, limit: PAGE, after: after(FIRST_PAGE + PAGE - 1) },
    { includeArchived: false, limit: PAGE, after: after(FIRST_PAGE + 2 * PAGE - 1) },
  ]);
  expect(lists.replies.map((r) => r.rows)).toEqual([FIRST_PAGE, PAGE, PAGE, TOTAL - FIRST_PAGE - 2 * PAGE]);
  await expect(page.getByRole('list', { name: 'Sessions' })).not.toHaveAttribute('aria-busy');

  // A row beyond the first page is there, found by what was said in it.
  await page.getByRole('searchbox', { name: 'Search sessions' }).fill('kumquat');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toHaveAccessibleName(new RegExp(`^${label(FOUND)}`));
});

test('pin, archive, reorder, rename, delete and search while the rest is held back end in main\'s state', async ({ page }) => {
  // Hold the page's requests for the pages after the first until released: main
  // answers them after what the user does meanwhile, as it would on a slow start.
  const held: Array<() => void> = [];
  let holding = true;
  await page.routeWebSocket(/\/ws$/, (ws: WebSocketRoute) => {
    const toServer = ws.connectToServer();
    ws.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { channel?: string; input?: { after?: unknown } };
      const send = (): void => toServer.send(message);
      if (holding && frame.channel === 'sessions:list' && frame.input?.after !== undefined) held.push(send);
      else send();
    });
  });
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  await until(() => held.length > 0, { message: 'the request for the rest' });

  // Rename the seventh row, delete the eighth.
  await rowByLabel(page, label(6)).dblclick();
  const field = page.getByRole('textbox', { name: 'Session title' });
  await field.fill('Renamed while the rest was held');
  await field.press('Enter');
  await expect(rowByLabel(page, 'Renamed while the rest was held')).toBeVisible();
  await rowByLabel(page, label(7)).getByRole('button', { name: /More actions/ }).click();
  await page.getByRole('menuitem', { name: /^Delete/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(rowByLabel(page, label(7))).toHaveCount(0);

  // Pin the fifth row, archive the second, move the fourth down by one.
  await rowByLabel(page, label(4)).getByRole('button', { name: /More actions/ }).click();
  await page.getByRole('menuitem', { name: /^Pin/ }).click();
  await expectOrder(page, [label(4), label(0), label(1)]);
  await rowByLabel(page, label(1)).getByRole('button', { name: /More actions/ }).click();
  await page.getByRole('menuitem', { name: /^Archive/ }).click();
  await expect(rowByLabel(page, label(1))).toHaveCount(0);
  await page.getByRole('button', { name: `Reorder ${label(3)}` }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expectOrder(page, [label(4), label(0), label(2), label(5), label(3)]);

  // A search for a row not loaded yet: found once the rest has arrived.
  const search = page.getByRole('searchbox', { name: 'Search sessions' });
  await search.fill('kumquat');
  holding = false;
  for (const send of held.splice(0)) send();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toHaveAccessibleName(new RegExp(`^${label(FOUND)}`));
  await search.fill('');
  const final = [label(4), label(0), label(2), label(5), label(3), 'Renamed while the rest was held', label(8)];
  await expectOrder(page, final);
  await expect(rowByLabel(page, label(1))).toHaveCount(0);
  await expect(rowByLabel(page, label(7))).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Sessions' })).not.toHaveAttribute('aria-busy');

  // What main holds: a fresh page shows the same.
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  await expectOrder(page, final);
});

test('Show archived on and off while the pages are held: the rows beyond the first page stay, a deep scroll position holds', async ({ page }) => {
  // Once every page is in, hold each reload's pages after its first until released.
  const held: Array<() => void> = [];
  let holding = false;
  await page.routeWebSocket(/\/ws$/, (ws: WebSocketRoute) => {
    const toServer = ws.connectToServer();
    ws.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { channel?: string; input?: { after?: unknown } };
      const send = (): void => toServer.send(message);
      if (holding && frame.channel === 'sessions:list' && frame.input?.after !== undefined) held.push(send);
      else send();
    });
  });
  await page.goto(server.url);
  const list = sessionList(page);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  await expect(list).not.toHaveAttribute('aria-busy');
  // Scrolled to the end of the swarm: rows far beyond the first page.
  const scroller = page.locator('.session-scroller');
  await scroller.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  const deep = rowByLabel(page, label(TOTAL - 1));
  await expect(deep).toBeVisible();

  holding = true;
  const showArchived = page.getByRole('checkbox', { name: 'Show archived' });
  await showArchived.check();
  await until(() => held.length === 1, { message: 'the archived view\'s rest held' });
  await expect(list).toHaveAttribute('aria-busy', 'true');
  await showArchived.uncheck();
  await until(() => held.length === 2, { message: 'the swarm\'s rest held again' });
  // Only the first page of the reload is in, yet every row held before is drawn: the end of the swarm too.
  await expect(list).toHaveAttribute('aria-busy', 'true');
  await scroller.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await expect(deep).toBeVisible();
  const scrolled = await scroller.evaluate((el) => el.scrollTop);

  // The pages arrive (the archived view's is dropped): nothing moves under the user.
  holding = false;
  for (const send of held.splice(0)) send();
  await expect(list).not.toHaveAttribute('aria-busy');
  await expect(deep).toBeVisible();
  expect(await scroller.evaluate((el) => el.scrollTop)).toBe(scrolled);
});

/** Where one drawn thing is on screen, and what it says. */
interface Placed {
  key: string;
  text: string;
  box: { x: number; y: number; width: number; height: number };
}

/** The rows and headings on screen under `within` (the early picture's or React's sidebar), top to bottom. */
async function placed(page: Page, within: string): Promise<{ rows: Placed[]; headings: Placed[] }> {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector);
    const box = (node: Element) => {
      const r = node.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const onScreen = (node: Element) => node.getBoundingClientRect().top < window.innerHeight;
    const rows = [...(root?.querySelectorAll('.session-row') ?? [])].filter(onScreen).map((node) => ({
      key: node.getAttribute('data-early-row') ?? node.getAttribute('data-session-id') ?? '',
      text: [node.querySelector('.row-label'), node.querySelector('.row-time'), node.querySelector('.row-sub')].map((part) => part?.textContent ?? '').join(' | '),
      box: box(node.querySelector('.row-label') ?? node),
    }));
    const headings = [...(root?.querySelectorAll('.group-header') ?? [])].filter(onScreen).map((node) => ({
      key: node.getAttribute('data-group') ?? '',
      text: node.textContent ?? '',
      box: box(node.querySelector('.group-name') ?? node),
    }));
    return { rows: rows.sort((a, b) => a.box.y - b.box.y), headings };
  }, within);
}

test('the first rows are drawn before React, grouped and labelled as React draws them, and React’s list replaces them without moving', async ({ page }) => {
  // A swarm with a pinned row, two projects, derived labels, a placeholder title, a subagent and
  // status words: more rows than the first page, so the rest follows (held here: React's first list
  // is the first page, as the early rows are).
  const dataDir = freshDataDir();
  const { store } = openStore({ dataDir });
  const at = Date.now() - 2 * 3_600_000;
  store.transaction(() => {
    let position = 0;
    const add = (id: string, folder: string, title: string | null, extra: { firstLine?: string; kind?: 'chat' | 'terminal'; parentId?: string } = {}) => {
      // Each a second older than the one before: the list is newest first.
      const time = at - position * 1_000;
      store.sessions.insert({ id, kind: extra.kind ?? 'chat', folder, position: position++, at: time, parentId: extra.parentId ?? null, ...(title ? { title, titleSource: 'auto' as const } : {}) });
      if (extra.firstLine) store.entries.append(id, 'user', extra.firstLine, null, time);
    };
    add('pinned', '/home/dev/notes', 'Release checklist for 1.0');
    store.sessions.setPinned('pinned', true, 0);
    add('docs-1', '/home/dev/docs', null, { firstLine: 'Why does the **billing** export skip the last row?' });
    add('shop-1', '/home/dev/shop', 'Fix the login redirect loop');
    store.sessions.setStatus('shop-1', 'waiting', at - 2_000); // its own time (it was added third)
    add('shop-2', '/home/dev/shop', 'Untitled');
    add('shop-3', '/home/dev/shop', null, { kind: 'terminal' });
    add('shop-1-sub', '/home/dev/shop', 'Look through the session cookie handling', { parentId: 'shop-1' });
    store.sessions.setUnread('docs-1', true);
    for (let i = 0; i < 140; i++) add(`more-${i}`, i === 50 ? '/home/dev/docs' : '/home/dev/shop', `Tidy the parser, part ${i} of the long series of small changes`);
  });
  store.close();
  const early = await startServer({ dataDir, env: { SWARMDESK_AMBIENT_PROVIDER: 'off' } });
  try {
    // Hold the app's chunk (React and the app), so what the entry chunk drew can be looked at; and
    // the pages after the first, so React's first list is the same first page.
    const heldChunk: Route[] = [];
    await page.route(/\/assets\/appStart-[^/]+\.js$/, (route) => {
      heldChunk.push(route);
    });
    await page.routeWebSocket(/\/ws$/, (ws: WebSocketRoute) => {
      const toServer = ws.connectToServer();
      ws.onMessage((message) => {
        const frame = JSON.parse(String(message)) as { channel?: string; input?: { after?: unknown } };
        if (!(frame.channel === 'sessions:list' && frame.input?.after !== undefined)) toServer.send(message);
      });
    });
    await page.goto(early.url);
    const earlyRows = page.locator('[data-early-row]');
    await expect(earlyRows.first()).toBeVisible();
    await until(() => heldChunk.length > 0, { message: 'the app chunk was asked for (and held)' });

    const before = await placed(page, '[data-early-paint]');
    // Pinned first, then the projects where their first rows are, each under its heading; the
    // subagent under its parent; labels by the rule (never the placeholder), status words beside the dot.
    // (Counts as React's first list counts them: the first page's rows, 100 of 146.)
    expect(before.headings.map((h) => h.text)).toEqual(['Pinned', '▾docs 2', '▾shop 97']);
    expect(before.rows.slice(0, 8).map((r) => r.key)).toEqual(['pinned', 'docs-1', 'more-50', 'shop-1', 'shop-1-sub', 'shop-2', 'shop-3', 'more-0']);
    const label = (key: string) => before.rows.find((r) => r.key === key)?.text ?? '';
    expect(label('shop-1')).toBe('Fix the login redirect loop | 2h | waiting');
    expect(label('shop-2')).toMatch(/^Chat · shop \| 2h \| idle/);
    expect(label('shop-3')).toMatch(/^Terminal · shop \| 2h \| idle/);
    // Too long for the row: cut at its end on a word, as React's row cuts it (label/fitText.ts).
    expect(label('docs-1')).toMatch(/^Why does the billing(?: export(?: skip(?: the(?: last)?)?)?)?… \| 2h \| done$/);
    expect(before.rows.map((r) => r.text).join('\n')).not.toMatch(/Untitled/);
    // Already the list's items, found by role and name (SPEC §7.1: the label, then the status word).
    await expect(rowByLabel(page, /^Fix the login redirect loop, waiting for you/)).toHaveAttribute('data-early-row', 'shop-1');
    await expect(rows(page)).toHaveCount(await earlyRows.count());
    await shoot(page, 'early-rows');

    for (const route of heldChunk.splice(0)) await route.continue();
    await expect(rows(page).first()).toBeVisible();
    await expect(page.locator('[data-early-paint]')).toHaveCount(0);
    const after = await placed(page, 'nav.sidebar');
    // The same rows and headings, saying the same, in the same place to the pixel.
    expect(after.rows.slice(0, before.rows.length)).toEqual(before.rows);
    expect(after.headings.slice(0, before.headings.length)).toEqual(before.headings);
    await shoot(page, 'react-rows');
  } finally {
    await early.stop();
  }
});

/** Holds the app's chunk (React and the app): only the rows drawn before React are on screen until `release`. */
async function holdReact(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  await page.route(/\/assets\/appStart-[^/]+\.js$/, (route) => {
    held.push(route);
  });
  await page.goto(server.url);
  await expect(page.locator('[data-early-row]').first()).toBeVisible();
  await until(() => held.length > 0, { message: 'the app chunk was asked for (and held)' });
  return {
    release: async () => {
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

test('before React, the first rows are the list’s items by role and name, and a click on one opens that session once React runs', async ({ page }) => {
  const react = await holdReact(page);
  const row = rowByLabel(page, new RegExp(`^${label(3)}, idle`));
  // The row found is the one drawn before React (React's are not there yet).
  await expect(row).toHaveAttribute('data-early-row', 'big-3');
  // And what is on screen before React passes axe as React's list does.
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? '')).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await row.click();
  await react.release();
  await expect(page.locator('[data-early-paint]')).toHaveCount(0);
  await expect(page.getByRole('main')).toHaveAccessibleName(label(3));
  await expect(rowByLabel(page, label(3))).toHaveAttribute('aria-current', 'true');
});

/** The session id and display label (its tooltip) of the row `index` drawn before React. */
async function earlyRowAt(page: Page, index: number): Promise<{ id: string; label: string }> {
  const row = rows(page).nth(index);
  return { id: (await row.getAttribute('data-early-row')) ?? '', label: (await row.locator('.row-label').getAttribute('title')) ?? '' };
}

test('before React, Tab reaches the first row, the arrows move down the rows and Enter opens one, with the keyboard then in its composer', async ({ page }) => {
  const react = await holdReact(page);
  await page.keyboard.press('Tab');
  await expect(rows(page).first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(rows(page).nth(2)).toBeFocused();
  const third = await earlyRowAt(page, 2);
  expect(third.id).not.toBe('');
  await page.keyboard.press('Enter');
  await react.release();
  await expect(page.locator('[data-early-paint]')).toHaveCount(0);
  await expect(page.getByRole('main')).toHaveAccessibleName(third.label);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
});

test('the keyboard on a row drawn before React stays on that row when React’s list replaces it', async ({ page }) => {
  const react = await holdReact(page);
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await expect(rows(page).nth(1)).toBeFocused();
  const second = await earlyRowAt(page, 1);
  expect(second.id).not.toBe('');
  await react.release();
  await expect(page.locator('[data-early-paint]')).toHaveCount(0);
  await expect(sessionList(page).locator(`[data-session-id="${second.id}"]`)).toBeFocused();
});

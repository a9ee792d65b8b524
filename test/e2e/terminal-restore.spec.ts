import { expect, test, type Locator, type Page } from '@playwright/test';
import { createSessionIn, isolatedHome } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { shoot } from './support/shots';
import { rowByLabel } from './support/swarm';

// Issue 15 §3: a busy terminal pane opens to its screen first (`terminal:open` with `screenOnly`), then its
// whole scrollback is restored behind it; output that arrives meanwhile shows once and in order.
test.describe.configure({ mode: 'serial' });

const dataDir = freshDataDir('swarmdesk-e2e-terminal-restore-');
const { home, work } = isolatedHome('terminal-restore');
let server: RunningServer;

const SCROLLBACK = 1_500;
const LIVE = 150;
// Colour on every scrollback line; then live lines, printed while the pane is switched away and back.
const PRINTER = `for i in $(seq 1 ${SCROLLBACK}); do printf '\\033[32msb-%d\\033[0m\\n' $i; done; for i in $(seq 0 ${LIVE - 1}); do echo "live-$i"; sleep 0.03; done; echo "live-$((100+1))-done"`;

test.beforeAll(async () => {
  server = await startServer({ dataDir, env: { HOME: home, SHELL: '/bin/bash', SWARMDESK_IMPORT: 'off', SWARMDESK_AMBIENT_PROVIDER: 'offline' } });
});

test.afterAll(async () => {
  await server?.stop();
});

function screen(page: Page): Locator {
  return page.getByRole('main').getByRole('group', { name: 'Terminal' });
}

/** The rows on view (a hidden screen being restored is in the pane too: not it). */
function rows(page: Page): Locator {
  return screen(page).locator('.xterm-rows').filter({ visible: true });
}

async function shownLines(page: Page): Promise<string[]> {
  return (await rows(page).innerText()).replace(/\u00a0/g, ' ').split('\n').map((l) => l.trimEnd());
}

/** The whole buffer, top to bottom, read a page at a time (Shift+PageUp/PageDown scroll xterm by a screen less one line). */
async function wholeBuffer(page: Page, atTop: () => Promise<void>): Promise<string[]> {
  await screen(page).click();
  let previous = '';
  for (;;) {
    await page.keyboard.press('Shift+PageUp');
    const now = await expect.poll(async () => (await shownLines(page)).join('\n'), { timeout: 5_000 }).not.toBe(previous).then(
      async () => (await shownLines(page)).join('\n'),
      () => previous,
    );
    if (now === previous) break;
    previous = now;
  }
  await atTop();
  const all: string[] = [];
  for (;;) {
    const page1 = await shownLines(page);
    const last = all.at(-1);
    const from = last === undefined ? 0 : page1.lastIndexOf(last) + 1;
    all.push(...page1.slice(from));
    if (page1.includes('live-101-done')) break;
    const before = page1.join('\n');
    await page.keyboard.press('Shift+PageDown');
    await expect.poll(async () => (await shownLines(page)).join('\n'), { timeout: 5_000 }).not.toBe(before);
  }
  return all;
}

test('a busy terminal opens to its screen, then its whole scrollback is behind it: each line once, in order, in colour', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  // The terminal:open requests of the page's latest socket, in the order sent: the screen alone, then the
  // scrollback. A page loaded again has a socket of its own: what the page before it sent is not counted.
  let opens: string[] = [];
  page.on('websocket', (ws) => {
    const mine: string[] = [];
    opens = mine;
    ws.on('framesent', ({ payload }) => {
      if (typeof payload !== 'string' || !payload.includes('"channel":"terminal:open"')) return;
      const { input } = JSON.parse(payload) as { input: { cols: number; rows: number; screenOnly: boolean } };
      mine.push(`${input.screenOnly ? 'screen' : 'all'} ${input.cols}x${input.rows}`);
    });
  });
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });
  await createSessionIn(page, 'Terminal', work);
  await expect(screen(page)).toContainText(/[$#]\s*$/, { timeout: 20_000 });
  await createSessionIn(page, 'Terminal', work);
  await expect(screen(page)).toContainText(/[$#]\s*$/, { timeout: 20_000 });
  await screen(page).click();
  await page.keyboard.type(PRINTER);
  await page.keyboard.press('Enter');
  await expect(screen(page)).toContainText('live-3', { timeout: 20_000 });

  // Away to the other terminal and back while it prints, then a reload while it still prints.
  // The busy one is the open row; with no title it reads as its program and folder, like the other
  // terminal will once it runs something, so it is found by the label it has now.
  const nav = page.getByRole('navigation', { name: 'Sessions' });
  const busyLabel = ((await nav.locator('[role="listitem"][aria-current="true"]').getAttribute('aria-label')) ?? '').split(',')[0] ?? '';
  expect(busyLabel).not.toBe('');
  const busy = rowByLabel(page, busyLabel);
  const other = nav.getByRole('listitem').filter({ hasNotText: busyLabel }).first();
  await other.click();
  await busy.click();
  await expect(screen(page)).toContainText(/live-\d+/, { timeout: 15_000 });
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });
  await busy.click();
  await expect(screen(page)).toContainText('live-101-done', { timeout: 30_000 });
  // The screen is asked for before xterm is built, at the size worked out for it: xterm fits to that very
  // size (the scrollback's open says it), so it is asked once.
  expect(opens).toHaveLength(2);
  expect(opens[0]?.replace('screen', 'all')).toBe(opens[1]);
  // Restored: one screen on view, at the bottom (the latest line is shown, no jump up into the scrollback).
  await expect(screen(page).locator('.xterm-rows')).toHaveCount(1, { timeout: 15_000 });
  expect((await shownLines(page)).some((l) => l.includes('live-101-done'))).toBe(true);
  // The latest line stays on view in a narrow window too.
  await page.setViewportSize({ width: 900, height: 700 });
  await expect(rows(page)).toContainText('live-101-done');
  await page.setViewportSize({ width: 1400, height: 900 });
  await shoot(page, 'terminal-restored');

  // The colour came through the restore: the top of the scrollback is green, not the plain foreground.
  const atTop = async (): Promise<void> => {
    const green = rows(page).locator('span', { hasText: /^sb-1$/ }).first();
    const plain = await rows(page).evaluate((el) => getComputedStyle(el).color);
    await expect(green).not.toHaveCSS('color', plain);
  };
  const lines = (await wholeBuffer(page, atTop)).filter((l) => /^(sb|live)-\d+$/.test(l));
  const expected = [...Array.from({ length: SCROLLBACK }, (_, i) => `sb-${i + 1}`), ...Array.from({ length: LIVE }, (_, i) => `live-${i}`)];
  expect(lines).toEqual(expected);
});

test('a terminal flooded with output is redrawn about ten times a second, not every frame; all of it shows', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });
  await createSessionIn(page, 'Terminal', work);
  await expect(screen(page)).toContainText(/[$#]\s*$/, { timeout: 20_000 });
  await screen(page).click();
  // 200 lines of 100 characters a second for 6 s: 20 kB a second, over the gate's 1,024 characters in 100 ms.
  await page.keyboard.type(`perl -e '$|=1; for (1..1200) { printf "flood-%04d %s\\n", $_, "y" x 89; select(undef, undef, undef, 0.005) } print "flood-done\\n"'`);
  await page.keyboard.press('Enter');
  await expect(screen(page)).toContainText(/flood-0\d\d\d/, { timeout: 20_000 });
  // Redraws of the screen on view in 2 s: each one is a burst or two of changes to its rows (observer calls).
  const redraws = await rows(page).evaluate(
    (el) =>
      new Promise<number>((resolve) => {
        let count = 0;
        const observer = new MutationObserver(() => (count += 1));
        observer.observe(el, { childList: true, subtree: true, characterData: true });
        setTimeout(() => {
          observer.disconnect();
          resolve(count);
        }, 2_000);
      }),
  );
  expect(redraws).toBeGreaterThan(0);
  // Measured here: 38 observer calls in 2 s with the gate, 172 without it.
  expect(redraws).toBeLessThanOrEqual(60);
  await expect(screen(page)).toContainText('flood-done', { timeout: 30_000 });
  expect((await shownLines(page)).filter((l) => l.startsWith('flood-1200 '))).toHaveLength(1);
});

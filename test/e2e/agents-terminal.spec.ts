import { expect, test, type Locator, type Page } from '@playwright/test';
import { basename } from 'node:path';
import { git, makeRepo } from '../support/gitRepo';
import { createSessionIn, isolatedHome, newWorktreeTerminal } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { snap } from './support/shots';
import { rowByLabel } from './support/swarm';

// Issue 14 §1, the terminal pane: one full-height terminal that is the input (no transcript, no composer),
// whose screen and scrollback come back whole after switching sessions and reloading the page, with a
// status from the process (Stop only while a command runs).
test.describe.configure({ mode: 'serial' });

const dataDir = freshDataDir('swarmdesk-e2e-terminal-');
const { home, work } = isolatedHome('terminal');
let server: RunningServer;

async function open(page: Page): Promise<void> {
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });
}

function screen(page: Page): Locator {
  return page.getByRole('main').getByRole('group', { name: 'Terminal' });
}

/** Type a command line into the terminal (the terminal is the input) and press Enter. */
async function run(page: Page, line: string): Promise<void> {
  await screen(page).click();
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
}

/** The terminal's text as shown, row by row. */
async function shownText(page: Page): Promise<string> {
  // While the scrollback is restored a hidden second screen is in the pane too: the one on view.
  return (await screen(page).locator('.xterm-rows').filter({ visible: true }).innerText()).replace(/\u00a0/g, ' ');
}

/** Each marker shows once, in the given order. */
async function expectInOrder(page: Page, markers: string[]): Promise<void> {
  await expect
    .poll(async () => {
      const text = await shownText(page);
      const at = markers.map((m) => text.indexOf(m));
      const once = markers.every((m) => text.split(m).length === 2);
      return once && at.every((i, n) => i >= 0 && (n === 0 || i > (at[n - 1] ?? -1)));
    }, { timeout: 15_000 })
    .toBe(true);
}

test.beforeAll(async () => {
  // bash, with a home of its own (no ~/.bashrc): nothing from the machine's user setup.
  server = await startServer({ dataDir, env: { HOME: home, SHELL: '/bin/bash', SWARMDESK_IMPORT: 'off', SWARMDESK_AMBIENT_PROVIDER: 'offline' } });
});

test.afterAll(async () => {
  await server?.stop();
});

test('the terminal is the input: output shows, no composer, Stop only while a command runs', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await open(page);
  await createSessionIn(page, 'Terminal', work);
  await expect(screen(page)).toBeVisible();
  // The shell is up when its prompt ($, or # for root) ends the screen.
  await expect(screen(page)).toContainText(/[$#]\s*$/, { timeout: 20_000 });
  const main = page.getByRole('main');
  await expect(main.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await expect(main.getByRole('log', { name: 'Transcript' })).toHaveCount(0);

  // Only the shell can print 42 here; the line shows once (no "you" bubble under the terminal).
  await run(page, 'echo "first-$((6*7))"; pwd');
  await expect(screen(page)).toContainText('first-42', { timeout: 15_000 });
  await expect(screen(page)).toContainText(work);
  // The typed line is on the screen only (no "you" bubble); with no title, the pane reads as the last
  // program that ran and its folder (SPEC §7), never the whole line.
  await expect(main.getByText('echo "first-$((6*7))"; pwd', { exact: true })).toHaveCount(0);
  await expect(main.getByRole('heading', { name: `pwd · ${basename(work)}` })).toBeVisible();
  // A title of its own: the next tests open a second terminal in the same folder, whose label would read alike.
  await main.getByRole('heading', { name: `pwd · ${basename(work)}` }).dblclick();
  await page.getByRole('textbox', { name: 'Session title' }).fill('First terminal');
  await page.getByRole('textbox', { name: 'Session title' }).press('Enter');
  await expect(rowByLabel(page, /^First terminal/)).toBeVisible();
  await screen(page).click();
  await expect(main.getByRole('button', { name: 'Stop' })).toHaveCount(0);

  await run(page, 'sleep 30; echo "after-sleep"');
  const stop = main.getByRole('button', { name: 'Stop' });
  await expect(stop).toBeVisible({ timeout: 10_000 });
  await snap(page, 'terminal-working-1400x900-light');
  await stop.click();
  await expect(stop).toBeHidden({ timeout: 10_000 });
  // The job was interrupted (the rest of its line never ran) and the shell is back at its prompt.
  await expect(screen(page)).toContainText(/sleep 30; echo "after-sleep"\s*\S*[$#]\s*$/);
  expect((await shownText(page)).split('after-sleep')).toHaveLength(2); // typed once, never printed
  await run(page, 'printf "\\033[32m%s\\033[0m\\n" green-$((2+3))');
  await expect(screen(page)).toContainText('green-5', { timeout: 15_000 });
  // Focused and idle at its prompt, the screen runs no animation: a blinking cursor repainted its row every
  // half second (about 6% of the page's main thread) and reached React's root listener each second.
  expect(await page.evaluate(() => document.activeElement?.className ?? '')).toContain('xterm-helper-textarea');
  expect(await screen(page).evaluate((el) => el.getAnimations({ subtree: true }).map((a) => a.constructor.name))).toEqual([]);
});

test('switching sessions and reloading the page keep the whole screen, in order', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await open(page);
  await rowByLabel(page, /^First terminal/).click();
  await expectInOrder(page, ['first-42', 'green-5']);

  // Output that comes while no pane shows the terminal.
  await run(page, 'sleep 2; echo "while-away-$((3*3))"');
  await createSessionIn(page, 'Terminal', work);
  await expect(screen(page)).toContainText(/[$#]\s*$/, { timeout: 20_000 });
  await run(page, 'echo other-session');
  await expect(screen(page)).toContainText('other-session', { timeout: 15_000 });

  await rowByLabel(page, /^First terminal/).click();
  await expectInOrder(page, ['first-42', 'green-5', 'while-away-9']);

  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });
  await rowByLabel(page, /^First terminal/).click();
  await expectInOrder(page, ['first-42', 'green-5', 'while-away-9']);
  await run(page, 'echo "after-reload-$((1+1))"');
  await expectInOrder(page, ['first-42', 'green-5', 'while-away-9', 'after-reload-2']);

  for (const [width, height] of [
    [1400, 900],
    [900, 700],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      await expect(screen(page)).toContainText('after-reload-2');
      await snap(page, `terminal-${width}x${height}-${colorScheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
});

test('the shell exits: the bar says so and offers Restart, which starts it again below the old screen', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await open(page);
  await rowByLabel(page, /^First terminal/).click();
  await expect(screen(page)).toContainText('after-reload-2', { timeout: 15_000 });
  await screen(page).click();
  await page.keyboard.type('exit 3');
  await expect(screen(page)).toContainText(/[$#] exit 3/, { timeout: 10_000 });
  await page.keyboard.press('Enter');
  const restart = page.getByRole('main').getByRole('button', { name: 'Restart' });
  await expect(restart).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('main').getByText('Exited with code 3.', { exact: true })).toBeVisible();
  await expect(rowByLabel(page, /^First terminal/)).toHaveAccessibleName(/, exited with code 3/);
  await snap(page, 'terminal-exited-1400x900-light');

  await restart.click();
  await expect(restart).toBeHidden({ timeout: 15_000 });
  await run(page, 'echo "again-$((40+2))"');
  await expect(screen(page)).toContainText('again-42', { timeout: 15_000 });
  await expectInOrder(page, ['after-reload-2', 'again-42']);
});

test('with Changes open the terminal keeps its screen below them, neither covering the other', async ({ page }) => {
  test.setTimeout(120_000);
  const repo = makeRepo('term repo');
  git(repo, 'config', 'user.email', 'e2e@example.invalid');
  await page.setViewportSize({ width: 1400, height: 900 });
  await open(page);
  await newWorktreeTerminal(page, repo);
  await expect(screen(page)).toContainText(/[$#]\s*$/, { timeout: 20_000 });
  await run(page, 'for i in $(seq 1 40); do echo "line-$i"; done; printf "more\\n" >> README.md; echo "edited-$((40+2))"');
  await expect(screen(page)).toContainText('edited-42', { timeout: 15_000 });
  const button = page.getByRole('main').getByRole('button', { name: 'Changes', exact: true });
  await expect(button).toBeEnabled({ timeout: 15_000 });
  await button.click();
  const region = page.getByRole('region', { name: 'Changes' });
  await expect(region.getByRole('listitem', { name: /^README\.md/ })).toBeVisible({ timeout: 15_000 });

  for (const [width, height] of [
    [1400, 900],
    [900, 700],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      // The screen's last lines stay in view, under the Changes region, not over it.
      await expect(screen(page)).toContainText('edited-42');
      const changesBox = await region.boundingBox();
      const terminalBox = await screen(page).boundingBox();
      expect(changesBox && terminalBox).toBeTruthy();
      if (!changesBox || !terminalBox) return;
      expect(terminalBox.y).toBeGreaterThanOrEqual(changesBox.y + changesBox.height - 1);
      expect(terminalBox.y + terminalBox.height).toBeLessThanOrEqual(height);
      expect(terminalBox.height).toBeGreaterThan(150); // more than a sliver: about ten rows or more
      await snap(page, `terminal-changes-${width}x${height}-${colorScheme}`);
    }
  }
});

test('the next pane’s xterm is built ahead, hidden, and a new terminal pane takes it; Ctrl+Shift+F finds', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await open(page);
  // A terminal pane is open (this one's or an earlier test's): the next pane's xterm is built when the page is
  // idle, out of sight and reach.
  await createSessionIn(page, 'Terminal', work);
  await expect(screen(page)).toContainText(/[$#]\s*$/, { timeout: 20_000 });
  const spare = page.locator('.terminal-spare .xterm');
  await expect(spare).toHaveCount(1, { timeout: 15_000 });
  await expect(page.locator('.terminal-spare')).toBeHidden();
  await expect(page.locator('.terminal-spare')).toHaveAttribute('aria-hidden', 'true');
  expect(await page.locator('.terminal-spare').evaluate((holder) => (holder as HTMLElement).inert)).toBe(true);
  // Marked, and watched: once the pane's scrollback is restored into a second xterm, the first one goes.
  await spare.evaluate((element) => {
    const spareElement = element as HTMLElement;
    spareElement.dataset.built = 'ahead';
    const seen = document.createElement('meta');
    seen.name = 'spare-taken';
    new MutationObserver(() => {
      if (spareElement.parentElement?.classList.contains('terminal-host')) document.head.append(seen);
    }).observe(document.body, { childList: true, subtree: true });
  });

  await createSessionIn(page, 'Terminal', work);
  // The new pane's screen was that very xterm, moved into the pane.
  await expect(page.locator('meta[name="spare-taken"]')).toHaveCount(1);
  await expect(screen(page)).toContainText(/[$#]\s*$/, { timeout: 20_000 });
  await run(page, 'echo "ahead-$((40+2))"');
  await expect(screen(page)).toContainText('ahead-42', { timeout: 15_000 });
  // The terminal's own keys: Ctrl+Shift+F opens this pane's find bar.
  await page.keyboard.press('Control+Shift+F');
  await expect(page.getByRole('main').getByRole('searchbox', { name: 'Find in terminal' })).toBeFocused();
  // And the next one is built in its place.
  await expect(page.locator('.terminal-spare .xterm:not([data-built])')).toHaveCount(1, { timeout: 15_000 });
});

test('resizing the window redraws the prompt, and an idle terminal never reads "working" for it', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  // Terminal output the page receives: the prompt drawn again after each resize is some of it.
  let outputFrames = 0;
  page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => {
    if (typeof payload === 'string' && payload.includes('"event":"terminal:data"')) outputFrames += 1;
  }));
  await open(page);
  await createSessionIn(page, 'Terminal', work);
  await expect(screen(page)).toContainText(/[$#]\s*$/, { timeout: 20_000 });
  await run(page, 'echo "resize-$((40+2))"');
  await expect(screen(page)).toContainText('resize-42', { timeout: 15_000 });
  // The open row (other terminals in this folder read alike: the last program and the folder).
  const row = page.getByRole('navigation', { name: 'Sessions' }).locator('[role="listitem"][aria-current="true"]');
  await expect(row).toHaveAccessibleName(/, idle/, { timeout: 10_000 });
  // Every status word the row shows from here on, however briefly.
  await row.evaluate((element) => {
    const seen: string[] = [];
    (window as unknown as { rowStatuses: string[] }).rowStatuses = seen;
    new MutationObserver(() => seen.push(element.textContent ?? '')).observe(element, { childList: true, subtree: true, characterData: true });
  });
  await page.waitForTimeout(500);
  const before = outputFrames;
  // Narrower, shorter, and back: each size is a SIGWINCH, and bash draws its prompt again.
  for (const size of [{ width: 900, height: 700 }, { width: 1400, height: 900 }, { width: 1100, height: 800 }]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(400);
  }
  await page.waitForTimeout(1_500);
  const statuses = await page.evaluate(() => (window as unknown as { rowStatuses: string[] }).rowStatuses);
  expect(statuses.filter((text) => /working/i.test(text))).toEqual([]);
  await expect(row).toHaveAccessibleName(/, idle/);
  // The shell did answer the resizes (its redraws came as output), so the check above saw real redraws.
  expect(outputFrames).toBeGreaterThan(before);
});

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { git, makeRepo } from '../support/gitRepo';
import { isolatedHome, newWorktreeTerminal, worktreeFolders } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { rows } from './support/swarm';

// "Changes" (issue 10 §2, SPEC §7.1) in a real Chromium against web mode, with a real repository and a
// worktree session: the shell in the session's terminal edits a file, the row's badge follows; the region
// lists every changed file by path and draws the selected one's diff with the diff-view library.
test.describe.configure({ mode: 'serial' });

const dataDir = freshDataDir('swarmdesk-e2e-changes-');
const { home } = isolatedHome('changes');
const repo = makeRepo('shop');
let server: RunningServer;

test.beforeAll(async () => {
  mkdirSync(join(repo, 'src'));
  writeFileSync(join(repo, 'src', 'cart.ts'), ['export function total(items: number[]): number {', '  let sum = 0;', '  for (const i of items) sum += i;', '  return sum;', '}', ''].join('\n'));
  writeFileSync(join(repo, 'old notes.md'), 'keep\nthese\nlines\n');
  git(repo, 'add', '.');
  git(repo, 'commit', '--quiet', '-m', 'cart');
  server = await startServer({ dataDir, env: { HOME: home, SHELL: '/bin/bash', SWARMDESK_IMPORT: 'off', SWARMDESK_AMBIENT_PROVIDER: 'offline' } });
});

test.afterAll(async () => {
  await server?.stop();
});

const worktreeFolder = (): string => {
  const found = worktreeFolders(dataDir, repo);
  expect(found).toHaveLength(1);
  return found[0]!;
};

async function createWorktreeTerminal(page: Page): Promise<void> {
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  await newWorktreeTerminal(page, repo);
  await expect(rows(page)).toHaveCount(1);
}

test('the row badge follows edits made in the session, and Changes lists and diffs them', async ({ page }) => {
  test.setTimeout(120_000);
  await createWorktreeTerminal(page);
  const row = rows(page).first();
  await expect(row).toHaveAccessibleName(/on swarmdesk\/[0-9a-f]{8}(?!, \+)/);
  const screen = page.getByRole('main').getByRole('group', { name: 'Terminal' });
  await expect(screen).toContainText(/[$#]\s*$/, { timeout: 20_000 });

  // The session's own shell edits a tracked file: the badge counts it after the terminal goes quiet.
  // The terminal is the input (no composer in a terminal pane).
  await screen.click();
  await page.keyboard.type("printf 'export const TAX = 0.2;\\n' >> src/cart.ts && echo edited-$((40+2))");
  await page.keyboard.press('Enter');
  await expect(screen).toContainText('edited-42', { timeout: 15_000 });
  await expect(row).toHaveAccessibleName(/\+1 −0/, { timeout: 15_000 });
  await expect(row).toContainText('+1');
  await expect(row).toContainText(/⎇ [0-9a-f]{8}/);
  // In a narrow window the branch is shown whole beside the status and the counts, not cut to its first digits.
  const size = page.viewportSize();
  await page.setViewportSize({ width: 900, height: 700 });
  const branch = row.locator('.row-branch');
  await expect.poll(() => branch.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  if (size) await page.setViewportSize(size);

  // More work, straight into the worktree folder: a rename, an untracked file with a space, a binary.
  const wt = worktreeFolder();
  git(wt, 'mv', 'old notes.md', 'notes.md');
  writeFileSync(join(wt, 'src', 'cart.ts'), ['export function total(items: number[]): number {', '  return items.reduce((sum, i) => sum + i, 0);', '}', 'export const TAX = 0.2;', ''].join('\n'));
  writeFileSync(join(wt, 'release plan.md'), '# Release\n\n- ship the cart\n');
  writeFileSync(join(wt, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]));

  const button = page.getByRole('main').getByRole('button', { name: 'Changes', exact: true });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  const region = page.getByRole('region', { name: 'Changes' });
  await expect(region).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const files = region.getByRole('listitem');
  await expect(files).toHaveCount(4);
  await expect(region.getByRole('listitem', { name: /^logo\.png binary/ })).toBeVisible();
  await expect(region.getByRole('listitem', { name: /^notes\.md \+0 −0, renamed from old notes\.md/ })).toBeVisible();
  await expect(region.getByRole('listitem', { name: /^release plan\.md \+3 −0/ })).toBeVisible();
  const cart = region.getByRole('listitem', { name: /^src\/cart\.ts \+2 −3/ });
  await expect(cart).toBeVisible();
  // Opening the region counted again: the row follows.
  await expect(row).toHaveAccessibleName(/\+5 −3/);

  // Split where each side holds a line (40 characters here: 1400 px; at 1280 a side holds 37 and the diff is unified).
  await page.setViewportSize({ width: 1400, height: 900 });
  await cart.click();
  const diff = region.getByRole('group', { name: 'Diff of src/cart.ts' });
  await expect(diff).toBeVisible({ timeout: 15_000 });
  await expect(diff).toContainText('items.reduce((sum, i) => sum + i, 0)');
  await expect(diff).toContainText('let sum = 0;');
  // Drawn by the library (split: two sides), with syntax highlighting.
  await expect(diff.locator('[data-component="git-diff-view"]')).toHaveCount(1);
  await expect(diff.locator('td.diff-line-old-content', { hasText: 'let sum = 0;' })).toHaveCount(1);
  await expect(diff.locator('td.diff-line-new-content', { hasText: 'items.reduce' })).toHaveCount(1);
  await expect(diff.locator('.hljs-keyword').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/changes-split.png' });

  // A pane too narrow for two readable sides: unified, the list above the diff; widened, split again (the choice kept).
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 640, height: 560 });
  await expect(region.getByRole('button', { name: 'Split' })).toBeDisabled();
  await expect(region.getByRole('button', { name: 'Unified' })).toHaveAttribute('aria-pressed', 'true');
  await expect(diff.locator('td.diff-line-old-content')).toHaveCount(0);
  await expect(diff).toContainText('items.reduce((sum, i) => sum + i, 0)');
  const list = (await region.locator('.changes-files').boundingBox())!;
  const drawn = (await region.locator('.changes-diff').boundingBox())!;
  expect(list.y + list.height).toBeLessThanOrEqual(drawn.y + 1);
  await page.screenshot({ path: 'test-results/changes-narrow.png' });
  if (wide) await page.setViewportSize(wide);
  await expect(region.getByRole('button', { name: 'Split' })).toHaveAttribute('aria-pressed', 'true');
  await expect(diff.locator('td.diff-line-old-content', { hasText: 'let sum = 0;' })).toHaveCount(1);

  await region.getByRole('button', { name: 'Unified' }).click();
  await expect(diff.locator('td.diff-line-old-content')).toHaveCount(0);
  await expect(diff).toContainText('items.reduce((sum, i) => sum + i, 0)');
  // The keyboard moves through the list; Enter shows a file.
  await cart.focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(region.getByRole('group', { name: 'Diff of release plan.md' })).toContainText('ship the cart');
  await region.screenshot({ path: 'test-results/changes-unified.png' });
  // The diff follows the app's look.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(region.locator('[data-component="git-diff-view"]')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: 'test-results/changes-dark.png' });
  await page.emulateMedia({ colorScheme: 'light' });

  await button.click();
  await expect(region).toBeHidden();
});

test('a big file is drawn a part at a time and grows as it is scrolled', async ({ page }) => {
  const wt = worktreeFolder();
  writeFileSync(join(wt, 'big.log'), Array.from({ length: 6_000 }, (_, i) => `line ${i + 1} of the generated log`).join('\n') + '\n');
  await page.goto(server.url);
  await rows(page).first().click();
  await page.getByRole('main').getByRole('button', { name: 'Changes', exact: true }).click();
  const region = page.getByRole('region', { name: 'Changes' });
  await region.getByRole('listitem', { name: /^big\.log \+6000 −0/ }).click();
  const diff = region.getByRole('group', { name: 'Diff of big.log' });
  await expect(diff).toContainText('line 1 of the generated log', { timeout: 30_000 }); // a 6,000-line diff, on a loaded machine
  const drawn = diff.locator('tr.diff-line');
  const first = await drawn.count();
  expect(first).toBeGreaterThan(500);
  expect(first).toBeLessThan(1_600);
  await expect(diff).not.toContainText('line 6000 of the generated log');
  // Scrolling to the end of what is drawn brings the next part.
  await diff.getByRole('button', { name: /^Show more of this diff/ }).scrollIntoViewIfNeeded();
  await expect.poll(() => drawn.count()).toBeGreaterThan(first);
  // Then the button brings the rest. A pointer click can land on the part that scrolling in just added
  // (the button moves down under the pointer), so the button is pressed where it is.
  const more = diff.getByRole('button', { name: /^Show more of this diff/ });
  await expect
    .poll(
      async () => {
        await more.evaluateAll((buttons) => buttons.forEach((b) => (b as unknown as { click(): void }).click()));
        return more.count();
      },
      { timeout: 30_000 },
    )
    .toBe(0);
  await expect(diff).toContainText('line 6000 of the generated log', { timeout: 15_000 });
  await expect(diff.getByRole('button', { name: /^Show more of this diff/ })).toHaveCount(0);
});

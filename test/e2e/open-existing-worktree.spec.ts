import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { git, makeRepo } from '../support/gitRepo';
import { isolatedHome } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { escapeRegExp, rows } from './support/swarm';
import { shootAndAudit } from './support/sweep';

// Issue 36's "Open existing worktree" in a real Chromium through web mode, on real git: a worktree made outside
// Swarmdesk with `git worktree add` is offered in New session, chosen with the keyboard alone, and adopted as the
// session's folder (its branch on the row, its untracked file and the stash list as they were); a branch renamed
// outside is followed when the session is opened again; deleting the session leaves the worktree as it is. Screenshots at 1400x900 and 900x700, light and dark, each
// checked by axe (no serious finding), into SWARMDESK_SHOTS_DIR (default test-results/open-existing-worktree).
test.describe.configure({ mode: 'serial' });

const shots = process.env.SWARMDESK_SHOTS_DIR ?? 'test-results/open-existing-worktree';
const dataDir = freshDataDir('swarmdesk-e2e-existing-');
const repo = makeRepo('billing');
const byHand = join(repo, '..', 'billing-export');
let server: RunningServer;

test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  git(repo, 'worktree', 'add', '--quiet', '-b', 'feature/export-csv', byHand);
  writeFileSync(join(byHand, 'draft.txt'), 'draft\n');
  server = await startServer({ dataDir, env: { HOME: isolatedHome('existing').home, SHELL: '/bin/bash', SWARMDESK_IMPORT: 'off', SWARMDESK_AMBIENT_PROVIDER: 'off' } });
});

test.afterAll(async () => {
  await server?.stop();
});

async function focusedDesc(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return 'none';
    const label = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.querySelector('span')?.textContent ?? el.textContent ?? '';
    return `${el.tagName} ${label.trim()}`;
  });
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const { look, blocking } of await shootAndAudit(page, shots, name)) expect.soft(blocking, look).toEqual([]);
}

/** Tabs on until `name` has the focus (at most `limit` presses): the keyboard's way through a form. */
async function tabTo(page: Page, name: string, limit = 12): Promise<void> {
  for (let i = 0; i < limit && (await focusedDesc(page)) !== name; i += 1) await page.keyboard.press('Tab');
  expect(await focusedDesc(page)).toBe(name);
}

test('keyboard alone: New session offers the worktree made with git worktree add; the session works there on its branch', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  await page.keyboard.press('Control+n');
  const dialog = page.getByRole('dialog', { name: 'New session' });
  await expect(dialog).toBeVisible();
  const agent = dialog.getByRole('combobox', { name: 'Agent' });
  await expect(agent).toBeFocused();
  await page.keyboard.type('Terminal');
  await expect(agent).toHaveValue('terminal');
  const folder = dialog.getByRole('textbox', { name: 'Folder' });
  await expect(folder).not.toHaveValue('');
  await page.keyboard.press('Tab');
  await expect(folder).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(repo);
  const existing = dialog.getByRole('combobox', { name: 'Open existing worktree' });
  await expect(existing).toBeVisible();
  await tabTo(page, 'SELECT Open existing worktree');
  await page.keyboard.press('ArrowDown');
  await expect(existing).toHaveValue(byHand);
  await expect(dialog).toContainText(`Works in the worktree at ${byHand}, made outside Swarmdesk, on its own branch; nothing in it is changed.`);
  await expect(existing).toBeFocused();
  await shoot(page, 'open-existing-worktree-dialog');
  await existing.focus(); // the sweep moved the viewport; the keyboard goes on from the same control
  await tabTo(page, 'BUTTON Create');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  await expect(row).toHaveAccessibleName(/on feature\/export-csv/, { timeout: 15_000 });
  await expect(row).toContainText('⎇ feature/export-csv');
  // Focus goes where the user goes on: the new terminal's input.
  await expect(page.getByRole('textbox', { name: 'Terminal input' })).toBeFocused();
  // Nothing in the worktree was changed: its untracked file, its branch, no stash.
  expect(readFileSync(join(byHand, 'draft.txt'), 'utf8')).toBe('draft\n');
  expect(git(byHand, 'branch', '--show-current')).toBe('feature/export-csv');
  expect(git(byHand, 'ls-files', '--others', '--exclude-standard')).toBe('draft.txt');
  expect(git(repo, 'stash', 'list')).toBe('');
  // The terminal runs in the adopted worktree.
  const screen = page.getByRole('main').getByRole('group', { name: 'Terminal' });
  await expect(screen).toContainText(/[$#]\s*$/, { timeout: 20_000 });
  await page.keyboard.type('pwd');
  await page.keyboard.press('Enter');
  await expect(screen).toContainText(new RegExp(`pwd\\s*${escapeRegExp(byHand)}`));
  await shoot(page, 'open-existing-worktree-session');
});

test('a branch renamed outside Swarmdesk is followed: the row shows the new name once the session is opened again', async ({ page }) => {
  test.setTimeout(120_000);
  git(byHand, 'branch', '-m', 'feature/export-as-csv');
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(server.url);
  const row = rows(page).first();
  await expect(row).toHaveAccessibleName(/on feature\/export-as-csv/, { timeout: 15_000 });
  await expect(row).toContainText('⎇ feature/export-as-csv');
  await expect(page.getByRole('main')).toContainText("The worktree's branch feature/export-csv is now feature/export-as-csv (changed outside Swarmdesk).");
  await shoot(page, 'open-existing-worktree-renamed');
  expect(git(repo, 'branch', '--list', '--format=%(refname:short)', 'feature/*')).toBe('feature/export-as-csv');
  expect(git(repo, 'stash', 'list')).toBe('');
});

test('deleting the session leaves the adopted worktree as it is, and the dialog says so first', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(server.url);
  const before = { list: git(repo, 'worktree', 'list', '--porcelain'), head: git(repo, 'rev-parse', 'feature/export-as-csv'), status: git(byHand, 'status', '--porcelain') };
  const row = rows(page).first();
  const more = row.getByRole('button', { name: /More actions/ });
  await more.click();
  await page.getByRole('menuitem', { name: /^Delete/ }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Its worktree ${byHand} was made outside Swarmdesk: deleting leaves the folder, its files and the branch feature/export-as-csv exactly as they are.`);
  await expect(confirm).not.toContainText('removes the worktree folder');
  await shoot(page, 'open-existing-worktree-delete');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(rows(page)).toHaveCount(0);
  // Nothing of it was touched: folder, untracked file, branch, git's list of worktrees, stash.
  expect(readFileSync(join(byHand, 'draft.txt'), 'utf8')).toBe('draft\n');
  expect({ list: git(repo, 'worktree', 'list', '--porcelain'), head: git(repo, 'rev-parse', 'feature/export-as-csv'), status: git(byHand, 'status', '--porcelain') }).toEqual(before);
  expect(git(byHand, 'branch', '--show-current')).toBe('feature/export-as-csv');
  expect(git(repo, 'stash', 'list')).toBe('');
});

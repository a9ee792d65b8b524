import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { git, makeRepo } from '../support/gitRepo';
import { isolatedHome, newWorktreeTerminalFolder } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { headerProblems } from './support/layout';
import { escapeRegExp } from './support/swarm';

// Commit and merge back (issue 10 part 3, SPEC §7.1 "merge") in a real Chromium against web mode, with a
// real repository: two worktree sessions change it; one is merged with Squash, the other after a Rebase;
// a third one conflicts with main and the dialog says so in an alert, leaving main's checkout alone.
test.describe.configure({ mode: 'serial' });

const dataDir = freshDataDir();
const repo = makeRepo('merge repo');
let server: RunningServer;
const folders: string[] = [];

test.beforeAll(async () => {
  // A home of its own: the machine's ~/.bashrc (pyenv init here) can keep bash from its prompt for many seconds,
  // and the machine's own agent history is not imported.
  server = await startServer({ dataDir, env: { HOME: isolatedHome('merge').home, SHELL: '/bin/bash', SWARMDESK_IMPORT: 'off' } });
});

test.afterAll(async () => {
  await server?.stop();
});

/**
 * The session's own shell writes `file` in its worktree. Nothing else tells the pane: main counts the
 * worktree after the terminal's activity and pushes the summary, which enables Commit (no focus event).
 */
async function editInTerminal(pane: Locator, page: Page, file: string, text: string): Promise<void> {
  const screen = pane.getByRole('group', { name: 'Terminal' });
  await expect(screen).toContainText(/[$#]\s*$/, { timeout: 20_000 });
  const button = pane.getByRole('button', { name: 'Commit', exact: true });
  await expect(button).toBeDisabled();
  // The terminal is the input (no composer in a terminal pane).
  await screen.click();
  await page.keyboard.type(`printf '${text}\\n' > '${file}' && echo wrote-$((40+2))`);
  await page.keyboard.press('Enter');
  await expect(screen).toContainText('wrote-42', { timeout: 15_000 });
  await expect(button).toBeEnabled({ timeout: 15_000 });
  await expect(button).toHaveAttribute('title', '1 uncommitted file');
}

async function commit(pane: Locator, page: Page, folder: string, message: string, shot?: string): Promise<void> {
  const button = pane.getByRole('button', { name: 'Commit', exact: true });
  await expect(button).toBeEnabled();
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Commit' });
  const field = dialog.getByRole('textbox', { name: 'Commit message' });
  await expect(field).toBeFocused();
  // Ambient runs offline here: no suggestion, and the dialog says why.
  await expect(dialog).toContainText('No suggestion:');
  await field.fill(message);
  if (shot) await dialog.screenshot({ path: shot });
  await dialog.getByRole('button', { name: 'Commit' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Committed 1 file as ${git(folder, 'rev-parse', '--short=7', 'HEAD')}.`)).toBeVisible();
  expect(git(folder, 'log', '-1', '--format=%s')).toBe(message);
  // Main counted again after the commit: nothing left to commit, one commit to merge.
  await expect(button).toBeDisabled();
  await expect(pane.getByText('1 commit to merge')).toBeVisible();
}

async function mergeWith(pane: Locator, page: Page, strategy: 'Squash' | 'Merge commit' | 'Rebase', shot?: string): Promise<void> {
  await pane.getByRole('button', { name: 'Merge into main' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge into main' });
  await expect(dialog.getByRole('radio', { name: 'Squash' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Squash' })).toBeFocused();
  await expect(dialog.getByRole('radiogroup', { name: 'How to merge' }).getByRole('radio')).toHaveCount(3);
  await dialog.getByRole('radio', { name: strategy }).check();
  if (shot) await dialog.screenshot({ path: shot });
  await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('two sessions in worktrees: one merged with Squash, the other after a Rebase; nothing lost', async ({ page }) => {
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  folders.push(await newWorktreeTerminalFolder(page, repo, dataDir), await newWorktreeTerminalFolder(page, repo, dataDir));
  const [alpha, beta] = folders as [string, string];

  // The first session is squashed into main. Rows are found by their branch: the list is by time, so a
  // session that works moves to the top.
  const rowOn = (folder: string): Locator =>
    page.getByRole('navigation', { name: 'Sessions' }).getByRole('listitem', { name: new RegExp(`on ${escapeRegExp(git(folder, 'rev-parse', '--abbrev-ref', 'HEAD'))}\\b`) });
  await rowOn(alpha).click();
  let pane = page.getByRole('main');
  await editInTerminal(pane, page, 'alpha.txt', 'alpha');
  await commit(pane, page, alpha, 'Add alpha', 'test-results/commit-dialog.png');
  await pane.locator('header').screenshot({ path: 'test-results/merge-pane-header.png' });
  const start = git(repo, 'rev-parse', 'main');
  await mergeWith(pane, page, 'Squash', 'test-results/merge-dialog.png');
  await expect(page.getByText(/^Merged swarmdesk\/\S+ into main \(squashed\)\.$/)).toBeVisible();
  expect(git(repo, 'rev-parse', 'main~1')).toBe(start);
  expect(readFileSync(join(repo, 'alpha.txt'), 'utf8')).toBe('alpha\n');

  // The second, made before that merge, goes in after a rebase: linear history on top of the squash.
  await rowOn(beta).click();
  pane = page.getByRole('main');
  await editInTerminal(pane, page, 'beta.txt', 'beta');
  await commit(pane, page, beta, 'Add beta');
  const squashed = git(repo, 'rev-parse', 'main');
  await mergeWith(pane, page, 'Rebase');
  await expect(page.getByText(/^Merged swarmdesk\/\S+ into main \(after a rebase\)\.$/)).toBeVisible();
  expect(git(repo, 'log', '--format=%s', '-1', 'main')).toBe('Add beta');
  expect(git(repo, 'rev-parse', 'main~1')).toBe(squashed);
  expect(git(repo, 'rev-list', '--merges', '--count', 'main')).toBe('0');
  expect(readFileSync(join(repo, 'beta.txt'), 'utf8')).toBe('beta\n');
  expect(readFileSync(join(repo, 'alpha.txt'), 'utf8')).toBe('alpha\n');
  expect(git(repo, 'status', '--porcelain')).toBe('');

  // Both merged panes side by side in a 900 px window: each header's buttons and its "Merged into main"
  // take further lines inside the pane; nothing runs past its edge or is squeezed away.
  await page.setViewportSize({ width: 900, height: 700 });
  await rowOn(alpha).click({ modifiers: ['Control'] });
  await expect(page.locator('.pane')).toHaveCount(2);
  for (const header of await page.locator('.pane .pane-header').all()) {
    await expect(header.getByText('Merged into main', { exact: true })).toBeVisible();
    const past = await header.evaluate((el) => {
      const edge = el.getBoundingClientRect().right;
      return [...el.querySelectorAll('button, .merge-note')].filter((child) => child.getBoundingClientRect().right > edge + 0.5).map((child) => child.textContent);
    });
    expect(past).toEqual([]);
    const note = await header.getByText('Merged into main', { exact: true }).evaluate((el) => ({ shown: el.getBoundingClientRect().width, full: el.scrollWidth }));
    expect(note.shown).toBeGreaterThanOrEqual(note.full - 0.5);
  }
  // Nor does a pane's × or ⋯ wrap onto a line of its own (the left pane's × did), here or at 1400 px (issue 28).
  await expect.poll(() => headerProblems(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/merge-two-merged-900x700.png' });
  await page.setViewportSize({ width: 1400, height: 900 });
  await expect.poll(() => headerProblems(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/merge-two-merged-1400x900.png' });
});

test('a conflicting session: the dialog lists the files in an alert, main is not touched, Rebase in worktree stays there', async ({ page }) => {
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  const gamma = await newWorktreeTerminalFolder(page, repo, dataDir);
  const pane = page.getByRole('main');
  await editInTerminal(pane, page, 'README.md', 'hello from the session');
  await commit(pane, page, gamma, 'Reword the README');
  writeFileSync(join(repo, 'README.md'), 'hello from main\n');
  git(repo, 'commit', '--quiet', '-am', 'main rewords the README');
  const before = { head: git(repo, 'rev-parse', 'HEAD'), status: git(repo, 'status', '--porcelain') };

  await pane.getByRole('button', { name: 'Merge into main' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge into main' });
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('This file conflicts with main; main was not changed');
  await expect(alert.getByRole('listitem')).toHaveText(['README.md']);
  await expect(dialog.getByRole('button', { name: 'Merge', exact: true })).toBeDisabled();
  await dialog.screenshot({ path: 'test-results/merge-conflict.png' });
  expect({ head: git(repo, 'rev-parse', 'HEAD'), status: git(repo, 'status', '--porcelain') }).toEqual(before);

  await alert.getByRole('button', { name: 'Rebase in worktree' }).click();
  await expect(dialog).toBeHidden();
  // A terminal pane's notes are in the bar over the screen: the newest in it, all of them a click away.
  await page.getByRole('main').getByRole('button', { name: /^All notes/ }).click();
  await expect(page.getByRole('list', { name: 'Session notes' })).toContainText('in the middle of a rebase onto main');
  expect(existsSync(join(git(gamma, 'rev-parse', '--absolute-git-dir'), 'rebase-merge'))).toBe(true);
  expect({ head: git(repo, 'rev-parse', 'HEAD'), status: git(repo, 'status', '--porcelain') }).toEqual(before);
  expect(readFileSync(join(repo, 'README.md'), 'utf8')).toBe('hello from main\n');
});

test('issue 14 §3: nothing to merge, commit (Changes follows), merge with an edited message, Merged, remove the worktree and branch', async ({ page }) => {
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  const delta = await newWorktreeTerminalFolder(page, repo, dataDir);
  const branch = git(delta, 'rev-parse', '--abbrev-ref', 'HEAD');
  const pane = page.getByRole('main');
  const merge = pane.getByRole('button', { name: 'Merge into main' });
  // A fresh worktree: nothing to merge, and the button says why.
  await expect(merge).toBeDisabled({ timeout: 15_000 });
  await expect(merge).toHaveAccessibleDescription('Nothing to merge: no commits that main lacks');
  await expect(pane.getByRole('note', { name: 'Worktree' })).toHaveText(`branch ${branch} from main`);

  // An edit made outside the session (another editor); Changes' Refresh counts the worktree again.
  writeFileSync(join(delta, 'delta.txt'), 'delta\n');
  await pane.getByRole('button', { name: 'Changes' }).click();
  const region = pane.getByRole('region', { name: 'Changes' });
  await region.getByRole('button', { name: 'Refresh' }).click();
  await expect(region.getByRole('listitem', { name: 'delta.txt +1 −0, new' })).toBeVisible();
  await expect(pane.getByRole('button', { name: 'Commit', exact: true })).toBeEnabled();

  // Commit lists its file; after it, Changes lists the file as committed on the branch, not as new.
  await pane.getByRole('button', { name: 'Commit', exact: true }).click();
  const commitDialog = page.getByRole('dialog', { name: 'Commit' });
  await expect(commitDialog.getByRole('list', { name: /^This file goes into a commit on swarmdesk\// }).getByRole('listitem')).toHaveAccessibleName('delta.txt, new');
  await commitDialog.getByRole('textbox', { name: 'Commit message' }).fill('Add delta');
  await commitDialog.getByRole('button', { name: 'Commit' }).click();
  await expect(commitDialog).toBeHidden();
  await expect(region.getByRole('listitem', { name: 'delta.txt +1 −0, added' })).toBeVisible();
  await expect(merge).toBeEnabled();
  await expect(merge).toHaveAccessibleDescription('1 commit to merge');

  // The message shown is the one written: prefilled from the commit, edited here.
  await merge.click();
  const dialog = page.getByRole('dialog', { name: 'Merge into main' });
  const field = dialog.getByRole('textbox', { name: 'Squash commit message' });
  await expect(field).toHaveValue('Add delta');
  const message = 'Add the delta file\n\nEdited in the Merge dialog.';
  await field.fill(message);
  await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(dialog).toBeHidden();
  expect(git(repo, 'log', '-1', '--format=%B', 'main')).toBe(message);
  expect(readFileSync(join(repo, 'delta.txt'), 'utf8')).toBe('delta\n');

  // Merged: the pane says so, Merge is off, Changes is empty, and the worktree can go with its branch.
  await expect(pane.getByText('Merged into main', { exact: true })).toBeVisible();
  await expect(merge).toBeDisabled();
  await expect(merge).toHaveAccessibleDescription('Merged into main');
  // The Changes bar says what happened, and offers only what can act (issue 28): no layout without a diff.
  await expect(region).toContainText(`Nothing new on ${branch} since the merge.`);
  const bar = region.locator('.changes-bar');
  await expect(bar.locator('.changes-title')).toHaveText(`Merged into main · ${branch}`);
  await expect(bar.getByRole('button')).toHaveText(['Refresh']);
  await pane.getByRole('button', { name: 'Remove worktree…' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove worktree' });
  await remove.getByRole('radio', { name: 'Delete the branch' }).check();
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(remove).toBeHidden();
  await expect(pane.getByText(`Worktree and branch ${branch} removed.`)).toBeVisible();
  await expect(bar.locator('.changes-title')).toHaveText('Worktree removed');
  await expect(bar.getByRole('button')).toHaveCount(0);
  await expect(region).toContainText(`The worktree was removed after the merge, and the branch ${branch} with it.`);
  expect(existsSync(delta)).toBe(false);
  expect(git(repo, 'branch', '--list', branch)).toBe('');
  await page.getByRole('main').getByRole('button', { name: /^All notes/ }).click();
  await expect(page.getByRole('list', { name: 'Session notes' })).toContainText(`Removed the worktree folder ${delta} and the branch ${branch}`);
});

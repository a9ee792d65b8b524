import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { git, makeRepo } from '../support/gitRepo';
import { isolatedHome, worktreeFolders as worktreeFoldersIn } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { rows } from './support/swarm';

// "Work in a new git worktree" (issue 10, SPEC §7.1) in a real Chromium against web mode, with a real
// repository: offered only inside a repository (else the dialog says why), on by default, remembered per
// repository; the session works in a worktree outside the repository; deleting it says what is kept and keeps it.
test.describe.configure({ mode: 'serial' });

const dataDir = freshDataDir();
const plain = join(dataDir, 'plain folder');
const repo = makeRepo('web repo');
let server: RunningServer;

test.beforeAll(async () => {
  mkdirSync(plain);
  // A home of its own: the machine's ~/.bashrc (pyenv init here) can keep bash from its prompt for many seconds,
  // and the machine's own agent history is not imported.
  server = await startServer({ dataDir, env: { HOME: isolatedHome('worktree').home, SHELL: '/bin/bash', SWARMDESK_IMPORT: 'off' } });
});

test.afterAll(async () => {
  await server?.stop();
});

async function openDialog(page: Page, folder: string): Promise<Locator> {
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  await page.getByRole('button', { name: 'New session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New session' });
  await dialog.getByRole('combobox', { name: 'Agent' }).selectOption({ label: 'Terminal' });
  const field = dialog.getByRole('textbox', { name: 'Folder' });
  // As a person does: the prefilled folder is there before typing over it (typing while it arrives mixes the two).
  await expect(field).not.toHaveValue('');
  await field.fill(folder);
  await expect(field).toHaveValue(folder);
  return dialog;
}

const worktreeFolders = (): string[] => worktreeFoldersIn(dataDir, repo);

test('no checkbox outside a repository, and the dialog says why', async ({ page }) => {
  const dialog = await openDialog(page, plain);
  await expect(dialog).toContainText('not inside a git repository');
  await expect(dialog.getByRole('checkbox', { name: 'Work in a new git worktree' })).toHaveCount(0);
});

test('inside a repository the checkbox is on; the session works in a new worktree outside it', async ({ page }) => {
  const dialog = await openDialog(page, repo);
  const box = dialog.getByRole('checkbox', { name: 'Work in a new git worktree' });
  await expect(box).toBeChecked();
  await expect(dialog).toContainText('A new branch from main');
  await dialog.screenshot({ path: 'test-results/new-session-worktree.png' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page)).toHaveCount(1);
  const [folder] = worktreeFolders();
  expect(folder).toBeDefined();
  expect(git(repo, 'worktree', 'list')).toContain('[swarmdesk/');
  expect(git(folder!, 'rev-parse', '--abbrev-ref', 'HEAD')).toMatch(/^swarmdesk\//);
});

test('unchecked is remembered for the repository', async ({ page }) => {
  let dialog = await openDialog(page, repo);
  await dialog.getByRole('checkbox', { name: 'Work in a new git worktree' }).uncheck();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page)).toHaveCount(2);
  expect(worktreeFolders()).toHaveLength(1);
  dialog = await openDialog(page, repo);
  await expect(dialog.getByRole('checkbox', { name: 'Work in a new git worktree' })).not.toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Work in a new git worktree' }).check();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('deleting a session with uncommitted work in its worktree says so, then keeps the work as a checkpoint, the branch untouched', async ({ page }) => {
  const [folder] = worktreeFolders();
  const branch = git(folder!, 'rev-parse', '--abbrev-ref', 'HEAD');
  writeFileSync(join(folder!, 'notes.txt'), 'work in progress\n');
  await page.goto(server.url);
  // The worktree session is the older of the two: the second row.
  const row = rows(page).nth(1);
  await row.getByRole('button', { name: /More actions/ }).click();
  await page.getByRole('menuitem', { name: /^Delete/ }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Its worktree has 1 uncommitted file');
  await expect(confirm).toContainText('Deleting keeps that work as a checkpoint (restore it from Settings → General → Recently removed');
  await confirm.screenshot({ path: 'test-results/delete-worktree-confirm.png' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(rows(page)).toHaveCount(1);
  expect(existsSync(folder!)).toBe(false);
  // Kept as a checkpoint (issue 36), not committed onto the branch: the branch stays as the agent left it.
  expect(() => git(repo, 'show', `${branch}:notes.txt`)).toThrow();
  const kept = git(repo, 'for-each-ref', '--format=%(refname)', 'refs/swarmdesk/removed').split('\n').filter((ref) => ref !== '');
  const holds = (ref: string) => {
    try {
      return git(repo, 'show', `${ref}:notes.txt`) === 'work in progress';
    } catch {
      return false;
    }
  };
  expect(kept.some(holds), kept.join(', ')).toBe(true);
});

test('the setup command from the dialog runs in the new worktree, its output shown in the pane', async ({ page }) => {
  const dialog = await openDialog(page, repo);
  const box = dialog.getByRole('checkbox', { name: 'Work in a new git worktree' });
  await box.check();
  await dialog.getByText('Worktree setup').click();
  await dialog.getByRole('textbox', { name: 'Setup command' }).fill('echo "setup says $(git rev-parse --abbrev-ref HEAD)"');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  // A terminal pane has no transcript: its notes are in the bar over the screen, all of them a click away.
  await page.getByRole('main').getByRole('button', { name: /^All notes/ }).click();
  const notes = page.getByRole('list', { name: 'Session notes' });
  await expect(notes).toContainText('Setup `echo');
  await expect(notes).toContainText(/setup says swarmdesk\/[0-9a-f]{8}/);
  await page.screenshot({ path: 'test-results/worktree-setup-pane.png' });
});

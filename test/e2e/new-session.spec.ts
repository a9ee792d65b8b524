import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { rows } from './support/swarm';
import { shootAndAudit } from './support/sweep';

// The New session dialog per agent kind (issue 4 item 6) in a real Chromium against web mode:
// per-kind fields, why an agent cannot run (here: no Claude Code CLI at the configured path,
// no model key), a refused folder, and a Claude Code session's permission mode in its pane.
test.describe.configure({ mode: 'serial' });

const dataDir = freshDataDir();
const work = join(dataDir, 'work');
let server: RunningServer;

test.beforeAll(async () => {
  mkdirSync(work);
  server = await startServer({
    dataDir,
    env: { SWARMDESK_CLAUDE_PATH: join(dataDir, 'no-such-claude'), ANTHROPIC_API_KEY: '', OPENAI_API_KEY: '', OPENAI_BASE_URL: '', SWARMDESK_CHAT_PROVIDER: '' },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

async function openDialog(page: Page): Promise<Locator> {
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  await page.getByRole('button', { name: 'New session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New session' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('each kind shows its own fields, and says plainly what it still needs', async ({ page }) => {
  const dialog = await openDialog(page);
  const agent = dialog.getByRole('combobox', { name: 'Agent' });

  await agent.selectOption({ label: 'Chat' });
  await expect(dialog.getByRole('combobox', { name: 'Provider' })).toHaveValue('anthropic');
  await expect(dialog.getByRole('textbox', { name: 'Model' })).toHaveAttribute('placeholder', /\(default\)$/);
  await expect(dialog).toContainText('Chat needs a model provider');
  await dialog.screenshot({ path: 'test-results/new-session-chat.png' });

  await agent.selectOption({ label: 'Claude Code' });
  await expect(dialog.getByRole('combobox', { name: 'Permission mode' })).toHaveValue('default');
  await expect(dialog).toContainText('The Claude Code CLI was not found at');
  await expect(dialog).toContainText('npm i -g @anthropic-ai/claude-code');
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeEnabled();
  await dialog.screenshot({ path: 'test-results/new-session-claude-code.png' });

  await agent.selectOption({ label: 'Terminal' });
  await expect(dialog.getByRole('textbox', { name: 'Command' })).toHaveValue('');
  await expect(dialog).not.toContainText('not found');
  await dialog.screenshot({ path: 'test-results/new-session-terminal.png' });
});

test('an ACP agent that is not installed is spoken of only once it is the chosen agent', async ({ page }) => {
  // Qwen Code is not on this machine (nor on the server's PATH): its option can be chosen, to learn how to get it.
  const dialog = await openDialog(page);
  const agent = dialog.getByRole('combobox', { name: 'Agent' });
  await expect(agent.getByRole('option', { name: 'Qwen Code' })).toBeEnabled();
  await agent.selectOption({ label: 'Terminal' });
  await expect(dialog).not.toContainText('is not installed');
  await agent.selectOption({ label: 'Chat' });
  await expect(dialog).not.toContainText('is not installed');

  await agent.selectOption({ label: 'Qwen Code' });
  await expect(dialog).toContainText('Qwen Code is not installed. To install it: npm install -g @qwen-code/qwen-code');
  await expect(agent).toHaveAccessibleDescription(/^Qwen Code is not installed/);
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  for (const { look, blocking } of await shootAndAudit(page, 'test-results', 'new-session-missing-agent')) expect.soft(blocking, look).toEqual([]);

  await agent.selectOption({ label: 'Terminal' });
  await expect(dialog).not.toContainText('is not installed');
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeEnabled();
});

test('a folder that does not exist is refused in an alert at the Folder field as it is typed, Create disabled, and nothing is created', async ({ page }) => {
  const dialog = await openDialog(page);
  await dialog.getByRole('combobox', { name: 'Agent' }).selectOption({ label: 'Terminal' });
  await dialog.getByRole('textbox', { name: 'Folder' }).fill(join(work, 'kumquat-missing'));
  const alert = dialog.getByRole('alert');
  await expect(alert).toHaveText(`No folder at ${join(work, 'kumquat-missing')}. Pick an existing folder.`);
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await expect(dialog).toBeVisible();
  await dialog.screenshot({ path: 'test-results/new-session-bad-folder.png' });
  await expect(rows(page)).toHaveCount(0);
});

test('a Claude Code session created in plan mode shows it in its pane, and the mode can be changed there', async ({ page }) => {
  const dialog = await openDialog(page);
  await dialog.getByRole('combobox', { name: 'Agent' }).selectOption({ label: 'Claude Code' });
  await dialog.getByRole('textbox', { name: 'Folder' }).fill(work);
  await dialog.getByRole('combobox', { name: 'Permission mode' }).selectOption({ label: 'Plan' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page)).toHaveCount(1);

  const pane = page.getByRole('main');
  const mode = pane.getByRole('combobox', { name: 'Permission mode' });
  await expect(mode).toHaveValue('plan');
  await expect(mode.locator('option:checked')).toHaveText('plan mode');
  await expect(pane).toContainText(work);
  await page.screenshot({ path: 'test-results/new-session-pane-mode.png' });

  await mode.selectOption({ label: 'accept edits mode' });
  await page.reload();
  await rows(page).first().click();
  await expect(page.getByRole('main').getByRole('combobox', { name: 'Permission mode' })).toHaveValue('acceptEdits');
});

test('a Terminal session runs the command it was created with', async ({ page }) => {
  const dialog = await openDialog(page);
  await dialog.getByRole('combobox', { name: 'Agent' }).selectOption({ label: 'Terminal' });
  await dialog.getByRole('textbox', { name: 'Folder' }).fill(work);
  await dialog.getByRole('textbox', { name: 'Command' }).fill('echo kumquat-$((40+2)) from $(pwd)');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  const screen = page.getByRole('main').getByRole('group', { name: 'Terminal' });
  await expect(screen).toContainText(`kumquat-42 from ${work}`, { timeout: 20_000 });
});

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { rows } from './support/swarm';
import { shootAndAudit } from './support/sweep';

// The Settings dialog in sections and the New session dialog's Folder field (issue 14 §4), in a real
// Chromium against web mode: the tabs, the theme applied and kept, values the environment sets shown with
// their value (a key never), and a missing folder refused as it is typed, then remembered once used.
test.describe.configure({ mode: 'serial' });

const dataDir = freshDataDir();
const work = join(dataDir, 'work');
const SECTIONS = ['General', 'Agents', 'Ambient model', 'Notifications', 'History import', 'Hosts'];
const SECRET = 'sk-ant-e2e-never-shown';
/** Where the looks of each tab and the New session dialog are saved, light and dark, wide and narrow. */
const SHOTS = process.env.SWARMDESK_SHOTS_DIR ?? 'test-results/settings';
let server: RunningServer;

test.beforeAll(async () => {
  mkdirSync(work);
  server = await startServer({
    dataDir,
    env: {
      // Nothing listens there: the ambient work stays offline, the key and URL are only shown.
      ANTHROPIC_API_KEY: SECRET,
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:4000',
      SWARMDESK_AMBIENT_PROVIDER: 'offline',
      SWARMDESK_CLAUDE_PATH: join(dataDir, 'no-such-claude'),
      OPENAI_API_KEY: '',
      OPENAI_BASE_URL: '',
      SWARMDESK_CHAT_PROVIDER: '',
      SWARMDESK_CHAT_MODEL: '',
      SWARMDESK_IMPORT: '0',
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

async function openApp(page: Page): Promise<void> {
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
}

async function openSettings(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function openNewSession(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'New session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New session' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('Settings has one tab per section; each shows its own settings; arrow keys move between them', async ({ page }) => {
  await openApp(page);
  const dialog = await openSettings(page);
  await expect(dialog.getByRole('tab')).toHaveText(SECTIONS);
  const panel = dialog.getByRole('tabpanel');
  for (const name of SECTIONS) {
    await dialog.getByRole('tab', { name }).click();
    await expect(dialog.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    await expect(panel).toHaveAccessibleName(name);
  }
  await expect(panel.getByRole('region', { name: 'Hosts' })).toBeVisible();
  await expect(panel.getByRole('radiogroup', { name: 'Theme' })).toHaveCount(0);

  await dialog.getByRole('tab', { name: 'General' }).click();
  await expect(panel.getByRole('radiogroup', { name: 'Theme' })).toBeVisible();
  await expect(panel.getByText(/Notify me/)).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('tab', { name: 'Agents' })).toBeFocused();
  await expect(panel).toHaveAccessibleName('Agents');
  await expect(panel.getByRole('list', { name: 'Agent tools' })).toContainText('Claude Code: The Claude Code CLI was not found');
  await expect(panel.getByRole('combobox', { name: 'Chat provider' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(dialog.getByRole('tab', { name: 'Hosts' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'General' })).toBeFocused();
});

test('Agents: what was found includes the ACP agents (Gemini CLI); one Save for the section, and the keyboard stays where it was used', async ({ page }) => {
  await openApp(page);
  const dialog = await openSettings(page);
  await dialog.getByRole('tab', { name: 'Agents' }).click();
  const panel = dialog.getByRole('tabpanel');
  const tools = panel.getByRole('list', { name: 'Agent tools' });
  await expect(tools).toContainText('Gemini CLI: found (ACP)');
  await expect(tools).toContainText('Qwen Code: not installed (to install it: npm install -g @qwen-code/qwen-code)');
  await expect(panel.getByRole('button', { name: /^Save/ })).toHaveText(['Save agent settings']);
  const save = panel.getByRole('button', { name: 'Save agent settings' });

  await panel.getByRole('textbox', { name: 'Chat model' }).fill('kumquat-model');
  await save.click();
  await expect(panel.getByText('Saved', { exact: true })).toBeVisible();
  await expect(save).toBeFocused();

  // A new agent saved with Enter from its Command field: the field keeps the keyboard through the redraw.
  await panel.getByRole('button', { name: 'Add agent' }).click();
  await panel.getByRole('group', { name: 'New agent' }).getByRole('textbox', { name: 'Name' }).fill('Kumquat agent');
  const command = panel.getByRole('group', { name: 'Kumquat agent' }).getByRole('textbox', { name: 'Command' });
  await command.fill(process.execPath);
  await command.press('Enter');
  await expect(panel.getByText('Saved', { exact: true })).toBeVisible();
  await expect(command).toBeFocused();
  await expect(tools).toContainText('Kumquat agent: found (ACP)');
  await tools.scrollIntoViewIfNeeded();
  for (const { look, blocking } of await shootAndAudit(page, SHOTS, 'settings-agents-found')) expect.soft(blocking, look).toEqual([]);

  // Both parts were kept by the host.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  const again = await openSettings(page);
  await again.getByRole('tab', { name: 'Agents' }).click();
  await expect(again.getByRole('textbox', { name: 'Chat model' })).toHaveValue('kumquat-model');
  await expect(again.getByRole('group', { name: 'Kumquat agent' })).toBeVisible();
});

test('a value the environment sets is shown with it; a key only by its variable', async ({ page }) => {
  await openApp(page);
  const dialog = await openSettings(page);
  await dialog.getByRole('tab', { name: 'Ambient model' }).click();
  await expect(dialog.getByRole('note', { name: 'Anthropic base URL' })).toHaveText('http://127.0.0.1:4000 — set by ANTHROPIC_BASE_URL');
  await expect(dialog.getByRole('note', { name: 'Anthropic API key' })).toHaveText('set by ANTHROPIC_API_KEY');
  await expect(dialog.getByRole('note', { name: 'Provider' })).toHaveText('offline — set by SWARMDESK_AMBIENT_PROVIDER');
  await expect(dialog.getByRole('region', { name: 'Ambient activity' })).toBeVisible();
  expect(await page.content()).not.toContain(SECRET);
});

test('a base URL that is not http(s) is refused next to its field; plain HTTP to another machine takes "Allow plain HTTP to this host", kept with the URL', async ({ page }) => {
  await openApp(page);
  let dialog = await openSettings(page);
  await dialog.getByRole('tab', { name: 'Ambient model' }).click();
  const url = dialog.getByRole('textbox', { name: 'OpenAI base URL' });
  const save = dialog.getByRole('button', { name: 'Save ambient settings' });
  await url.fill('javascript:alert(1)');
  await save.click();
  const why = 'The OpenAI base URL must start with https:// (or http://), not javascript:. Only web addresses can be model endpoints.';
  await expect(dialog.getByRole('alert')).toHaveText(why);
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(url).toHaveAccessibleDescription(why);
  // The user stays where they were.
  await expect(save).toBeFocused();
  await expect(dialog.getByRole('status').filter({ hasText: 'Saved' })).toHaveCount(0);

  await url.fill('http://192.0.2.10:11434/v1');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  const allow = dialog.getByRole('checkbox', { name: 'Allow plain HTTP to this host' });
  await expect(allow).not.toBeChecked();
  await save.click();
  await expect(dialog.getByRole('alert')).toHaveText(/^The OpenAI base URL uses plain HTTP to 192\.0\.2\.10/);
  await expect(dialog.getByText('Not saved: the OpenAI base URL needs a fix (above).')).toBeVisible();
  await url.scrollIntoViewIfNeeded();
  for (const { look, blocking } of await shootAndAudit(page, SHOTS, 'settings-base-url-refused')) expect.soft(blocking, look).toEqual([]);
  await allow.check();
  await save.click();
  await expect(dialog.getByText('Saved', { exact: true })).toBeVisible();
  await expect(save).toBeFocused();

  // Kept by the host, the permission with its URL; a loopback URL needs none.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  dialog = await openSettings(page);
  await dialog.getByRole('tab', { name: 'Ambient model' }).click();
  await expect(dialog.getByRole('textbox', { name: 'OpenAI base URL' })).toHaveValue('http://192.0.2.10:11434/v1');
  await expect(dialog.getByRole('checkbox', { name: 'Allow plain HTTP to this host' })).toBeChecked();
  await dialog.getByRole('textbox', { name: 'OpenAI base URL' }).fill('http://127.0.0.1:11434/v1');
  await expect(dialog.getByRole('checkbox', { name: 'Allow plain HTTP to this host' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save ambient settings' }).click();
  await expect(dialog.getByText('Saved', { exact: true })).toBeVisible();
});

test('the theme switches to dark at once, stays after a reload, and System gives the OS back', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openApp(page);
  const html = page.locator('html');
  const body = page.locator('body');
  await expect(body).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  let dialog = await openSettings(page);
  await dialog.getByRole('radio', { name: 'Dark' }).check();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(body).toHaveCSS('background-color', 'rgb(27, 27, 29)');
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(body).toHaveCSS('background-color', 'rgb(27, 27, 29)');
  dialog = await openSettings(page);
  await expect(dialog.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Light' }).check();
  // Light overrides a dark OS.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(body).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await dialog.getByRole('radio', { name: 'System' }).check();
  await expect(html).not.toHaveAttribute('data-theme');
  await expect(body).toHaveCSS('background-color', 'rgb(27, 27, 29)');
});

test('New session: a missing folder is an inline error with Create disabled; fixed, Create works and the folder is remembered', async ({ page }) => {
  await openApp(page);
  let dialog = await openNewSession(page);
  await dialog.getByRole('combobox', { name: 'Agent' }).selectOption({ label: 'Terminal' });
  const folder = dialog.getByRole('textbox', { name: 'Folder' });
  const missing = join(work, 'kumquat-missing');
  await folder.fill(missing);
  await expect(dialog.getByRole('alert')).toHaveText(`No folder at ${missing}. Pick an existing folder.`);
  await expect(folder).toHaveAttribute('aria-invalid', 'true');
  await expect(folder).toHaveAccessibleDescription(`No folder at ${missing}. Pick an existing folder.`);
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();

  await folder.fill(work);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page)).toHaveCount(1);

  dialog = await openNewSession(page);
  await expect(dialog.getByRole('textbox', { name: 'Folder' })).toHaveValue(work);
  await page.keyboard.press('Escape');
  // Kept by the host: a fresh page is prefilled with it too.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  dialog = await openNewSession(page);
  await expect(dialog.getByRole('textbox', { name: 'Folder' })).toHaveValue(work);
});

test('looks: each Settings tab and the New session dialog, wide and narrow, light and dark', async ({ page }) => {
  test.setTimeout(120_000);
  await openApp(page);
  for (const [width, height] of [
    [1400, 900],
    [900, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const dialog = await openSettings(page);
      for (const name of SECTIONS) {
        await dialog.getByRole('tab', { name }).click();
        await expect(dialog.getByRole('tabpanel')).toHaveAccessibleName(name);
        await expect(dialog.getByText('Loading…')).toHaveCount(0);
        await page.screenshot({ path: `${SHOTS}/settings-${name.toLowerCase().replace(/ /g, '-')}-${width}-${scheme}.png` });
      }
      await page.keyboard.press('Escape');
      const created = await openNewSession(page);
      await created.getByRole('textbox', { name: 'Folder' }).fill(join(work, 'missing'));
      await expect(created.getByRole('alert')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/new-session-bad-folder-${width}-${scheme}.png` });
      await created.getByRole('textbox', { name: 'Folder' }).fill(work);
      await expect(created.getByRole('alert')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/new-session-${width}-${scheme}.png` });
      await page.keyboard.press('Escape');
    }
  }
});

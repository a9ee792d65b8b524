import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { composer, isolatedHome, transcript } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { shootAndAudit, VIEWPORTS } from './support/sweep';

// Issue 16 in a real browser against the real core: an ACP agent's MCP servers set in Settings → Agents
// (passed to its session/new), and the pane's Mode and Model comboboxes (the project's own agent offers
// both) changed live. Screenshots at two sizes, light and dark, into ACP_MODES_SHOTS, each checked by axe.
test.describe.configure({ mode: 'serial' });

const FAKE_AGENT = fileURLToPath(new URL('../fixtures/acp/agent.mjs', import.meta.url));
const shots = process.env.ACP_MODES_SHOTS ?? 'test-results/acp-modes';
const dataDir = freshDataDir('swarmdesk-e2e-acp-modes-');
const { home, work } = isolatedHome('acp-modes');
const logFile = join(home, 'agent.log');
let server: RunningServer;

/** The screen as it is now, at both sizes and in both schemes: a screenshot, and no serious or critical axe finding. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const { look, blocking } of await shootAndAudit(page, shots, name)) expect.soft(blocking, look).toEqual([]);
}

test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  server = await startServer({ dataDir, env: { HOME: home, SWARMDESK_IMPORT: 'off' } });
});

test.afterAll(async () => {
  await server?.stop();
});

test('MCP servers for an agent in Settings reach its session/new; the pane’s Mode and Model change the live agent', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });

  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Agents' }).click();
  const acp = settings.getByRole('group', { name: 'ACP agents' });
  await acp.getByRole('button', { name: 'Add agent' }).click();
  await acp.getByRole('group', { name: 'New agent' }).getByRole('textbox', { name: 'Name' }).fill('Kumquat agent');
  const mine = acp.getByRole('group', { name: 'Kumquat agent' });
  await mine.getByRole('textbox', { name: 'Command' }).fill(process.execPath);
  await mine.getByRole('textbox', { name: 'Arguments' }).fill(FAKE_AGENT);
  await mine.getByRole('textbox', { name: 'Environment' }).fill(`FAKE_ACP_LOG=${logFile}`);
  await settings.getByRole('button', { name: 'Save agent settings' }).click();
  await expect(settings.getByText('Saved', { exact: true })).toBeVisible();

  const mcp = acp.getByRole('textbox', { name: 'MCP servers for Kumquat agent' });
  await mcp.fill('[{ "name": "files" }]');
  await settings.getByRole('button', { name: 'Save agent settings' }).click();
  await expect(mcp).toHaveAccessibleDescription('Server 1: “command” is missing.');
  await settings.getByRole('alert').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shoot(page, 'settings-mcp-error');
  await mcp.fill('[{ "name": "files", "command": "/usr/local/bin/mcp-files", "args": ["--root", "/srv"], "env": { "FILES_API_KEY": "k-1" } }]');
  await settings.getByRole('button', { name: 'Save agent settings' }).click();
  await expect(settings.getByText('Saved', { exact: true })).toBeVisible();
  await expect(mcp).toHaveValue(/"FILES_API_KEY":"••••••••"/);
  await mcp.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shoot(page, 'settings-mcp');
  await settings.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'New session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New session' });
  await dialog.getByRole('combobox', { name: 'Agent' }).selectOption({ label: 'Kumquat agent' });
  await dialog.getByRole('textbox', { name: 'Folder' }).fill(work);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  const pane = page.getByRole('main');
  await composer(page).fill('say hello');
  await composer(page).press('Enter');
  await expect(transcript(page)).toContainText('Hello there');
  const mode = pane.getByRole('combobox', { name: 'Mode', exact: true });
  const model = pane.getByRole('combobox', { name: 'Model', exact: true });
  await expect(mode.getByRole('option')).toHaveText(['Default', 'Auto Edit', 'YOLO']);
  await expect(model.getByRole('option')).toHaveText(['Fake Large', 'Fake Small']);
  await mode.selectOption({ label: 'Auto Edit' });
  await model.selectOption({ label: 'Fake Small' });
  await composer(page).fill('choices');
  await composer(page).press('Enter');
  await expect(transcript(page)).toContainText('mode auto-edit, model fake-small');
  await shoot(page, 'pane-modes');

  const mcpLine = readFileSync(logFile, 'utf8').split('\n').find((l) => l.startsWith('mcp '));
  // The user's server, then Swarmdesk's own (set_session_title, issue 33).
  const servers = JSON.parse(mcpLine?.slice(4) ?? '[]') as { name: string }[];
  expect(servers.filter((server) => server.name !== 'swarmdesk')).toEqual([{ name: 'files', command: '/usr/local/bin/mcp-files', args: ['--root', '/srv'], env: [{ name: 'FILES_API_KEY', value: 'k-1' }] }]);
  expect(servers.at(-1)?.name).toBe('swarmdesk');
});

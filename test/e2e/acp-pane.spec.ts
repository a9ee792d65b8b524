import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { composer, isolatedHome, transcript } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { shootAndAudit, VIEWPORTS } from './support/sweep';

// Issue 16 in a real browser against the real core: a user-defined ACP agent (the project's own,
// test/fixtures/acp/agent.mjs) added in Settings → Agents, picked in New session, its plan drawn as a
// checklist, a permission request answered from the pane, the diff of the write it allowed.
// Screenshots at two sizes, light and dark, into ACP_UI_SHOTS (default test-results/acp-ui), each checked by axe.
test.describe.configure({ mode: 'serial' });

const FAKE_AGENT = fileURLToPath(new URL('../fixtures/acp/agent.mjs', import.meta.url));
const BIN = fileURLToPath(new URL('../../node_modules/.bin', import.meta.url));
const shots = process.env.ACP_UI_SHOTS ?? 'test-results/acp-ui';
const dataDir = freshDataDir('swarmdesk-e2e-acp-ui-');
const { home, work } = isolatedHome('acp-ui');
let server: RunningServer;

/** The screen as it is now, at both sizes and in both schemes: a screenshot, and no serious or critical axe finding. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const { look, blocking } of await shootAndAudit(page, shots, name)) expect.soft(blocking, look).toEqual([]);
}

test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  // The project's bin on PATH (as `npm run serve` has it): Gemini CLI and codex-acp (devDependencies) are found there, qwen is not.
  server = await startServer({ dataDir, env: { HOME: home, PATH: `${BIN}:${process.env.PATH ?? ''}`, SWARMDESK_IMPORT: 'off' } });
});

test.afterAll(async () => {
  await server?.stop();
});

test('a user-defined ACP agent: added in Settings, picked in New session, a plan, a permission answered, its diff, Stop while it asks', async ({ page }) => {
  // Five screens × two sizes × two looks, each checked by axe, on a shared machine.
  test.setTimeout(300_000);
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });

  // Settings → Agents: add the project's own agent.
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Agents' }).click();
  const acp = settings.getByRole('group', { name: 'ACP agents' });
  await expect(acp.getByRole('textbox', { name: 'Gemini CLI path' })).toHaveAttribute('placeholder', 'gemini (found on PATH)');
  await expect(acp.getByRole('textbox', { name: 'Codex (codex-acp) path' })).toHaveAttribute('placeholder', 'codex-acp (found on PATH)');
  await acp.getByRole('button', { name: 'Add agent' }).click();
  await acp.getByRole('group', { name: 'New agent' }).getByRole('textbox', { name: 'Name' }).fill('Kumquat agent');
  const mine = acp.getByRole('group', { name: 'Kumquat agent' });
  await mine.getByRole('textbox', { name: 'Command' }).fill(process.execPath);
  await mine.getByRole('textbox', { name: 'Arguments' }).fill(FAKE_AGENT);
  await mine.getByRole('textbox', { name: 'Environment' }).fill('FAKE_ACP_TOKEN=secret-1\nFAKE_ACP_NOTE=hello');
  await settings.getByRole('button', { name: 'Save agent settings' }).click();
  await expect(settings.getByText('Saved', { exact: true })).toBeVisible();
  await expect(mine.getByRole('textbox', { name: 'Environment' })).toHaveValue('FAKE_ACP_TOKEN=••••••••\nFAKE_ACP_NOTE=hello');
  await acp.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shoot(page, 'settings-acp');
  await mine.getByRole('button', { name: 'Remove Kumquat agent' }).evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await shoot(page, 'settings-your-agents');
  await settings.getByRole('button', { name: 'Close' }).click();

  // New session: the agents by name (a missing one says how to install it once chosen).
  await page.getByRole('button', { name: 'New session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New session' });
  const agent = dialog.getByRole('combobox', { name: 'Agent' });
  await expect(agent.getByRole('option', { name: 'Kumquat agent' })).toBeEnabled();
  await expect(agent.getByRole('option', { name: 'Gemini CLI' })).toBeEnabled();
  await expect(agent.getByRole('option', { name: 'Codex' })).toBeEnabled();
  await expect(dialog).not.toContainText('is not installed');
  await agent.selectOption({ label: 'Kumquat agent' });
  await dialog.getByRole('textbox', { name: 'Folder' }).fill(work);
  await shoot(page, 'new-session');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  // After a reload the pane names its agent from the session itself (this page has not asked for the agents).
  await page.reload();
  await expect(page.getByRole('main').locator('.pane-facts')).toHaveText(/^Kumquat agent/);
  await expect(page.getByRole('main')).toHaveAccessibleName(/^Kumquat agent · /);

  // A plan, drawn as a checklist.
  await composer(page).fill('plan');
  await composer(page).press('Enter');
  const plan = transcript(page).getByRole('list', { name: 'Plan' });
  await expect(plan.getByRole('listitem')).toHaveText(['✓Done: Look at the code', '◐In progress: Fix the bugin progress', '○Pending: Write a test']);
  await expect(transcript(page)).toContainText('Planned.');

  // A write that asks permission: the group over the composer, the agent's options by name.
  await composer(page).fill('write notes.txt');
  await composer(page).press('Enter');
  const request = page.getByRole('main').getByRole('group', { name: 'Permission request' });
  await expect(request.getByRole('button')).toHaveText(['Allow for this session', 'Allow', 'Reject']);
  await expect(request).toContainText('WriteFile notes.txt');
  await expect(page.getByRole('main')).toContainText('waiting for you');
  await shoot(page, 'pane-permission');
  await request.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(request).toBeHidden();
  await expect(transcript(page)).toContainText('Wrote notes.txt.');
  expect(existsSync(join(work, 'notes.txt')) && readFileSync(join(work, 'notes.txt'), 'utf8')).toBe('hello from the agent\n');
  await expect(transcript(page)).toContainText('You chose “Allow”: WriteFile notes.txt');
  const diff = transcript(page).getByText(/^Diff: notes\.txt \(\+1 −0\)$/);
  await diff.click();
  await expect(transcript(page).locator('.acp-diff .diff-add')).toHaveText(['+hello from the agent\n']);
  await shoot(page, 'pane-diff');

  // Stop while the agent asks: the request is cancelled, the group goes, the file is not written.
  await composer(page).fill('write other.txt');
  await composer(page).press('Enter');
  await expect(request).toContainText('WriteFile other.txt');
  await page.getByRole('main').getByRole('button', { name: 'Stop' }).click();
  await expect(request).toBeHidden();
  await expect(transcript(page)).toContainText('Permission request cancelled: WriteFile other.txt');
  await expect(page.getByRole('main').getByRole('button', { name: 'Stop' })).toBeHidden();
  expect(existsSync(join(work, 'other.txt'))).toBe(false);
});

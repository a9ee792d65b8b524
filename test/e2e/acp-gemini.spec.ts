import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { GEMINI_BIN, makeGeminiHome, type GeminiHome } from '../support/geminiHome';
import { startGeminiStandIn, type GeminiStandIn } from '../support/geminiStandIn';
import { composer, transcript } from './support/agents';
import { descendants, freshDataDir, startServer, waitGone, type RunningServer } from './support/server';
import { rows } from './support/swarm';
import { shootAndAudit, VIEWPORTS } from './support/sweep';

// Issue 16 in a real browser with the real Gemini CLI 0.61 (`gemini --acp`) against the loopback
// stand-in of the Gemini API: a Gemini CLI session created from the New session dialog, a prompt
// answered in the transcript, a permission request answered from the pane (the file written), the
// session found by a word of the answer, and gemini gone with the host. Screenshots at two sizes, light
// and dark, into ACP_GEMINI_SHOTS (default test-results/acp-gemini), each checked by axe.
test.describe.configure({ mode: 'serial' });

const shots = process.env.ACP_GEMINI_SHOTS ?? 'test-results/acp-gemini';
const TURN_MS = 60_000;
let standIn: GeminiStandIn;
let gh: GeminiHome;
let work: string;
let server: RunningServer;

/** The screen as it is now, at both sizes and in both schemes: a screenshot, and no serious or critical axe finding. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const { look, blocking } of await shootAndAudit(page, shots, name)) expect.soft(blocking, look).toEqual([]);
}

test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  standIn = await startGeminiStandIn();
  gh = makeGeminiHome(standIn.url);
  work = realpathSync(mkdtempSync(join(gh.home, 'work-')));
  // Gemini's own home, key and API address; found through SWARMDESK_GEMINI_PATH. No import of the machine's transcripts.
  server = await startServer({ env: { ...gh.env, SWARMDESK_GEMINI_PATH: GEMINI_BIN, SWARMDESK_IMPORT: 'off' }, dataDir: freshDataDir('swarmdesk-e2e-acp-gemini-') });
});

test.afterAll(async () => {
  await server?.stop();
  await standIn?.close();
  gh?.remove();
});

test('a Gemini CLI session: created from New session, answered, a permission answered from the pane, found by search', async ({ page }) => {
  // Four screens × two sizes × two looks, each checked by axe, and three gemini turns, on a shared machine.
  test.setTimeout(300_000);
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });

  await page.getByRole('button', { name: 'New session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New session' });
  const agent = dialog.getByRole('combobox', { name: 'Agent' });
  await expect(agent.getByRole('option', { name: 'Gemini CLI' })).toBeEnabled();
  await agent.selectOption({ label: 'Gemini CLI' });
  await dialog.getByRole('textbox', { name: 'Folder' }).fill(work);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  // A prompt and its answer, from the real gemini.
  await composer(page).fill('tell me about marmalade');
  await composer(page).press('Enter');
  await expect(transcript(page)).toContainText('The word for it here is marmaladeanswer.', { timeout: TURN_MS });
  await shoot(page, 'answer');

  // A write that asks permission: gemini's own options, answered from the pane.
  writeFileSync(join(work, 'notes.txt'), 'old line\n');
  await composer(page).fill('write notes.txt with: written from the pane\n');
  await composer(page).press('Enter');
  const request = page.getByRole('main').getByRole('group', { name: 'Permission request' });
  await expect(request.getByRole('button')).toHaveText(['Allow for this session', 'Allow', 'Reject'], { timeout: TURN_MS });
  await expect(request).toContainText('Writing to notes.txt');
  await expect(page.getByRole('main')).toContainText('waiting for you');
  expect(readFileSync(join(work, 'notes.txt'), 'utf8')).toBe('old line\n');
  await shoot(page, 'permission');
  await request.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(request).toBeHidden();
  await expect(transcript(page)).toContainText('You chose “Allow”: Writing to notes.txt');
  await expect(transcript(page)).toContainText('Successfully overwrote file', { timeout: TURN_MS });
  expect(readFileSync(join(work, 'notes.txt'), 'utf8')).toBe('written from the pane\n');
  await shoot(page, 'written');

  // Found by a word only the answer holds.
  await page.getByRole('searchbox', { name: 'Search sessions' }).fill('marmaladeanswer');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().locator('mark')).toHaveText('marmaladeanswer');
  await shoot(page, 'search');

  // Only gemini's key reached the API.
  expect(standIn.requests.length).toBeGreaterThan(0);
  expect(standIn.requests.every((r) => r.headers['x-goog-api-key'] === 'stand-in-gemini-key' && r.headers.authorization === undefined)).toBe(true);
  expect(standIn.notFound()).toEqual([]);

  // Gemini runs under the session host (with the child it relaunches itself as); --stop ends all of it.
  const host = server.hostPid();
  expect(host).not.toBeNull();
  const geminis = descendants(host ?? -1).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('gemini');
    } catch {
      return false;
    }
  });
  expect(geminis.length).toBeGreaterThan(0);
  await server.stop();
  for (const pid of geminis) expect(await waitGone(pid, 15_000)).toBe(true);
});

import { expect, test, type Page } from '@playwright/test';
import { startModelServer, type ModelServer } from '../support/model-server';
import { agentEnv, composer, conversationText, isolatedHome, pane, shownEntries, transcript, type } from './support/agents';
import { writeHistory, type HistoryTree } from './support/history';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { shoot } from './support/shots';
import { rowByLabel, rows, sessionList } from './support/swarm';
import { shootAndAudit } from './support/sweep';

// Issue 4, history import: Claude Code and Codex transcripts already in the
// (isolated) home are indexed at start and listed with real labels, including a
// file whose last line was cut off; an imported Claude Code session resumes in
// a live pane through the real CLI.
test.describe.configure({ mode: 'serial' });

const dataDir = freshDataDir('swarmdesk-e2e-import-');
const { home, work } = isolatedHome('import');
let history: HistoryTree;
let model: ModelServer;
let server: RunningServer;

/** Each file's label: its own usable title, else what its user said first (the offline titler may title-case it). */
const LABELS = {
  titled: /^Notes folder check/,
  truncated: /^the checkout button does nothing on mobile/i,
  placeholder: /^bump the lodash version/i,
  codex: /^why does the invoice total round down/i,
  resumable: /^rename the invoice helper to formatInvoice/i,
} as const;

async function open(page: Page): Promise<void> {
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });
}

test.beforeAll(async () => {
  history = writeHistory(home, work);
  model = await startModelServer({ policy: () => ({ text: 'Picked it back up: formatInvoice is in place.' }) });
  server = await startServer({ dataDir, env: agentEnv(model, home) });
});

test.afterAll(async () => {
  await server?.stop();
  await model?.close();
});

test('transcripts already in the home are listed with real labels, a truncated one included', async ({ page }) => {
  await open(page);
  await expect(rows(page)).toHaveCount(5, { timeout: 30_000 });
  for (const label of Object.values(LABELS)) await expect(rowByLabel(page, label)).toBeVisible({ timeout: 20_000 });
  // The first import is told once, for the whole scan (not per batch), by tool.
  await expect(page.getByText(/^Imported \d+ sessions? from/)).toHaveCount(1);
  await expect(page.getByText(/^Imported \d+ sessions? from/)).toHaveText('Imported 4 sessions from Claude Code and 1 from Codex. 3 lines could not be read and were skipped.');
  // "Untitled" from the tool is not a title, and no placeholder or raw record shows anywhere.
  const list = sessionList(page);
  await expect(list).not.toContainText(/untitled|new session|\(none yet\)/i);
  await expect(list).not.toContainText(/[{}]|"type"|sessionId/);
  await page.screenshot({ path: 'test-results/import-list.png' });

  // The truncated file: what was whole is there; the cut-off line is not shown half-written.
  await rowByLabel(page, LABELS.truncated).click();
  await expect(pane(page, LABELS.truncated)).toBeVisible();
  await expect(transcript(page)).toContainText('The click handler is bound after render.');
  const said = await shownEntries(page);
  expect(said.map((e) => e.text)).toEqual(['the checkout button does nothing on mobile', 'The click handler is bound after render.']);
  await expect(transcript(page)).not.toContainText('half wri');
  await expect(pane(page, LABELS.truncated)).toContainText('/home/dev/src/shop');
  // The footer names the tool the session came from.
  await expect(pane(page, LABELS.truncated).getByRole('group', { name: 'Imported session' })).toContainText('Imported from Claude Code. Resume it');
  await page.screenshot({ path: 'test-results/import-truncated.png' });

  // A Codex rollout reads as a conversation too.
  await rowByLabel(page, LABELS.codex).click();
  await expect(transcript(page)).toContainText('why does the invoice total round down?');
  await expect(pane(page, LABELS.codex).getByRole('group', { name: 'Imported session' })).toContainText('Imported from Codex. Resume it');
  await shoot(page, 'imported-codex');
});

test('Settings → History import says what the scans added: a rescan that finds nothing new does not hide the first scan\'s sessions', async ({ page }) => {
  await open(page);
  await expect(rows(page)).toHaveCount(5, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'History import' }).click();
  const region = dialog.getByRole('region', { name: 'History import' });
  const said = region.getByRole('status');
  await expect(said).toHaveText(/^\d+ transcripts found, 5 imported sessions in the list \(5 new in the last scan\)/);
  await region.getByRole('button', { name: 'Rescan now' }).click();
  await expect(said).toHaveText(/^\d+ transcripts found, 5 imported sessions in the list \(5 new since Swarmdesk started, none in the last scan\)/);
  // The button was busy for the scan, never disabled under the keyboard.
  await expect(region.getByRole('button', { name: 'Rescan now' })).toBeFocused();
  for (const { look, blocking } of await shootAndAudit(page, 'test-results', 'import-settings-rescanned')) expect.soft(blocking, look).toEqual([]);
  await page.keyboard.press('Escape');
});

test('Resume continues an imported Claude Code session in a live pane through the real CLI', async ({ page }) => {
  test.setTimeout(180_000);
  await open(page);
  await rowByLabel(page, LABELS.resumable).click();
  const imported = pane(page, LABELS.resumable);
  await expect(imported).toBeVisible();
  await expect(transcript(page)).toContainText(history.resumable.reply);
  // An imported record takes no messages; it offers Resume instead.
  await expect(imported.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await imported.getByRole('button', { name: 'Resume' }).click();

  // A live Claude Code session opens, labelled like the one it continues, ready to type into.
  await expect(rows(page)).toHaveCount(6, { timeout: 15_000 });
  await expect(page.getByRole('main')).toContainText('Claude Code');
  await expect(composer(page)).toBeVisible();
  await type(page, 'carry on: are all the callers updated?');
  await expect(transcript(page)).toContainText('Picked it back up', { timeout: 90_000 });
  // The CLI resumed the imported id: the model was given the imported conversation.
  const turn = model.requests.find((r) => r.lastUserText.includes('carry on: are all the callers updated?'));
  expect(turn).toBeDefined();
  expect(conversationText(turn!)).toContain(history.resumable.reply);
  await page.screenshot({ path: 'test-results/import-resumed.png' });
});

import { expect, test, type Page } from '@playwright/test';
import { AMBIENT_SYSTEM_PROMPT } from '../../src/shared/ambient/prompts/shared';
import { startModelServer, type ModelServer, type RecordedRequest, type Scripted } from '../support/model-server';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { createSession, rowByLabel, sendMessage } from './support/swarm';

// The ambient engine as a user meets it (issue 3): web mode in Chromium, chat sessions
// and ambient calls both answered by the stand-in model server over the real SDKs.
test.describe.configure({ mode: 'serial' });

const dataDir = freshDataDir('swarmdesk-e2e-ambient-');
let model: ModelServer;
let server: RunningServer;
/** Maintain replies per session marker; the default keeps the title. */
const maintain = new Map<string, string>();

function ambientKind(req: RecordedRequest): string | null {
  if (!req.system.includes(AMBIENT_SYSTEM_PROMPT)) return null;
  const t = req.lastUserText;
  if (t.includes('<current_title>')) return 'title-maintain';
  if (t.includes('<latest_exchange>')) return 'pickup-note';
  if (t.includes('<new_activity>')) return 'summary';
  if (t.includes('Predict the single instruction')) return 'next-prompt';
  if (t.includes('<user_message>')) return 'title-create';
  return 'other';
}

function policy(req: RecordedRequest): Scripted {
  const kind = ambientKind(req);
  const text = req.lastUserText;
  if (kind === null) {
    // An agent turn: a plain answer that does not wait for the user.
    return { text: 'I raised the ping interval and added a reconnect test. The tests pass.' };
  }
  switch (kind) {
    case 'title-create':
      if (text.includes('kumquat')) return { text: 'ANSWER: (none yet)' };
      if (text.includes('websocket')) return { text: 'ANSWER: Fix websocket reconnect drops' };
      return { text: "ANSWER: I'm sorry, I can't title this." };
    case 'title-maintain': {
      for (const [marker, reply] of maintain) if (text.includes(marker)) return { text: reply };
      return { text: 'SKIP' };
    }
    case 'next-prompt':
      // Suggestions the judge must never show: a question, and a risky command.
      if (text.includes('question-marker')) return { text: 'ANSWER: Should I run the whole test suite again?' };
      if (text.includes('risky-marker')) return { text: 'ANSWER: Force push the branch to main' };
      return { text: 'ANSWER: Add a test for the reconnect path' };
    case 'pickup-note':
      return { text: 'ANSWER: I picked up where we left off. I raised the ping interval and the reconnect test passes. How can I help?' };
    default:
      return { text: 'SKIP' };
  }
}

async function startApp(extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  return startServer({
    dataDir,
    env: {
      ANTHROPIC_API_KEY: 'x',
      ANTHROPIC_BASE_URL: model.url,
      SWARMDESK_CHAT_PROVIDER: 'anthropic',
      SWARMDESK_AMBIENT_PROVIDER: 'anthropic',
      ...extraEnv,
    },
  });
}

async function open(page: Page): Promise<void> {
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
}

/** No placeholder or model talk anywhere on screen. */
async function expectNoBadText(page: Page): Promise<void> {
  const body = page.locator('body');
  await expect(body).not.toContainText('(none yet)');
  await expect(body).not.toContainText("I'm sorry");
  await expect(body).not.toContainText(/\bUntitled\b/);
}

test.beforeAll(async () => {
  model = await startModelServer({ policy });
  server = await startApp();
});

test.afterAll(async () => {
  await server?.stop();
  await model?.close();
});

test('a title appears after the first turn', async ({ page }) => {
  await open(page);
  await createSession(page, 'Chat');
  await sendMessage(page, 'the websocket drops every few minutes, please fix the reconnect');
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(transcript).toContainText('The tests pass.');
  const turnEnd = Date.now();
  await expect(rowByLabel(page, 'Fix websocket reconnect drops')).toBeVisible();
  console.log(`[figure] e2e: assistant reply on screen → title on screen: ${Date.now() - turnEnd} ms`);
  await expect(page.getByRole('main').first()).toHaveAccessibleName('Fix websocket reconnect drops');
  await page.screenshot({ path: 'test-results/ambient-title.png' });
});

test('the ghost suggestion appears after a turn, and Tab accepts it', async ({ page }) => {
  await open(page);
  await rowByLabel(page, 'Fix websocket reconnect drops').click();
  const ghost = page.getByText('Suggestion: Add a test for the reconnect path');
  await expect(ghost).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toHaveAttribute('aria-describedby', /.+/);
  await composer.focus();
  await composer.press('Tab');
  await expect(composer).toHaveValue('Add a test for the reconnect path');
  await composer.fill('');
});

test('SKIP on a new user turn keeps the title', async ({ page }) => {
  await open(page);
  await rowByLabel(page, 'Fix websocket reconnect drops').click();
  const before = model.requests.filter((r) => ambientKind(r) === 'title-maintain').length;
  await sendMessage(page, 'also log each reconnect attempt');
  await expect.poll(() => model.requests.filter((r) => ambientKind(r) === 'title-maintain').length).toBeGreaterThan(before);
  await expect(rowByLabel(page, 'Fix websocket reconnect drops')).toBeVisible();
});

test('a user rename pins: a new title from the model does not replace it', async ({ page }) => {
  await open(page);
  await rowByLabel(page, 'Fix websocket reconnect drops').dblclick();
  const field = page.getByRole('textbox', { name: 'Session title' });
  await field.fill('My reconnect work');
  await field.press('Enter');
  await expect(rowByLabel(page, 'My reconnect work')).toBeVisible();
  maintain.set('kumquat-free-marker', 'ANSWER: Something else entirely');
  await sendMessage(page, 'now rewrite everything, kumquat-free-marker');
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('The tests pass.');
  await page.waitForTimeout(1_000);
  await expect(rowByLabel(page, 'My reconnect work')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('Something else entirely');
});

test('a placeholder or a refusal from the model never appears anywhere on screen', async ({ page }) => {
  await open(page);
  await createSession(page, 'Chat');
  await sendMessage(page, 'kumquat: tidy the import of the billing CSV files');
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('The tests pass.');
  await expect.poll(() => model.requests.filter((r) => ambientKind(r) === 'title-create' && r.lastUserText.includes('kumquat')).length).toBeGreaterThan(0);
  // The model said "(none yet)"; the offline titler answers from the user's own words instead.
  await expect(rowByLabel(page, /^Kumquat tidy the import of the billing/)).toBeVisible();
  await expectNoBadText(page);
  await page.screenshot({ path: 'test-results/ambient-no-placeholder.png' });
});

test('after a placeholder, the next good answer from the model replaces the fallback label', async ({ page }) => {
  await open(page);
  await rowByLabel(page, /^Kumquat tidy the import of the billing/).click();
  maintain.set('kumquat-second-turn', 'ANSWER: Tidy the billing CSV import');
  await sendMessage(page, 'kumquat-second-turn: and skip empty rows');
  await expect(rowByLabel(page, 'Tidy the billing CSV import')).toBeVisible({ timeout: 20_000 });
  await expectNoBadText(page);
});

test('a question-shaped or risky suggestion never appears', async ({ page }) => {
  await open(page);
  for (const marker of ['question-marker', 'risky-marker']) {
    await createSession(page, 'Chat');
    const asked = model.requests.filter((r) => ambientKind(r) === 'next-prompt').length;
    await sendMessage(page, `${marker}: tidy the websocket retry constants`);
    await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('The tests pass.');
    // Wait until the model has been asked (and has answered) for this session's suggestion.
    await expect.poll(() => model.requests.filter((r) => ambientKind(r) === 'next-prompt').length, { timeout: 20_000 }).toBeGreaterThan(asked);
    await page.waitForTimeout(1_500);
    await expect(page.getByText(/^Suggestion:/)).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('Force push');
    await expect(page.locator('body')).not.toContainText('test suite again?');
  }
  await page.screenshot({ path: 'test-results/ambient-no-risky-suggestion.png' });
});

test('the settings screen shows the provider in use and the ambient activity, rejections included', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Ambient model' }).click();
  await expect(dialog.getByText(/^In use: anthropic · claude-haiku-4-5/)).toBeVisible();
  await expect(dialog.getByRole('note', { name: 'Anthropic API key' })).toHaveText('set by ANTHROPIC_API_KEY');
  const table = dialog.getByRole('table', { name: 'Ambient calls' });
  await expect(table.getByRole('row').filter({ hasText: /Rejected: A title can.t be a placeholder/ }).first()).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: /Title for a session.*Used “/ }).first()).toBeVisible();
  await expect(table).not.toContainText('ANSWER:');
  await table.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/ambient-activity.png' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('after a restart, reopening a session shows a pick-up note ending with "How can I help?"', async ({ page }) => {
  await server.stop();
  server = await startApp();
  await open(page);
  await rowByLabel(page, 'My reconnect work').click();
  const note = page.getByRole('note', { name: 'Pick-up note' });
  await expect(note).toBeVisible();
  await expect(note.getByText(/How can I help\?$/)).toBeVisible();
  await page.screenshot({ path: 'test-results/ambient-pickup-note.png' });
  await expectNoBadText(page);
});

test('with no ambient provider, offline titles still appear', async ({ page }) => {
  await server.stop();
  server = await startApp({ SWARMDESK_AMBIENT_PROVIDER: 'offline' });
  const calls = model.requests.filter((r) => ambientKind(r) !== null).length;
  await open(page);
  await createSession(page, 'Chat');
  await sendMessage(page, 'Hi! Can you migrate the settings screen to zustand stores?');
  await expect(rowByLabel(page, 'Migrate the settings screen to zustand stores')).toBeVisible();
  expect(model.requests.filter((r) => ambientKind(r) !== null).length).toBe(calls);
});

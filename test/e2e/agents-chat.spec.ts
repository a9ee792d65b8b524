import { expect, test, type Page } from '@playwright/test';
import { startModelServer, type ModelServer } from '../support/model-server';
import { agentEnv, composer, createSessionIn, isolatedHome, pane, shownEntries, stopButton, streamingMessage, transcript, type, type ShownEntry } from './support/agents';
import { lookIntoDb } from './support/db';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { rowByLabel } from './support/swarm';

// Issue 4, chat in a pane: a direct model conversation over the Anthropic wire,
// answered by the stand-in server; it streams, takes a steer mid-stream, and a
// kill -9 of the server mid-reply loses nothing that was committed.
test.describe.configure({ mode: 'serial' });

const dataDir = freshDataDir('swarmdesk-e2e-chat-');
const { home } = isolatedHome('chat');
let model: ModelServer;
let server: RunningServer;

const FIRST = 'tell me about kumquats and their peel';
const FIRST_REPLY = 'Kumquats are small citrus fruits; unlike most citrus you eat the sweet peel together with the sour flesh.';
const STEER = 'keep it to one sentence please';
const STEERED_REPLY = 'Kumquats: tiny citrus eaten whole.';
const KILL_TURN = 'now write a long essay on citrus grafting';
/** Until the first turn ends the label is the first line; then the offline titler's title, its capitalised words. */
const LABEL = /^tell me about kumquats and their peel/i;

async function open(page: Page): Promise<void> {
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });
}

function startApp(): Promise<RunningServer> {
  return startServer({ dataDir, env: agentEnv(model, home, { SWARMDESK_IMPORT: 'off' }) });
}

test.beforeAll(async () => {
  model = await startModelServer({ policy: () => ({ text: 'OK' }) });
  server = await startApp();
});

test.afterAll(async () => {
  await server?.stop();
  await model?.close();
});

test('a chat streams its reply, and typing mid-stream steers it', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page);
  await createSessionIn(page, 'Chat');
  // 12 characters a frame, 250 ms apart: about 2.5 s of visible streaming.
  model.enqueue({ text: FIRST_REPLY, chunkDelayMs: 250 }, { text: STEERED_REPLY });
  await type(page, FIRST);
  const row = rowByLabel(page, LABEL);
  await expect(row).toBeVisible();

  // The reply streams: part of it is on screen, marked busy, before it is complete.
  await expect(streamingMessage(page)).toContainText('Kumquats are', { timeout: 15_000 });
  await expect(streamingMessage(page)).not.toContainText('flesh.');
  await expect(stopButton(page)).toBeVisible();
  await expect(row).toHaveAccessibleName(/, working/);
  await expect(composer(page)).toHaveAttribute('placeholder', 'Steer the agent…');
  await page.screenshot({ path: 'test-results/agents-chat-streaming.png' });

  // Typing while it streams is a steer: shown at once, and sent after the open reply lands.
  await type(page, STEER);
  await expect(transcript(page)).toContainText(STEER);
  await expect(transcript(page)).toContainText(STEERED_REPLY, { timeout: 30_000 });
  await expect(stopButton(page)).toBeHidden({ timeout: 10_000 });
  await expect(row).toHaveAccessibleName(/, (done|idle)\b/);

  const entries = await shownEntries(page);
  expect(entries).toEqual([
    { who: 'you', text: FIRST },
    { who: 'steer', text: STEER },
    { who: 'agent', text: FIRST_REPLY },
    { who: 'agent', text: STEERED_REPLY },
  ]);
  // The model saw the steer in the request that followed the streamed reply.
  expect(model.requests).toHaveLength(2);
  expect(model.requests[1]?.lastUserText).toContain(STEER);
  expect(JSON.stringify(model.requests[1]?.body?.messages)).toContain('eat the sweet peel');
  await page.screenshot({ path: 'test-results/agents-chat-steered.png' });
});

test('kill -9 of the server while a reply dribbles in: every committed entry is intact, integrity ok, and all of it is back after a restart', async ({ page }) => {
  test.setTimeout(150_000);
  await open(page);
  await rowByLabel(page, LABEL).click();
  await expect(pane(page, LABEL)).toBeVisible();
  await expect(transcript(page)).toContainText(STEERED_REPLY);

  // The reply arrives one small piece at a time; kill the server while it does.
  model.enqueue({ fault: 'dribble', intervalMs: 150, bytesPerPiece: 24 });
  await type(page, KILL_TURN);
  await expect(streamingMessage(page)).toContainText('A reply that', { timeout: 30_000 });
  await expect(streamingMessage(page)).not.toContainText('at a time.');
  const committed: ShownEntry[] = await shownEntries(page);
  expect(committed.at(-1)).toEqual({ who: 'you', text: KILL_TURN });
  await page.screenshot({ path: 'test-results/agents-chat-before-kill9.png' });
  await server.kill9();

  // What a stranger finds in the file: sound, with every entry the pane had shown as committed.
  const look = lookIntoDb(dataDir);
  expect(look.integrity).toBe('ok');
  const kindOf: Record<string, string> = { you: 'user', steer: 'steer', agent: 'assistant' };
  for (const shown of committed) {
    expect(look.entries, `"${shown.text}" was on screen as committed`).toContainEqual({ kind: kindOf[shown.who], text: shown.text });
  }
  // The half-streamed reply was never committed (at most the entry being written is lost).
  expect(look.entries.some((e) => e.text.includes('A reply that'))).toBe(false);
  expect(look.entries).toHaveLength(committed.length);

  // Restart on the same data folder: the transcript is all there.
  server = await startApp();
  await open(page);
  await rowByLabel(page, LABEL).click();
  await expect(transcript(page)).toContainText(KILL_TURN);
  expect(await shownEntries(page)).toEqual(committed);
  await expect(transcript(page)).not.toContainText('A reply that');
  // No agent runs after the restart: the row does not claim to be working, and there is nothing to stop.
  await expect(rowByLabel(page, LABEL)).toHaveAccessibleName(/, idle/);
  await expect(stopButton(page)).toBeHidden();
  await page.screenshot({ path: 'test-results/agents-chat-after-kill9.png' });
});

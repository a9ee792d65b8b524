import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startModelServer, type ModelServer, type Scripted } from '../support/model-server';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { createSession, rowByLabel, sendMessage } from './support/swarm';

// Agents in panes (issue 4) as a user meets them: web mode in Chromium, a chat session over
// the real Anthropic SDK and a Claude Code session running the real CLI, both answered by
// the stand-in model server.
test.describe.configure({ mode: 'serial' });

const dataDir = freshDataDir('swarmdesk-e2e-agents-');
let model: ModelServer;
let server: RunningServer;
const replies: Scripted[] = [];

test.beforeAll(async () => {
  model = await startModelServer({ policy: () => replies.shift() ?? { text: 'OK' } });
  server = await startServer({
    dataDir,
    env: {
      HOME: dataDir,
      ANTHROPIC_API_KEY: 'x',
      ANTHROPIC_BASE_URL: model.url,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      SWARMDESK_CHAT_PROVIDER: 'anthropic',
      SWARMDESK_AMBIENT_PROVIDER: 'off',
      SWARMDESK_IMPORT: '0',
      SWARMDESK_CLAUDE_PATH: resolve('node_modules/.bin/claude'),
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await model?.close();
});

async function open(page: Page): Promise<void> {
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
}

test('chat: the reply streams into the transcript, Stop shows while it works, typing steers', async ({ page }) => {
  await open(page);
  await createSession(page, 'Chat');
  replies.push(
    { text: 'Kumquats are small citrus fruits you eat whole, peel and all, and they are sweet outside and sour inside.', chunkDelayMs: 150 },
    { text: 'In short: small, sweet-sour, eaten whole.' },
  );
  await sendMessage(page, 'tell me about kumquats');
  const transcript = page.getByRole('log', { name: 'Transcript' });
  const stop = page.getByRole('button', { name: 'Stop' });
  await expect(stop).toBeVisible();
  // Live text before the reply is committed.
  await expect(transcript).toContainText('Kumquats are small');
  await sendMessage(page, 'keep it short');
  await expect(transcript).toContainText('In short: small, sweet-sour, eaten whole.');
  await expect(transcript).toContainText('peel and all');
  await expect(stop).toBeHidden();
  expect(model.requests.at(-1)?.lastUserText).toBe('keep it short');
});

test('chat: Stop ends a slow reply at once and nothing half-written stays', async ({ page }) => {
  await open(page);
  await createSession(page, 'Chat');
  replies.push({ text: 'This reply dribbles out so slowly that it is stopped long before the end of it.', chunkDelayMs: 400 });
  await sendMessage(page, 'say something slowly');
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(transcript).toContainText('This reply dribbles');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(transcript).toContainText('Stopped by you.');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  await page.reload();
  await rowByLabel(page, 'say something slowly').click();
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Stopped by you.');
  await expect(page.getByRole('log', { name: 'Transcript' })).not.toContainText('This reply dribbles');
});

test('claude-code: a turn of the real CLI shows its reply and its tool call in the pane', async ({ page }) => {
  await open(page);
  await createSession(page, 'Claude Code');
  replies.push(
    { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'echo swarmdesk-e2e', description: 'Say hello' } }] },
    { text: 'The command printed swarmdesk-e2e.' },
  );
  await sendMessage(page, 'run echo for me');
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(transcript).toContainText('The command printed swarmdesk-e2e.', { timeout: 60_000 });
  await expect(transcript).toContainText('Bash: echo swarmdesk-e2e');
  await page.screenshot({ path: 'test-results/agents-claude-code.png' });
});

import { expect, test, type Page } from '@playwright/test';
import { AMBIENT_SYSTEM_PROMPT } from '../../src/shared/ambient/prompts/shared';
import { startModelServer, type ModelServer, type RecordedRequest, type Scripted } from '../support/model-server';
import { isolatedHome } from './support/agents';
import { NEVER_A_LABEL, REAL_WORLD, writeRealWorldHistory } from './support/realHistory';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { escapeRegExp, rowByLabel, rows, sessionList } from './support/swarm';

// Issue 7: imported history as real users have it. Error texts, tool markup, compaction text
// and default names are never a row label or a pane heading; the first real user line is.
// The ambient model (the stand-in server) answers every call with a placeholder or an error,
// so no title, note or preview it writes may show either. A person's "Worker 2" is accepted.
test.describe.configure({ mode: 'serial' });

const dataDir = freshDataDir('swarmdesk-e2e-real-history-');
const { home } = isolatedHome('real-history');
let model: ModelServer;
let server: RunningServer;

function policy(req: RecordedRequest): Scripted {
  if (!req.system.includes(AMBIENT_SYSTEM_PROMPT)) return { text: 'Done.' };
  // Titles get a model's default name; everything else an error text.
  if (req.lastUserText.includes('<user_message>')) return { text: 'ANSWER: New session - 2026-12-02T09:14:03.512Z' };
  return { text: 'ANSWER: Request failed with status code 529' };
}

const LABELS = [
  REAL_WORLD.apiErrorSummary.firstLine,
  REAL_WORLD.requestFailedTitle.firstLine,
  REAL_WORLD.defaultNameTitle.firstLine,
  REAL_WORLD.claudeCompaction.firstLine,
  REAL_WORLD.commandMarkup.firstLine,
  REAL_WORLD.codexCompaction.firstLine,
];

async function open(page: Page): Promise<void> {
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });
}

/** A session's label: its first real user line, or the title the titler made of it (which
 *  may title-case it and drop a leading filler such as "now"). */
function label(text: string): RegExp {
  return new RegExp(`^(?:now )?${escapeRegExp(text.replace(/^now /, ''))}`, 'i');
}

test.beforeAll(async () => {
  writeRealWorldHistory(home);
  model = await startModelServer({ policy });
  server = await startServer({
    dataDir,
    env: {
      HOME: home,
      CLAUDE_CONFIG_DIR: undefined,
      CODEX_HOME: undefined,
      ANTHROPIC_BASE_URL: model.url,
      ANTHROPIC_API_KEY: 'x',
      SWARMDESK_AMBIENT_PROVIDER: 'anthropic',
      SWARMDESK_CHAT_PROVIDER: 'anthropic',
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await model?.close();
});

test('imported sessions are labelled by their first real user line, never by an error, markup, compaction text or default name', async ({ page }) => {
  await open(page);
  await expect(rows(page)).toHaveCount(LABELS.length, { timeout: 30_000 });
  for (const text of LABELS) await expect(rowByLabel(page, label(text))).toBeVisible({ timeout: 20_000 });
  await expect(sessionList(page)).not.toContainText(NEVER_A_LABEL);
  await page.screenshot({ path: 'test-results/real-history-list.png' });

  // Each pane's heading is the same real line, and no heading shows what the tools wrote.
  for (const text of LABELS) {
    await rowByLabel(page, label(text)).click();
    const heading = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(heading).toHaveText(label(text));
    await expect(heading).not.toContainText(NEVER_A_LABEL);
  }
  await page.screenshot({ path: 'test-results/real-history-pane.png' });
  // Whatever the ambient model answered in the meantime (previews, titles) did not show either.
  await expect(sessionList(page)).not.toContainText(NEVER_A_LABEL);
});

test('a deliberate "Worker 2" is accepted and kept after a reload; a default name is refused with the reason', async ({ page }) => {
  await open(page);
  const row = rowByLabel(page, label(REAL_WORLD.commandMarkup.firstLine));
  await row.dblclick();
  const field = page.getByRole('textbox', { name: 'Session title' });
  await expect(field).toBeVisible();
  await field.fill('Worker 2');
  await field.press('Enter');
  await expect(rowByLabel(page, /^Worker 2/)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await rowByLabel(page, /^Worker 2/).dblclick();
  await expect(field).toBeVisible();
  await field.fill('New session - 2026-12-02T09:14:03.512Z');
  await field.press('Enter');
  await expect(page.getByRole('alert')).toContainText('default name');
  await page.screenshot({ path: 'test-results/real-history-rename-refused.png' });
  await field.press('Escape');

  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });
  await expect(rowByLabel(page, /^Worker 2/)).toBeVisible();
  await rowByLabel(page, /^Worker 2/).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText('Worker 2');
  await page.screenshot({ path: 'test-results/real-history-worker-2.png' });
});

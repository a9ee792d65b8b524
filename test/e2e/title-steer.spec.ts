import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openStore } from '../../src/main/core/store';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { shoot } from './support/shots';
import { rowByLabel, rows } from './support/swarm';

// Issue 33 in a real Chromium through web mode: the row menu's "Title automatically" turned off (and
// read back after a reload), "Title history…" with "Use this title", and a project's "Title hint".
test.describe.configure({ mode: 'serial' });

const dataDir = freshDataDir('swarmdesk-e2e-steer-');
const project = join(dataDir, 'home', 'src', 'billing');
let server: RunningServer;

test.beforeAll(async () => {
  mkdirSync(project, { recursive: true });
  const { store } = openStore({ dataDir });
  const now = Date.now();
  store.transaction(() => {
    store.sessions.insert({ id: 's1', kind: 'chat', folder: project, position: 0, at: now - 60_000 });
    for (const [value, source, model, ago] of [
      ['Add retry backoff', 'auto', 'claude-haiku-4-5', 3 * 3_600_000],
      ['Upload client retries', 'agent', null, 2 * 3_600_000],
      ['Resumable uploads with progress', 'auto', 'claude-haiku-4-5', 60_000],
    ] as const) {
      store.sessions.setTitle('s1', { title: value, source, pinned: false });
      store.titles.add({ sessionId: 's1', value, source, model, at: now - ago });
    }
  });
  store.close();
  server = await startServer({ dataDir, env: { SWARMDESK_AMBIENT_PROVIDER: 'off', SWARMDESK_IMPORT: 'off' } });
});

test.afterAll(async () => {
  await server?.stop();
});

test('Title automatically off sticks; an earlier title from the history becomes the user’s; a project’s hint is kept', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(server.url);
  const row = rowByLabel(page, 'Resumable uploads with progress');
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: /More actions/ }).click();
  const auto = page.getByRole('menuitemcheckbox', { name: 'Title automatically' });
  await expect(auto).toHaveAttribute('aria-checked', 'true');
  await shoot(page, 'title-menu');
  await auto.click();
  await expect(page.getByText('No more automatic titles for this session; its title stays.')).toBeVisible();
  await page.reload();
  await rowByLabel(page, 'Resumable uploads with progress').getByRole('button', { name: /More actions/ }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Title automatically' })).toHaveAttribute('aria-checked', 'false');

  await page.getByRole('menuitem', { name: 'Title history…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Title history' });
  await expect(dialog.getByRole('listitem')).toHaveCount(3);
  await expect(dialog.getByRole('listitem').nth(1)).toContainText('the agent');
  await shoot(page, 'title-history');
  await dialog.getByRole('listitem').nth(2).getByRole('button', { name: 'Use this title' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page).first()).toHaveAccessibleName(/^Add retry backoff/);

  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'General' }).click();
  const hint = settings.getByRole('textbox', { name: 'Title hint' });
  await hint.fill('use ticket ids like ABC-123');
  await hint.press('Enter');
  await expect(settings.getByRole('group', { name: 'Title hints' }).getByRole('status')).toHaveText('Saved.');
  await shoot(page, 'title-hint');
  await page.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('tab', { name: 'General' }).click();
  await expect(page.getByRole('textbox', { name: 'Title hint' })).toHaveValue('use ticket ids like ABC-123');
});

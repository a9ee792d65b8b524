import { copyFileSync, mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openStore } from '../../src/main/core/store';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { rowByLabel, rows } from './support/swarm';

// Search results with snippets (issue 14): a word said only in a transcript finds its
// session, and the row shows the line it was said in, the match highlighted; markup in
// what was said stays text, and a match only inside injected context is not shown as
// the user's words. Real store file, real server, real Chromium.
test.describe.configure({ mode: 'serial' });

const T0 = Date.UTC(2026, 11, 3, 9, 0, 0);
let server: RunningServer;

/** Sessions with titles and transcripts, written through the store before the server starts. */
function seed(dataDir: string): void {
  const { store } = openStore({ dataDir });
  const add = (id: string, title: string | null, said: Array<['user' | 'assistant', string]>, at: number): void => {
    store.sessions.insert({ id, kind: 'chat', folder: '/home/dev/billing-api', position: at, at });
    if (title) store.sessions.setTitle(id, { title, source: 'auto', pinned: false });
    said.forEach(([kind, text], i) => store.entries.append(id, kind, text, null, at + i));
  };
  store.transaction(() => {
    add('kumquat', 'Fix kumquat websocket drops', [
      ['user', 'the websocket drops every few minutes'],
      ['assistant', 'I raised the ping interval; the zeppelin reconnect path now retries with backoff and logs each attempt.'],
    ], T0);
    add('release', 'Release checklist for 1.0', [['user', 'the changelog must mention the zeppelin importer and the <img src=x onerror=alert(1)> bug']], T0 + 1_000);
    add('reminder', 'Port retry policy to async', [
      ['user', '<system-reminder>The zeppelin file was modified by the user.</system-reminder>\nplease port the retry policy'],
    ], T0 + 2_000);
    // Said in one form, searched in another (issue 34).
    add('deco', 'Wrap the fetch cache', [
      ['user', 'how does this work'],
      ['assistant', 'It is a Python decorator around fetch that keeps each reply.'],
    ], T0 - 30_000);
    for (let i = 0; i < 30; i++) {
      add(`filler-${i}`, i % 3 === 0 ? null : `Session ${i} about the parser cache`, [['user', `look at the parser cache for case ${i}`]], T0 - (i + 1) * 60_000);
    }
  });
  while (store.entries.flushIndex(10_000) > 0);
  store.close();
}

test.beforeAll(async () => {
  const dataDir = freshDataDir('swarmdesk-e2e-search-');
  seed(dataDir);
  server = await startServer({ dataDir, env: { SWARMDESK_AMBIENT_PROVIDER: 'off' } });
});

test.afterAll(async () => {
  await server?.stop();
});

async function open(page: Page): Promise<void> {
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

test('a word said only in a transcript finds its session; the row shows the line, the word highlighted', async ({ page }) => {
  await open(page);
  await page.getByRole('searchbox', { name: 'Search sessions' }).fill('zeppel');
  // The reminder-only session is a hit too (its text holds the word), but shows no snippet.
  await expect(rows(page)).toHaveCount(3);
  const row = rowByLabel(page, 'Fix kumquat websocket drops');
  await expect(row.locator('mark')).toHaveText('zeppelin');
  await expect(row).toHaveAccessibleName(/^Fix kumquat websocket drops/);
  await expect(row).toHaveAccessibleDescription(/^Agent: …interval; the zeppelin reconnect path now retries/);

  // Markup in what was said is text on screen, not an element.
  const release = rowByLabel(page, 'Release checklist for 1.0');
  await expect(release.locator('mark')).toHaveText('zeppelin');
  await expect(release).toHaveAccessibleDescription(/<img src=x onerror=alert\(1\)> bug/);
  await expect(release.locator('img')).toHaveCount(0);

  // A match only inside a system reminder is not the user's words: the row keeps its subtitle.
  const reminder = rowByLabel(page, 'Port retry policy to async');
  await expect(reminder).toBeVisible();
  await expect(reminder.locator('mark')).toHaveCount(0);
  await expect(reminder).not.toHaveAccessibleDescription(/zeppelin/);
});

test('the latest query wins: a new query\'s rows show their own snippets', async ({ page }) => {
  await open(page);
  const search = page.getByRole('searchbox', { name: 'Search sessions' });
  await search.fill('zeppelin');
  await expect(rowByLabel(page, 'Fix kumquat websocket drops').locator('mark')).toHaveText('zeppelin');
  await search.fill('parser cache');
  await expect(rows(page).first()).toHaveAccessibleName(/^Session \d+ about the parser cache/);
  await expect(rows(page).first().locator('mark')).toHaveText(['parser', 'cache']);
  await expect(page.locator('mark', { hasText: 'zeppelin' })).toHaveCount(0);
  await search.fill('');
  await expect(page.locator('mark')).toHaveCount(0);
});

test('typing "decorators" finds the session that said "decorator", the word highlighted as it was said (issue 34)', async ({ page }) => {
  await open(page);
  const search = page.getByRole('searchbox', { name: 'Search sessions' });
  await search.pressSequentially('decorators', { delay: 40 });
  // As typed, a prefix: nothing said starts with "decorators". Once the typing pauses, the word is whole.
  const row = rowByLabel(page, 'Wrap the fetch cache');
  await expect(rows(page)).toHaveCount(1);
  await expect(row.locator('mark')).toHaveText('decorator');
  await expect(row).toHaveAccessibleDescription(/Python decorator around fetch/);
  await expect(search).toBeFocused();
  await page.screenshot({ path: 'test-results/search-stemmed.png' });
  // A whole word before one still typed: "decorators fet" narrows to it at once.
  await search.fill('');
  await search.pressSequentially('decorators fet');
  await expect(rows(page)).toHaveCount(1);
  await expect(row).toBeVisible();
});

test('screenshots of the results, two sizes, light and dark', async ({ page }) => {
  const shots = process.env.SWARMDESK_SHOTS_DIR;
  for (const [width, height] of [[1400, 900], [900, 700]] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await open(page);
      await page.getByRole('searchbox', { name: 'Search sessions' }).fill('zeppelin');
      await expect(rowByLabel(page, 'Fix kumquat websocket drops').locator('mark')).toHaveText('zeppelin');
      const path = `test-results/search-${width}x${height}-${scheme}.png`;
      await page.screenshot({ path });
      if (shots) {
        mkdirSync(shots, { recursive: true });
        copyFileSync(path, `${shots}/search-${width}x${height}-${scheme}.png`);
      }
    }
  }
});

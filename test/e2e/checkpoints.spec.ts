import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openStore } from '../../src/main/core/store';
import { recordCheckpoint } from '../../src/main/core/git/checkpoint';
import { GIT_TEST_ENV, git, makeRepo } from '../support/gitRepo';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { shootAndAudit } from './support/sweep';

// Issue 36 in a real Chromium through web mode, on a real repository: a checkpointed turn's mark in the
// transcript, "What this turn changed", and "Restore to here" putting the wrecked files back on disk; the
// checkpoint taken as the first turn began, under its message, with its restore only.
// Screenshots at two sizes, light and dark, into CHECKPOINTS_SHOTS, each checked by axe.
test.describe.configure({ mode: 'serial' });

const shots = process.env.CHECKPOINTS_SHOTS ?? 'test-results/checkpoints';
const dataDir = freshDataDir('swarmdesk-e2e-checkpoints-');
let repo = '';
let server: RunningServer;

async function shoot(page: Page, name: string): Promise<void> {
  for (const { look, blocking } of await shootAndAudit(page, shots, name)) expect.soft(blocking, look).toEqual([]);
}

test.beforeAll(async () => {
  repo = makeRepo('billing');
  writeFileSync(join(repo, 'retry.ts'), 'export const attempts = 3;\n');
  git(repo, 'add', '.');
  git(repo, 'commit', '--quiet', '-m', 'retry');
  const { store } = openStore({ dataDir });
  const now = Date.now();
  let turn = 0;
  let asked = 0;
  store.transaction(() => {
    store.sessions.insert({ id: 's1', kind: 'chat', folder: repo, position: 0, at: now - 60_000 });
    store.sessions.setTitle('s1', { title: 'Retry uploads with backoff', source: 'user', pinned: true });
    asked = store.entries.append('s1', 'user', 'Add exponential backoff to the retries', null, now - 50_000).seq;
    turn = store.entries.append('s1', 'assistant', 'Added backoff in retry.ts and a note in NOTES.md.', null, now - 40_000).seq;
    store.entries.append('s1', 'user', 'Now make it faster', null, now - 30_000);
    store.entries.append('s1', 'assistant', 'Rewrote retry.ts.', null, now - 20_000);
  });
  store.close();
  // The folder as the first message went in (the core takes it then), under that message.
  expect((await recordCheckpoint(repo, 's1', String(asked), { env: GIT_TEST_ENV })).recorded).toBe(true);
  // The first turn's files, checkpointed at its last entry; then the next turn wrecks them.
  writeFileSync(join(repo, 'retry.ts'), 'export const attempts = 3;\nexport const backoffMs = (n: number) => 100 * 2 ** n;\n');
  writeFileSync(join(repo, 'NOTES.md'), 'Backoff doubles each attempt.\n');
  const recorded = await recordCheckpoint(repo, 's1', String(turn), { env: GIT_TEST_ENV });
  expect(recorded.recorded).toBe(true);
  writeFileSync(join(repo, 'retry.ts'), 'export const attempts = 0;\n');
  writeFileSync(join(repo, 'scratch.txt'), 'half-done\n');
  server = await startServer({ dataDir, env: { SWARMDESK_AMBIENT_PROVIDER: 'off', SWARMDESK_IMPORT: 'off' } });
});

test.afterAll(async () => {
  await server?.stop();
  if (repo) rmSync(dirname(repo), { recursive: true, force: true });
});

test('a checkpointed turn shows what it changed and Restore to here puts its files back', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(server.url);
  await page.getByRole('listitem', { name: /^Retry uploads with backoff/ }).click();
  const log = page.getByRole('log', { name: 'Transcript' });
  const show = log.getByRole('button', { name: 'What this turn changed' });
  await expect(show).toHaveCount(1);
  await show.click();
  await expect(log.getByRole('group', { name: 'Diff of NOTES.md' })).toBeVisible();
  await expect(log.getByRole('group', { name: 'Diff of retry.ts' })).toContainText('backoffMs');
  await shoot(page, 'turn-diff');

  // The checkpoint taken as the first turn began: under the first message, its restore only.
  const opening = log.getByRole('group', { name: /^Checkpoint before this turn/ });
  await expect(opening.getByRole('button')).toHaveText(['Restore to here']);
  const restore = log.getByRole('group', { name: /^Checkpoint at/ }).first().getByRole('button', { name: 'Restore to here' });
  await restore.click();
  const dialog = page.getByRole('dialog', { name: 'Restore to here' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shoot(page, 'restore-dialog');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Restored 2 files to this turn/)).toBeVisible();
  expect(readFileSync(join(repo, 'retry.ts'), 'utf8')).toContain('backoffMs');
  expect(existsSync(join(repo, 'scratch.txt'))).toBe(false);
  expect(git(repo, 'stash', 'list')).toBe('');
  // The files as they were are now the newest checkpoint: a second mark, at the newest entry.
  await expect(log.getByRole('button', { name: 'Restore to here' })).toHaveCount(3);
  await expect(restore).toBeFocused();
  await shoot(page, 'restored');
});

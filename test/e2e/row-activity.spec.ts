import { expect, test } from '@playwright/test';
import { openStore } from '../../src/main/core/store';
import { entryActivity } from '../../src/main/core/services/entryActivity';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { shoot } from './support/shots';
import { rowByLabel } from './support/swarm';

// Issue 32: a chat, Claude Code or ACP row nobody narrates says what its agent last did (SPEC §7), from the
// activity the host keeps on the row; narration still comes first. Screenshots at both sizes, light and dark.
test.describe.configure({ mode: 'serial' });

const T0 = Date.now() - 10 * 60_000;
let server: RunningServer;

/** Rows with what their agents did, written through the store (the activity as the host computes it) before the server starts. */
function seed(dataDir: string): void {
  const { store } = openStore({ dataDir });
  const add = (id: string, kind: 'chat' | 'claude-code' | 'acp', title: string, did: Parameters<typeof entryActivity>, at: number, narration?: string): void => {
    store.sessions.insert({ id, kind, folder: '/home/dev/billing-api', position: at, at });
    store.sessions.setTitle(id, { title, source: 'auto', pinned: false });
    const activity = entryActivity(...did);
    if (activity) store.sessions.setActivity(id, activity);
    if (narration) store.sessions.setSubtitle(id, narration);
  };
  store.transaction(() => {
    add('edit', 'claude-code', 'Port the retry policy to async', ['claude-code', 'tool-use', '', { tool: 'Edit', summary: '/home/dev/billing-api/src/retry.ts' }], T0 + 5_000);
    add('bash', 'claude-code', 'Find the flaky websocket test', ['claude-code', 'tool-use', '', { tool: 'Bash', summary: 'npm test -- --run websocket' }], T0 + 4_000);
    add('answer', 'chat', 'Explain the backoff schedule', ['chat', 'assistant', 'The retry policy now backs off exponentially, capped at thirty seconds between attempts, and logs each one.', null], T0 + 3_000);
    add('acp', 'acp', 'Keep notes of the release', ['acp', 'tool-use', 'WriteFile notes.txt\nkind: edit\nlocations: /home/dev/docs/release/notes.txt', { tool: 'edit', summary: 'WriteFile notes.txt' }], T0 + 2_000);
    add('narrated', 'chat', 'Tune the docs search ranking', ['chat', 'assistant', 'Done.', null], T0 + 1_000, 'comparing BM25 weights on the docs index');
  });
  store.close();
}

test.beforeAll(async () => {
  const dataDir = freshDataDir('swarmdesk-e2e-activity-');
  seed(dataDir);
  server = await startServer({ dataDir, env: { SWARMDESK_AMBIENT_PROVIDER: 'off', SWARMDESK_IMPORT: 'off' } });
});

test.afterAll(async () => {
  await server?.stop();
});

test('rows nobody narrates say what their agent last did; a narrated row keeps its narration', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });
  const sub = (label: string) => rowByLabel(page, label).locator('.row-sub-text');
  await expect(sub('Port the retry policy to async')).toHaveText('edited src/retry.ts');
  await expect(sub('Find the flaky websocket test')).toHaveText('ran npm test -- --run websocket');
  await expect(sub('Explain the backoff schedule')).toHaveText(/^The retry policy now backs off exponentially/);
  await expect(sub('Keep notes of the release')).toHaveText('edited release/notes.txt');
  await expect(sub('Tune the docs search ranking')).toHaveText('comparing BM25 weights on the docs index');
  await shoot(page, 'row-activity');
});

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { git, makeRepo } from '../support/gitRepo';
import { isolatedHome, newWorktreeTerminalFolder } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { rows } from './support/swarm';
import { headerProblems, wordsBrokenInDiff } from './support/layout';

// Worktree panes laid out at 1400x900 and 900x700, light and dark (issue 28): the header's items never wrap
// alone and its merge hint is whole where it has room, a branch is shown whole where there is room (cut at its
// end, whole in its tooltip, where not), and the diff never breaks a line inside a word.
test.describe.configure({ mode: 'serial' });

const dataDir = freshDataDir('swarmdesk-e2e-changes-layout-');
const { home } = isolatedHome('changes-layout');
const repo = makeRepo('layout');
let server: RunningServer;

const TITLE = 'Retry the websocket reconnect with backoff when the laptop wakes from sleep';
const BRANCH = 'swarmdesk/retry-the-websocket-reconnect-with';

const before = [
  'export async function reconnect(socket: WebSocket, attempts: number): Promise<void> {',
  '  for (let attempt = 0; attempt < attempts; attempt += 1) {',
  '    await new Promise((resolve) => setTimeout(resolve, 1000));',
  '    if (socket.readyState === WebSocket.OPEN) return;',
  '  }',
  '}',
  '',
];
const after = [
  'export async function reconnect(socket: WebSocket, attempts: number, backoff = defaultBackoff): Promise<void> {',
  '  for (let attempt = 0; attempt < attempts; attempt += 1) {',
  '    await new Promise((resolve) => setTimeout(resolve, backoff.delayFor(attempt, { jitter: true, ceilingMs: 30_000 })));',
  '    if (socket.readyState === WebSocket.OPEN) return;',
  "    logger.debug('reconnectAttemptFailed', { attempt, readyState: socket.readyState, addEventListener: typeof socket.addEventListener });",
  '  }',
  '}',
  '',
];

test.beforeAll(async () => {
  mkdirSync(join(repo, 'src'));
  writeFileSync(join(repo, 'src', 'reconnect.ts'), before.join('\n'));
  git(repo, 'add', '.');
  git(repo, 'commit', '--quiet', '-m', 'reconnect');
  server = await startServer({ dataDir, env: { HOME: home, SHELL: '/bin/bash', SWARMDESK_IMPORT: 'off', SWARMDESK_AMBIENT_PROVIDER: 'offline' } });
});

test.afterAll(async () => {
  await server?.stop();
});

const SIZES = [
  { width: 1400, height: 900 },
  { width: 900, height: 700 },
] as const;

test('worktree headers and the diff at 1400x900 and 900x700: nothing wraps alone, no hint or branch cut where it has room, no word broken', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(SIZES[0]);
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  // A fresh session beside one titled at length, whose branch followed its title.
  await newWorktreeTerminalFolder(page, repo, dataDir);
  const titled = await newWorktreeTerminalFolder(page, repo, dataDir);
  await rows(page).first().dblclick();
  const field = page.getByRole('textbox', { name: 'Session title' });
  await field.fill(TITLE);
  await field.press('Enter');
  const pane = page.getByRole('main');
  await expect(pane.getByRole('note', { name: 'Worktree' })).toHaveText(`branch ${BRANCH} from main`, { timeout: 15_000 });
  expect(git(titled, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe(BRANCH);

  // Fresh: nothing to merge, and the hint says why, whole (it was cut to "no commits that mai…" at 1400 px).
  const hint = pane.getByText('Nothing to merge: no commits that main lacks', { exact: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(hint).toBeVisible();
    await expect.poll(() => headerProblems(page), { message: `fresh at ${size.width}x${size.height}` }).toEqual([]);
    await page.screenshot({ path: `test-results/changes-layout-fresh-${size.width}x${size.height}.png` });
  }
  await page.setViewportSize(SIZES[0]);

  writeFileSync(join(titled, 'src', 'reconnect.ts'), after.join('\n'));
  await pane.getByRole('button', { name: 'Changes', exact: true }).click();
  const region = pane.getByRole('region', { name: 'Changes' });
  await region.getByRole('listitem', { name: /^src\/reconnect\.ts/ }).click();
  const diff = page.getByRole('group', { name: 'Diff of src/reconnect.ts' });
  await expect(diff).toContainText('ceilingMs: 30_000', { timeout: 15_000 });
  await expect(region.getByText(BRANCH)).toBeVisible();

  for (const panes of [1, 2]) {
    if (panes === 2) {
      await page.setViewportSize(SIZES[0]);
      await rows(page).nth(1).click({ modifiers: ['Control'] });
      await expect(page.locator('.pane')).toHaveCount(2);
    }
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: `test-results/changes-layout-${panes}-${size.width}x${size.height}-${scheme}.png` });
      }
      await page.emulateMedia({ colorScheme: null });
      const where = `${panes} pane(s) at ${size.width}x${size.height}`;
      await expect.poll(() => headerProblems(page), { message: where }).toEqual([]);
      await expect(diff).toContainText('ceilingMs: 30_000');
      await expect.poll(() => wordsBrokenInDiff(page), { message: where }).toEqual([]);
    }
  }
});

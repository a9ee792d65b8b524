import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { isolatedHome } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { shootAndAudit } from './support/sweep';

// A hosts.json that does not read (cut off mid-write) in a real browser through web mode: the session host
// starts anyway, Settings → Hosts says what happened and where the old file was kept; saving a setting there
// starts a fresh list and the note goes. Screenshots at two sizes, light and dark, into HOSTS_FILE_SHOTS
// (default test-results/hosts-file), each checked by axe.
test.describe.configure({ mode: 'serial' });

const shots = process.env.HOSTS_FILE_SHOTS ?? 'test-results/hosts-file';
const dataDir = freshDataDir('swarmdesk-e2e-hosts-file-');
const { home } = isolatedHome('hosts-file');
const corrupt = '{"version":1,"hosts":[{"name":"box"},';
let server: RunningServer;

test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  writeFileSync(join(dataDir, 'hosts.json'), corrupt, { mode: 0o600 });
  server = await startServer({ dataDir, env: { HOME: home } });
});

test.afterAll(async () => {
  await server?.stop();
});

test('Settings → Hosts says the saved hosts did not read and where the file was kept; a saved change starts afresh', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Hosts' }).click();
  const region = dialog.getByRole('region', { name: 'Hosts' });
  const note = region.getByRole('note', { name: 'Saved hosts could not be read' });
  await expect(note).toBeVisible();
  const kept = readdirSync(dataDir).filter((f) => f.startsWith('hosts.json.bad-'));
  expect(kept).toHaveLength(1);
  expect(readFileSync(join(dataDir, kept[0]!), 'utf8')).toBe(corrupt);
  await expect(note).toContainText(`The old file was kept as ${join(dataDir, kept[0]!)}. Adding a host starts a fresh list.`);
  for (const { look, blocking } of await shootAndAudit(page, shots, 'hosts-file-problem')) expect.soft(blocking, look).toEqual([]);

  await region.getByRole('textbox', { name: 'SSH config file' }).fill(join(home, 'ssh_config'));
  await region.getByRole('button', { name: 'Save SSH config file' }).click();
  await expect(note).toBeHidden();
  expect(JSON.parse(readFileSync(join(dataDir, 'hosts.json'), 'utf8'))).toMatchObject({ hosts: [], sshConfig: join(home, 'ssh_config') });
});

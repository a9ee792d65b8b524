import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { isProcessAlive } from '../../src/main/core';
import { contractFingerprint, settingsEnvDigest } from '../../src/main/transport/socket/hostFiles';
import { hostBundle } from '../../src/main/transport/ssh/hostBundle';
import { defaultControlDir, type SshOptions } from '../../src/main/transport/ssh/sshArgs';
import { stopRemoteHost } from '../../src/main/transport/ssh/sshHostConnection';
import { git } from '../support/gitRepo';
import { endSshMasters, ensureHostBuilt, REMOTE_TEST_ENV, TestSshd } from '../support/sshd';
import { until } from '../support/until';
import { isolatedHome } from './support/agents';
import { freshDataDir, startServer, type RunningServer } from './support/server';
import { sessionList } from './support/swarm';
import { shootAndAudit } from './support/sweep';

// Issue 17 in a real browser through web mode, with a real sshd on 127.0.0.1 (test/support/sshd.ts), the
// system ssh and a remote session host installed through it: add "box" in Settings → Hosts until it says
// connected, start a terminal on box from New session, see its output in the pane and its row named with
// its host; with sshd gone the row says it is reconnecting, and once sshd is back the shell answers again. A
// worktree session on box deleted with uncommitted work is listed under Recently removed "on box" and restored
// there (issue 36); New session on box offers box's worktrees. Screenshots at two sizes, light and dark, into REMOTE_HOSTS_SHOTS (default
// test-results/remote-hosts), each checked by axe.
test.describe.configure({ mode: 'serial' });

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const shots = process.env.REMOTE_HOSTS_SHOTS ?? 'test-results/remote-hosts';
const dataDir = freshDataDir('swarmdesk-e2e-remote-hosts-');
const runtimeDir = mkdtempSync(join(tmpdir(), 'swarmdesk-e2e-remote-run-'));
const { home } = isolatedHome('remote-hosts');
/** A shell on box without the machine's rc files (this box's ~/.bashrc may stall on a lock). */
const SHELL = '/bin/bash --norc --noprofile -i';
let sshd: TestSshd;
let server: RunningServer;
let ssh: SshOptions;

async function shoot(page: Page, name: string): Promise<void> {
  for (const { look, blocking } of await shootAndAudit(page, shots, name)) expect.soft(blocking, look).toEqual([]);
}

function terminal(page: Page): Locator {
  return page.getByRole('main').getByRole('group', { name: 'Terminal' });
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  mkdirSync(shots, { recursive: true });
  // What the local host installs on box is the built host.
  await ensureHostBuilt(repoRoot);
  sshd = new TestSshd({ setEnv: REMOTE_TEST_ENV });
  await sshd.start();
  // The web front's host reaches box through the sshd's client config only (never ~/.ssh).
  const env = { HOME: home, SHELL: '/bin/bash', ...REMOTE_TEST_ENV, SWARMDESK_SSH_CONFIG: sshd.clientConfig, XDG_RUNTIME_DIR: runtimeDir };
  ssh = { configFile: sshd.clientConfig, controlDir: defaultControlDir(env) };
  server = await startServer({ dataDir, env });
});

test.afterAll(async () => {
  test.setTimeout(120_000);
  await server?.stop();
  // The remote host (and its agents) outlive the local one: stopped here, as the integration tests do.
  const remotePid = (() => {
    try {
      return (JSON.parse(readFileSync(join(sshd.remoteHome, 'data', 'host.json'), 'utf8')) as { pid: number }).pid;
    } catch {
      return null;
    }
  })();
  if (remotePid !== null && isProcessAlive(remotePid)) {
    const me = { kind: 'web' as const, version: '0.1.0', protocol: contractFingerprint(), url: null, env: settingsEnvDigest({}) };
    await stopRemoteHost({ destination: 'box', ssh, bundle: hostBundle(repoRoot), me, abilities: null }, 'test over').catch(() => undefined);
    await until(() => !isProcessAlive(remotePid), { timeoutMs: 15_000, message: 'the remote host to stop' }).catch(() => {
      for (const target of [-remotePid, remotePid]) {
        try {
          process.kill(target, 'SIGKILL');
        } catch {
          // gone
        }
      }
    });
  }
  if (ssh) endSshMasters(ssh);
  await sshd?.stop();
  rmSync(runtimeDir, { recursive: true, force: true });
});

test('add box in Settings → Hosts; a terminal on box from New session shows its output, its row and pane name box', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(server.url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible({ timeout: 15_000 });

  // Settings → Hosts: the ssh config file as SWARMDESK_SSH_CONFIG sets it; add box.
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Hosts' }).click();
  const hosts = settings.getByRole('region', { name: 'Hosts' });
  await expect(hosts.getByRole('note', { name: 'SSH config file' })).toHaveText(`${sshd.clientConfig} — set by SWARMDESK_SSH_CONFIG`);
  await hosts.getByRole('textbox', { name: 'SSH destination' }).fill('box');
  await hosts.getByRole('button', { name: 'Add host' }).click();
  // Connecting (the first time: the host is installed on box through the connection), then connected.
  await expect(hosts.getByRole('listitem', { name: 'box, connected' })).toBeVisible({ timeout: 180_000 });
  await shoot(page, 'settings-hosts');
  await settings.getByRole('button', { name: 'Close' }).click();

  // New session on box: its home as the folder, a terminal.
  await page.getByRole('button', { name: 'New session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New session' });
  const host = dialog.getByRole('combobox', { name: 'Host' });
  await expect(host.getByRole('option')).toHaveText(['This machine', 'box']);
  await host.selectOption('box');
  await expect(dialog.getByRole('textbox', { name: 'Folder' })).toHaveValue('~');
  await dialog.getByRole('combobox', { name: 'Agent' }).selectOption({ label: 'Terminal' });
  await dialog.getByRole('textbox', { name: 'Command' }).fill(SHELL);
  await shoot(page, 'new-session-host');
  const create = dialog.getByRole('button', { name: 'Create' });
  await expect(create).toBeEnabled({ timeout: 15_000 });
  await create.click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  // The row names its host after its label; the pane's facts end "on box".
  const row = sessionList(page).getByRole('listitem', { name: /, on box, / });
  await expect(row).toHaveCount(1);
  await expect(row.locator('.row-host')).toHaveText('box');
  await expect(page.getByRole('main')).toContainText(/ on box/);
  // Only a shell can print 42 here, and it runs on box (through ssh, the remote host and its PTY).
  await expect(terminal(page)).toContainText(/[$#]\s*$/, { timeout: 30_000 });
  await terminal(page).click();
  await page.keyboard.type('echo "far-$((6*7))"');
  await page.keyboard.press('Enter');
  await expect(terminal(page)).toContainText('far-42', { timeout: 15_000 });
  await shoot(page, 'remote-terminal');

  // The connection drops and box cannot be reached (sshd gone): the row and the pane say so.
  await sshd.stop({ keepFiles: true });
  await expect(row).toHaveAccessibleName(/, on box, idle, Reconnecting to box…$/, { timeout: 30_000 });
  await expect(row).toContainText('Reconnecting to box…');
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Reconnecting to box…' })).toBeVisible();
  await shoot(page, 'row-reconnecting');
  // sshd is back: the link reconnects by itself (its backoff is at most 30 s) and the shell on box still answers.
  await sshd.start();
  await expect(row).not.toContainText('Reconnecting', { timeout: 90_000 });
  await terminal(page).click();
  await page.keyboard.type('echo "back-$((2+3))"');
  await page.keyboard.press('Enter');
  await expect(terminal(page)).toContainText('back-5', { timeout: 15_000 });

  // A terminal on this machine beside it: no host in its row, each in a project of its own ("root on box").
  await page.getByRole('button', { name: 'New session' }).click();
  await host.selectOption('');
  await dialog.getByRole('combobox', { name: 'Agent' }).selectOption({ label: 'Terminal' });
  await dialog.getByRole('textbox', { name: 'Command' }).fill(SHELL);
  await expect(create).toBeEnabled({ timeout: 15_000 });
  await create.click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(2);
  await expect(sessionList(page).getByRole('listitem', { name: /, on box, / })).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^\S+ on box, 1 session$/ })).toBeVisible();
  await shoot(page, 'swarm-with-box');
});

test("a worktree session on box deleted with uncommitted work: Recently removed lists it on box and restores it there; Open existing worktree offers box's", async ({ page }) => {
  test.setTimeout(300_000);
  // A repository in box's home (the same machine here, reached only through box's host).
  const repo = join(sshd.remoteHome, 'billing');
  mkdirSync(repo);
  git(repo, 'init', '--quiet', '--initial-branch=main');
  writeFileSync(join(repo, 'README.md'), 'hello\n');
  git(repo, 'add', 'README.md');
  git(repo, 'commit', '--quiet', '-m', 'first');

  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(server.url);
  await page.getByRole('button', { name: 'New session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New session' });
  await dialog.getByRole('combobox', { name: 'Host' }).selectOption('box');
  await dialog.getByRole('textbox', { name: 'Folder' }).fill(repo);
  await expect(dialog.getByRole('checkbox', { name: 'Work in a new git worktree' })).toBeChecked({ timeout: 15_000 });
  await dialog.getByRole('combobox', { name: 'Agent' }).selectOption({ label: 'Terminal' });
  await dialog.getByRole('textbox', { name: 'Command' }).fill(SHELL);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  // The shell on box works in its worktree (box's data folder): it leaves an uncommitted file there.
  await expect(terminal(page)).toContainText(/[$#]\s*$/, { timeout: 30_000 });
  await terminal(page).click();
  await page.keyboard.type('echo "half-done on box" > wip.txt');
  await page.keyboard.press('Enter');
  const worktrees = join(sshd.remoteHome, 'data', 'worktrees');
  const worktree = git(repo, 'worktree', 'list', '--porcelain')
    .split('\n')
    .filter((l) => l.startsWith('worktree ') && l.includes(worktrees))
    .map((l) => l.slice('worktree '.length))[0];
  expect(worktree).toBeDefined();
  await until(() => existsSync(join(worktree!, 'wip.txt')), { timeoutMs: 10_000, message: 'wip.txt on box' });
  const branch = git(worktree!, 'rev-parse', '--abbrev-ref', 'HEAD');

  const row = sessionList(page).getByRole('listitem', { name: /, on box, / }).filter({ hasText: 'billing' });
  await row.getByRole('button', { name: /More actions/ }).click();
  await page.getByRole('menuitem', { name: /^Delete/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0, { timeout: 30_000 });
  expect(existsSync(worktree!)).toBe(false);

  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'General' }).click();
  const group = settings.getByRole('group', { name: 'Recently removed' });
  const item = group.getByRole('listitem').filter({ hasText: branch });
  await expect(item).toContainText(`Session deleted · on box · just now`);
  await item.getByRole('button', { name: 'Restore' }).scrollIntoViewIfNeeded();
  await shoot(page, 'recently-removed-on-box');
  await item.getByRole('button', { name: 'Restore' }).click();
  const status = group.getByRole('status');
  await expect(status).toHaveText(`Restored on box at ${worktree} on its branch ${branch}, with its uncommitted files.`);
  await expect(status).toBeFocused();
  expect(readFileSync(join(worktree!, 'wip.txt'), 'utf8')).toBe('half-done on box\n');
  expect(git(repo, 'stash', 'list')).toBe('');
  await settings.getByRole('button', { name: 'Close' }).click();

  // No session works in the restored worktree now: New session on box offers it.
  await page.getByRole('button', { name: 'New session' }).click();
  await dialog.getByRole('combobox', { name: 'Host' }).selectOption('box');
  await dialog.getByRole('textbox', { name: 'Folder' }).fill(repo);
  const existing = dialog.getByRole('combobox', { name: 'Open existing worktree' });
  await expect(existing.getByRole('option')).toHaveText(['A new worktree', `${branch} — ${worktree}`], { timeout: 15_000 });
  await existing.selectOption({ label: `${branch} — ${worktree}` });
  await shoot(page, 'open-existing-worktree-on-box');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

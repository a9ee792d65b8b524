import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sshExitMasterArgs, type SshOptions } from '../../src/main/transport/ssh/sshArgs';
import { until } from './until';

/*
 * A real OpenSSH server for tests (issue 17): Debian's /usr/sbin/sshd on
 * 127.0.0.1 with its own port, host key, authorized key and pid file, all in a
 * temp folder, plus a client config naming it (`Host box`). Nothing of the
 * machine's own ssh setup (~/.ssh, /etc/ssh) is read or written: the client is
 * always run with `-F <clientConfig>` (OpenSSH takes the user's home from the
 * password database, not $HOME, so only -F keeps it away from ~/.ssh).
 */

export const SSHD = '/usr/sbin/sshd';

export interface SshdAlias {
  /** Extra `SetEnv` variables for this alias (the server accepts SWARMDESK_* and SHLVL). */
  readonly setEnv?: Record<string, string>;
  /** Log in with a key the server does not authorize (a refused login). */
  readonly unauthorizedKey?: boolean;
  /** A known_hosts of its own, empty, and no accepting of new keys (as a user's default "ask" under BatchMode). */
  readonly strangeHostKey?: boolean;
}

export interface SshdOptions {
  /** Client aliases besides `box` (same server, other environment). */
  readonly aliases?: Record<string, SshdAlias>;
  /** Variables every alias sends (SetEnv), e.g. to keep the remote host's history import off. */
  readonly setEnv?: Record<string, string>;
  /** The server's own `SetEnv` for every session (PATH included). */
  readonly serverSetEnv?: Record<string, string>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function keygen(file: string): void {
  rmSync(file, { force: true });
  rmSync(`${file}.pub`, { force: true });
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'swarmdesk-test', '-f', file], { stdio: 'ignore' });
}

/** The pids whose parent is `pid` (from /proc). */
export function childPids(pid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

export class TestSshd {
  readonly dir: string;
  /** The folder the remote side uses as its Swarmdesk home (`SWARMDESK_REMOTE_HOME`, through SetEnv). */
  readonly remoteHome: string;
  readonly clientConfig: string;
  port = 0;
  private child: ChildProcess | null = null;
  private log = '';

  constructor(private readonly opts: SshdOptions = {}) {
    this.dir = mkdtempSync(join(tmpdir(), 'swarmdesk-sshd-'));
    chmodSync(this.dir, 0o700);
    this.remoteHome = join(this.dir, 'remote-home');
    this.clientConfig = join(this.dir, 'ssh_config');
    mkdirSync(this.remoteHome, { mode: 0o700 });
    keygen(join(this.dir, 'host_key'));
    keygen(join(this.dir, 'client_key'));
    writeFileSync(join(this.dir, 'authorized_keys'), readFileSync(join(this.dir, 'client_key.pub')), { mode: 0o600 });
  }

  /** Starts sshd (again, on the same port after `stop`) and waits until it listens. */
  async start(): Promise<void> {
    if (this.child) return;
    if (this.port === 0) this.port = await freePort();
    mkdirSync('/run/sshd', { recursive: true, mode: 0o755 }); // sshd's privilege-separation folder
    this.writeConfigs();
    this.log = '';
    const child = spawn(SSHD, ['-D', '-e', '-f', join(this.dir, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      this.log = (this.log + chunk).slice(-20_000);
    });
    child.once('exit', () => {
      if (this.child === child) this.child = null;
    });
    await until(() => this.log.includes(`Server listening on 127.0.0.1 port ${this.port}`) || this.child === null, { timeoutMs: 10_000, message: 'sshd to listen' });
    if (this.child === null) throw new Error(`sshd did not start:\n${this.log}`);
  }

  /** sshd's own log (stderr, -e), the last 20 kB. */
  serverLog(): string {
    return this.log;
  }

  pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** Kills sshd's per-connection processes: every client is dropped, the listener keeps listening. */
  dropConnections(): number[] {
    const pid = this.pid();
    if (pid === null) return [];
    const children = childPids(pid);
    for (const c of children) {
      try {
        process.kill(c, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    return children;
  }

  /** A new host key: clients that knew the old one must refuse the server (restart to load it). */
  async regenerateHostKey(): Promise<void> {
    await this.stop({ keepFiles: true });
    keygen(join(this.dir, 'host_key'));
    await this.start();
  }

  /** Stops sshd and its connections; removes the temp folder unless `keepFiles`. */
  async stop(opts: { keepFiles?: boolean } = {}): Promise<void> {
    const child = this.child;
    if (child?.pid !== undefined) {
      this.dropConnections();
      child.kill('SIGTERM');
      await until(() => this.child === null, { timeoutMs: 5_000, message: 'sshd to exit' }).catch(() => child.kill('SIGKILL'));
    }
    this.child = null;
    if (!opts.keepFiles) rmSync(this.dir, { recursive: true, force: true });
  }

  private writeConfigs(): void {
    const d = this.dir;
    writeFileSync(
      join(d, 'sshd_config'),
      [
        `Port ${this.port}`,
        'ListenAddress 127.0.0.1',
        `HostKey ${join(d, 'host_key')}`,
        `PidFile ${join(d, 'sshd.pid')}`,
        `AuthorizedKeysFile ${join(d, 'authorized_keys')}`,
        'PasswordAuthentication no',
        'KbdInteractiveAuthentication no',
        'UsePAM no',
        'StrictModes no',
        'PermitRootLogin yes',
        // SHLVL: see the client's SetEnv below.
        'AcceptEnv SWARMDESK_* SHLVL',
        // The server's own SetEnv wins over its default PATH (a client's PATH would not): how a test fakes a
        // remote of another platform, a PATH whose `uname` and `node` say so (see remote-ssh.test.ts).
        ...(this.opts.serverSetEnv ? [`SetEnv ${Object.entries(this.opts.serverSetEnv).map(([k, v]) => `${k}=${v}`).join(' ')}`] : []),
        'MaxSessions 64',
        'LogLevel INFO',
        '',
      ].join('\n'),
      { mode: 0o600 },
    );
    const user = userInfo().username;
    const alias = (name: string, setEnv: Record<string, string>, key = 'client_key', strange = false): string[] => [
      `Host ${name}`,
      '  HostName 127.0.0.1',
      `  Port ${this.port}`,
      `  User ${user}`,
      `  IdentityFile ${join(d, key)}`,
      '  IdentitiesOnly yes',
      `  UserKnownHostsFile ${join(d, strange ? `known_hosts_${name}` : 'known_hosts')}`,
      '  GlobalKnownHostsFile /dev/null',
      `  StrictHostKeyChecking ${strange ? 'yes' : 'accept-new'}`,
      '  BatchMode yes',
      `  SetEnv ${Object.entries(setEnv).map(([k, v]) => `${k}=${v}`).join(' ')}`,
      '',
    ];
    // SHLVL=1: bash sources ~/.bashrc for a command run by sshd only at shell level < 2. This machine's own
    // ~/.bashrc (root's: pyenv's rehash) can stall a minute on a lock; the remote side of these tests is about
    // Swarmdesk, not this box's shell start-up (the bridge line is still found past any rc-file output).
    const common = { SWARMDESK_REMOTE_HOME: this.remoteHome, SHLVL: '1', ...this.opts.setEnv };
    const lines = [...alias('box', common)];
    for (const [name, extra] of Object.entries(this.opts.aliases ?? {})) {
      if (extra.unauthorizedKey && !existsSync(join(d, 'stranger_key'))) keygen(join(d, 'stranger_key'));
      lines.push(...alias(name, { ...common, ...extra.setEnv }, extra.unauthorizedKey ? 'stranger_key' : 'client_key', extra.strangeHostKey ?? false));
    }
    writeFileSync(this.clientConfig, lines.join('\n'), { mode: 0o600 });
  }
}

/** What the remote side of the tests runs with (SetEnv): no history import, no ambient work. */
export const REMOTE_TEST_ENV = { SWARMDESK_AMBIENT_PROVIDER: 'off', SWARMDESK_IMPORT: 'off' };

/** ssh options for this server: its client config (-F) and a control folder of the test's own. */
export function testSshOptions(sshd: TestSshd): SshOptions {
  return { configFile: sshd.clientConfig, controlDir: mkdtempSync(join(tmpdir(), 'swarmdesk-cm-')) };
}

/** Ends the destinations' multiplexing masters (processes the test started) and the control folder. */
export function endSshMasters(ssh: SshOptions, destinations: string[] = ['box']): void {
  for (const d of destinations) spawnSync('ssh', sshExitMasterArgs(d, ssh), { stdio: 'ignore', timeout: 10_000 });
  rmSync(ssh.controlDir, { recursive: true, force: true });
}

/** Builds out/ when it is missing or stale (as `npm run serve` does): what is installed on a remote is the built host. */
export async function ensureHostBuilt(repoRoot: string): Promise<void> {
  const serve = (await import(/* @vite-ignore */ pathToFileURL(join(repoRoot, 'scripts', 'serve.mjs')).href)) as { ensureBuilt(): boolean };
  if (!serve.ensureBuilt()) throw new Error('electron-vite build failed');
}

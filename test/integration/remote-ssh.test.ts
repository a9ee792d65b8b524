import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../src/shared/ipc/events';
import { setLogSink } from '../../src/main/core/logger';
import type { FrontIdentity } from '../../src/main/transport/socket/hostClient';
import { contractFingerprint, settingsEnvDigest } from '../../src/main/transport/socket/hostFiles';
import { hostBundle, isSuitableNode, type HostBundle } from '../../src/main/transport/ssh/hostBundle';
import type { SshOptions } from '../../src/main/transport/ssh/sshArgs';
import { RemoteHostLink } from '../../src/main/transport/ssh/remoteHostLink';
import { connectRemoteHost, type RemoteHost } from '../../src/main/transport/ssh/sshHostConnection';
import { git, makeRepo } from '../support/gitRepo';
import { endSshMasters, ensureHostBuilt, REMOTE_TEST_ENV, testSshOptions, TestSshd } from '../support/sshd';
import { until } from '../support/until';

/*
 * Remote session hosts over SSH (issue 17), with every part real: Debian's sshd on 127.0.0.1
 * (test/support/sshd.ts), the system ssh client with a -F config, the host bundle installed through
 * the connection into the remote's Swarmdesk home, the bridge and the host running there, a real PTY.
 * The "remote" is this machine, reached only through sshd: the test looks at its files and processes
 * directly only to check what the remote side did while the link was down.
 */
setLogSink(() => {});

const repoRoot = resolve(__dirname, '../..');
const REMOTE_ENV = REMOTE_TEST_ENV;
/** Issue 17's cost figure: this many worktree sessions on one remote host, idle for a minute. */
const WORKTREE_SESSIONS = 30;
const me: FrontIdentity = { kind: 'web', version: '0.1.0', protocol: contractFingerprint(), url: null, env: settingsEnvDigest({}) };
const ctx = { transport: 'web' as const };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the remote host through the bridge (a control frame over the SSH link), else by its pid. */
async function endRemoteHost(remote: RemoteHost | null, pid: number | null): Promise<void> {
  if (remote?.connection.isOpen()) remote.connection.stop('test over');
  if (pid !== null) {
    await until(() => !alive(pid), { timeoutMs: 15_000, message: 'the remote host to stop' }).catch(() => undefined);
    for (const target of [-pid, pid]) {
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // stopped, as it should be
      }
    }
  }
  remote?.close();
}

class Output {
  private readonly bySession = new Map<string, string>();
  constructor(remote: RemoteHost) {
    remote.connection.subscribe((name, payload) => {
      if (name !== 'terminal:data') return;
      const p = payload as EventPayload<'terminal:data'>;
      this.bySession.set(p.sessionId, (this.bySession.get(p.sessionId) ?? '') + p.data);
    });
  }
  of(id: string): string {
    return this.bySession.get(id) ?? '';
  }
}

async function ok<T = Record<string, unknown>>(remote: RemoteHost, channel: string, input: unknown): Promise<T> {
  const result = await remote.connection.handle(channel, input, ctx);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

/** The bridges running from an install under `home` (from /proc: what ssh left on the remote). */
function bridgePids(home: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8');
        return cmd.includes(`${home}/`) && cmd.includes('host-bridge.js');
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A process's command line, short (what started it, for the idle count's report). */
function commandOf(pid: number): string {
  try {
    // Paths cut to their last part: `node host-worker.js`, `git -C idle-repo rev-parse`.
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).slice(0, 5).map((a) => a.split('/').pop()).join(' ').slice(0, 120);
  } catch {
    return '(gone)';
  }
}

/** Every process under `roots` now (threads' children included), from /proc. */
function descendants(roots: number[]): Set<number> {
  const seen = new Set<number>();
  const queue = [...roots];
  while (queue.length > 0) {
    const pid = queue.pop() as number;
    if (seen.has(pid)) continue;
    seen.add(pid);
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // gone
    }
    for (const tid of tasks) {
      try {
        for (const child of readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ')) if (child.trim()) queue.push(Number(child));
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return seen;
}

describe('a remote session host over SSH (real sshd, real ssh, real host)', () => {
  let sshd: TestSshd;
  let ssh: SshOptions;
  let bundle: HostBundle;
  let remote: RemoteHost | null = null;
  let hostPid: number | null = null;
  /** Folders removed once the remote host (and whatever ran in it) has ended. */
  const leftovers: string[] = [];

  beforeAll(async () => {
    await ensureHostBuilt(repoRoot);
    bundle = hostBundle(repoRoot);
    sshd = new TestSshd({ setEnv: REMOTE_ENV });
    await sshd.start();
    ssh = testSshOptions(sshd);
  }, 300_000);

  afterAll(async () => {
    // A last link to stop the host through the bridge, when the tests left none open.
    if (hostPid !== null && alive(hostPid) && !remote?.connection.isOpen()) {
      remote = await connectRemoteHost({ destination: 'box', ssh, bundle, me, abilities: null }).catch(() => null);
    }
    await endRemoteHost(remote, hostPid);
    for (const dir of leftovers.splice(0)) rmSync(dir, { recursive: true, force: true });
    endSshMasters(ssh);
    await sshd.stop();
  }, 60_000);

  it('installs the host through the connection into a versioned folder (atomically), and a terminal there streams over the link', async () => {
    const home = sshd.remoteHome;
    // What an install interrupted two hours ago left behind: a partial folder and no complete one.
    const partial = join(home, `${bundle.installId}.partial-4242`);
    mkdirSync(join(partial, 'out'), { recursive: true });
    writeFileSync(join(partial, 'out', 'half-written.js'), '');
    const twoHoursAgo = Date.now() / 1000 - 7200;
    utimesSync(partial, twoHoursAgo, twoHoursAgo);

    const started = Date.now();
    remote = await connectRemoteHost({ destination: 'box', ssh, bundle, me, abilities: null });
    hostPid = remote.hostPid;
    console.log(`remote-ssh: probe, install and attach took ${Date.now() - started} ms`);
    expect(remote.installed).toBe(true);
    expect(remote.hostStarted).toBe(true);
    expect(remote.installDir).toBe(join(home, bundle.installId));
    expect(readdirSync(home).sort()).toEqual([bundle.installId, 'data']); // the stale partial folder is gone, no new one is left
    const manifest = JSON.parse(readFileSync(join(remote.installDir, 'install.json'), 'utf8')) as { installId: string; node: string };
    expect(manifest.installId).toBe(bundle.installId);
    expect(existsSync(join(remote.installDir, 'out', 'main', 'half-written.js'))).toBe(false);
    expect(existsSync(join(remote.installDir, 'out', 'main', 'host-bridge.js'))).toBe(true);
    expect(existsSync(join(remote.installDir, 'node_modules', 'better-sqlite3', 'package.json'))).toBe(true);
    // This box's own node is older than 22.12 here (Debian's 20): Node 24 came along, and runs the host.
    if (isSuitableNode(remote.probe.systemNode)) {
      expect(manifest.node).toBe('system');
    } else {
      expect(manifest.node).toBe('bundled');
      expect(execFileSync(join(remote.installDir, 'node', 'bin', 'node'), ['--version'], { encoding: 'utf8' })).toMatch(/^v24\./);
      expect(readFileSync(`/proc/${hostPid}/cmdline`, 'utf8').split('\0')[0]).toBe(join(remote.installDir, 'node', 'bin', 'node'));
    }
    expect(statSync(remote.dataDir).mode & 0o777).toBe(0o700);

    // A second link to the same version neither installs nor starts anything.
    const second = await connectRemoteHost({ destination: 'box', ssh, bundle, me, abilities: null });
    expect([second.installed, second.hostStarted, second.hostPid]).toEqual([false, false, hostPid]);
    // Leaving ends the SSH session and the bridge (the host stays for the first link).
    await second.connection.leave(false);
    await Promise.race([second.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('ssh did not end after leave')), 10_000))]);
    expect(alive(hostPid)).toBe(true);

    const output = new Output(remote);
    const row = await ok<{ id: string; folder: string }>(remote, 'sessions:create', { kind: 'terminal', command: '/bin/bash --norc --noprofile -i' });
    await ok(remote, 'terminal:open', { id: row.id, cols: 80, rows: 24 });
    await ok(remote, 'terminal:input', { id: row.id, data: 'echo "over-ssh-$((6*7))"\r' });
    await until(() => output.of(row.id).includes('over-ssh-42'), { timeoutMs: 15_000, message: 'the remote terminal output over the SSH link' });
  }, 180_000);

  it('a dropped connection leaves the remote host and its terminal running; a new link catches up on what was written meanwhile', async () => {
    if (!remote?.connection.isOpen()) remote = await connectRemoteHost({ destination: 'box', ssh, bundle, me, abilities: null });
    hostPid = remote.hostPid;
    const log = join(mkdtempSync(join(tmpdir(), 'swarmdesk-remote-tick-')), 'ticks.log');
    leftovers.push(join(log, '..'));
    const row = await ok<{ id: string }>(remote, 'sessions:create', { kind: 'terminal', command: '/bin/bash --norc --noprofile -i' });
    await ok(remote, 'terminal:open', { id: row.id, cols: 80, rows: 24 });
    // A writer that also leaves each line in a file: what it wrote while the link was down is checked on the remote side.
    await ok(remote, 'terminal:input', { id: row.id, data: `i=0; while [ ! -e ${log}.stop ] && [ $i -lt 900 ]; do i=$((i+1)); echo "tick-$i" | tee -a ${log}; sleep 0.1; done\r` });
    const ticks = (): number => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0);
    await until(() => ticks() >= 3, { timeoutMs: 15_000, message: 'the writer to start' });

    expect(bridgePids(sshd.remoteHome).length).toBeGreaterThan(0);
    const lost = new Promise<string>((resolve) => remote?.connection.onClose((reason) => resolve(reason.kind)));
    const dropped = sshd.dropConnections();
    expect(dropped.length).toBeGreaterThan(0);
    expect(await lost).toBe('lost');
    // The bridge ends with its SSH session (nothing is left on the remote but the host); the host's session had no SSH variables.
    await until(() => bridgePids(sshd.remoteHome).length === 0, { timeoutMs: 10_000, message: 'the bridges to end with their connections' });
    expect(readFileSync(`/proc/${hostPid}/environ`, 'utf8').split('\0').filter((v) => /^SSH_(CLIENT|CONNECTION|AUTH_SOCK)=/.test(v))).toEqual([]);
    const atDrop = ticks();
    // Down: the remote host lives on, and its terminal keeps writing.
    await until(() => ticks() >= atDrop + 10, { timeoutMs: 15_000, message: 'the remote terminal to keep writing while the link is down' });
    expect(alive(hostPid)).toBe(true);
    const whileAway = ticks();
    remote.close();

    remote = await connectRemoteHost({ destination: 'box', ssh, bundle, me, abilities: null });
    expect([remote.installed, remote.hostStarted, remote.hostPid]).toEqual([false, false, hostPid]);
    const screen = await ok<{ running: boolean; scrollback: string }>(remote, 'terminal:open', { id: row.id, cols: 80, rows: 24 });
    expect(screen.running).toBe(true);
    expect(screen.scrollback).toContain(`tick-${whileAway}`);
    // And live output flows again over the new link.
    const output = new Output(remote);
    await until(() => /tick-\d+/.test(output.of(row.id)), { timeoutMs: 10_000, message: 'live output after reconnecting' });
    // Stop the writer (it forks every tick) by its own condition (Ctrl-C can land between two commands of a
    // bash loop and leave it running): the shell answers only once the loop has ended.
    writeFileSync(`${log}.stop`, '');
    await ok(remote, 'terminal:input', { id: row.id, data: 'echo "loop-$((1+1))-over"\r' });
    await until(() => output.of(row.id).includes('loop-2-over'), { timeoutMs: 10_000, message: 'the writer to stop' });
  }, 120_000);

  it('a lasting link says it is reconnecting while sshd is gone, and comes back by itself and catches up once it is reachable again', async () => {
    const link = new RemoteHostLink({ destination: 'box', ssh, bundle, me, abilities: null, backoffMs: [200, 500, 1_000] });
    const first = await link.open();
    hostPid = first.hostPid;
    const states: string[] = [];
    link.onState((s) => states.push(s.state === 'reconnecting' ? `${s.state}: ${s.message}` : s.state));
    const log = join(mkdtempSync(join(tmpdir(), 'swarmdesk-remote-tick-')), 'ticks.log');
    leftovers.push(join(log, '..'));
    try {
      const row = await link.handle('sessions:create', { kind: 'terminal', command: '/bin/bash --norc --noprofile -i' }, ctx);
      if (!row.ok) throw new Error(row.error.message);
      const id = (row.value as { id: string }).id;
      await link.handle('terminal:open', { id, cols: 80, rows: 24 }, ctx);
      await link.handle('terminal:input', { id, data: `i=0; while [ ! -e ${log}.stop ] && [ $i -lt 900 ]; do i=$((i+1)); echo "beat-$i" | tee -a ${log}; sleep 0.1; done\r` }, ctx);
      const beats = (): number => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0);
      await until(() => beats() >= 3, { timeoutMs: 15_000, message: 'the writer to start' });

      await sshd.stop({ keepFiles: true }); // the server is gone (and its connections with it)
      await until(() => link.state().state === 'reconnecting', { timeoutMs: 15_000, message: 'the link to say it is reconnecting' });
      expect(link.state().message).toBe('Reconnecting to box…');
      const meanwhile = await link.handle('sessions:list', {}, ctx);
      expect(meanwhile).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE', message: 'Reconnecting to box…' } });
      const atDrop = beats();
      await until(() => beats() >= atDrop + 10, { timeoutMs: 15_000, message: 'the remote terminal to keep writing while sshd is gone' });
      // A few tries fail meanwhile (connection refused), and the link keeps trying.
      await until(() => states.filter((s) => s.startsWith('reconnecting')).length >= 3, { timeoutMs: 15_000, message: 'retries with backoff' });
      const whileAway = beats();

      await sshd.start(); // same port, same keys
      await until(() => link.state().state === 'connected', { timeoutMs: 20_000, message: 'the link to come back by itself' });
      expect(link.host()?.hostPid).toBe(hostPid);
      const screen = await link.handle('terminal:open', { id, cols: 80, rows: 24 }, ctx);
      expect(screen.ok && (screen.value as { scrollback: string }).scrollback).toContain(`beat-${whileAway}`);

      const output: string[] = [];
      link.subscribe((name, payload) => {
        if (name === 'terminal:data' && (payload as EventPayload<'terminal:data'>).sessionId === id) output.push((payload as EventPayload<'terminal:data'>).data);
      });
      writeFileSync(`${log}.stop`, ''); // the writer ends by its own condition (see the test above)
      await link.handle('terminal:input', { id, data: 'echo "beats-$((2+2))-over"\r' }, ctx);
      await until(() => output.join('').includes('beats-4-over'), { timeoutMs: 10_000, message: 'the writer to stop, seen over the new link' });
    } finally {
      // Whatever happened above, the writer ends (the loop checks for this file; the test's own cleanup, not the behaviour under test).
      writeFileSync(`${log}.stop`, '');
      link.close();
    }
  }, 120_000);

  it('idle for a minute with 30 worktree sessions, the remote starts at most 30 processes (issue 17 "Cost")', async () => {
    if (!remote?.connection.isOpen()) remote = await connectRemoteHost({ destination: 'box', ssh, bundle, me, abilities: null });
    hostPid = remote.hostPid;
    const repo = makeRepo('idle-repo');
    leftovers.push(join(repo, '..'));
    const ids: string[] = [];
    for (let i = 0; i < WORKTREE_SESSIONS; i += 1) {
      const row = await ok<{ id: string; folder: string }>(remote, 'sessions:create', {
        kind: 'terminal',
        command: '/bin/bash --norc --noprofile -i',
        folder: repo,
        worktree: { enabled: true, copyPatterns: [], setupCommand: '' },
      });
      expect(row.folder).not.toBe(repo); // its own worktree
      await ok(remote, 'terminal:open', { id: row.id, cols: 80, rows: 24 });
      ids.push(row.id);
    }
    expect(git(repo, 'worktree', 'list').split('\n')).toHaveLength(WORKTREE_SESSIONS + 1);
    const output = new Output(remote);
    for (const id of ids) await ok(remote, 'terminal:input', { id, data: 'echo ready\r' });
    await until(() => ids.every((id) => output.of(id).includes('ready')), { timeoutMs: 60_000, message: 'the shells to answer' });

    // The remote's processes: everything under its host (agents, git) and under its sshd (sessions, the bridge).
    const sshdPid = sshd.pid() as number;
    const roots = [hostPid, sshdPid];
    // Settling first: each new worktree session's first change count (and the one after its shell's first
    // output) runs a few git commands, two at a time across sessions. Idle starts when nothing new has
    // started for 5 s.
    let settling = descendants(roots);
    let quietSince = Date.now();
    let settled = 0;
    await until(
      () => {
        const now = descendants(roots);
        for (const pid of now) if (!settling.has(pid)) {
          settled += 1;
          quietSince = Date.now();
        }
        settling = now;
        return Date.now() - quietSince >= 5_000;
      },
      { timeoutMs: 90_000, intervalMs: 10, message: 'the remote to settle after starting the sessions' },
    );
    const before = descendants(roots);
    const born = new Map<number, string>();
    const end = Date.now() + 60_000;
    let scans = 0;
    // Polled every 10 ms through /proc/<pid>/task/<tid>/children: a process that lives less than that may be missed.
    await until(
      () => {
        scans += 1;
        for (const pid of descendants(roots)) if (!before.has(pid) && !born.has(pid)) born.set(pid, commandOf(pid));
        return Date.now() >= end;
      },
      { timeoutMs: 70_000, intervalMs: 10, message: 'a minute of idle' },
    );
    const live = (await remote.connection.status())?.liveAgents ?? 0;
    const byCommand = new Map<string, number>();
    for (const cmd of born.values()) byCommand.set(cmd, (byCommand.get(cmd) ?? 0) + 1);
    const top = [...byCommand].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([cmd, n]) => `${n}× ${cmd}`).join('; ');
    console.log(`remote-ssh: processes started on the remote in one idle minute with ${live} live worktree terminal sessions: ${born.size} (${scans} scans of /proc)${top ? `: ${top}` : ''}; while settling after their start: ${settled}`);
    expect(live).toBeGreaterThanOrEqual(ids.length);
    expect(born.size).toBeLessThanOrEqual(30); // issue 17's budget for 30 worktree sessions
    expect(alive(hostPid)).toBe(true);
  }, 300_000);
});


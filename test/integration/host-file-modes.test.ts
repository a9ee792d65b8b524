import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLogSink } from '../../src/main/core/logger';
import { HostConnection, type FrontIdentity } from '../../src/main/transport/socket/hostClient';
import { stopHost } from '../../src/main/transport/socket/hostControl';
import { contractFingerprint, readHostInfo, settingsEnvDigest } from '../../src/main/transport/socket/hostFiles';
import { GEMINI_BIN, makeGeminiHome, type GeminiHome } from '../support/geminiHome';
import { startGeminiStandIn, type GeminiStandIn } from '../support/geminiStandIn';
import { coreGitEnv, git, makeRepo } from '../support/gitRepo';
import { REAL_HOST, startRealHost } from '../support/realHost';
import { until } from '../support/until';
import { WORKTREE_ON } from '../support/worktreeSession';

/*
 * Files come out the user's way (issue 28): a real session host started under umask 0022 hands that
 * umask to what it runs (a terminal's PTY, git making a worktree's checkout, the real Gemini CLI writing
 * through fs/write_text_file), and an overwrite keeps the file's mode; while the data folder's own files
 * are 0600 and its folders 0700 by explicit modes (SPEC §11), listed while the host runs and after it
 * stopped.
 */
setLogSink(() => {});

const TURN_MS = 60_000;
const modeOf = (path: string): number => lstatSync(path).mode & 0o777;
const octal = (mode: number): string => mode.toString(8).padStart(4, '0');

let standIn: GeminiStandIn;
let gemini: GeminiHome;
const dirs: string[] = [];
const hosts: number[] = [];
const fronts: HostConnection[] = [];

beforeAll(async () => {
  standIn = await startGeminiStandIn();
  gemini = makeGeminiHome(standIn.url);
  sshConfig = join(gemini.home, 'ssh_config');
  writeFileSync(sshConfig, '');
});
afterAll(async () => {
  await standIn.close();
  gemini.remove();
});
afterEach(async () => {
  for (const front of fronts.splice(0)) front.close();
  for (const dir of dirs.splice(0)) {
    await stopHost(dir, { ...me(), kind: 'cli' }, 5_000);
    rmSync(dir, { recursive: true, force: true });
  }
  for (const pid of hosts.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // stopped, as it should be
    }
  }
});

/** An empty OpenSSH config, so a remote host added here is looked up by its name only (and not found). */
let sshConfig = '';

/** The host's environment: the Gemini CLI against the stand-in, git's test setup, no ssh config of the user's. */
const env = (): NodeJS.ProcessEnv => ({ ...REAL_HOST.env, ...gemini.env, ...coreGitEnv(), SWARMDESK_GEMINI_PATH: GEMINI_BIN, SWARMDESK_SSH_CONFIG: sshConfig });

function me(): FrontIdentity {
  return { kind: 'web', version: '0.1.0', protocol: contractFingerprint(), url: null, env: settingsEnvDigest(env()) };
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** A real host on `dataDir`, started as a user's shell with umask 0022 would start it. */
async function startHostUnderUmask022(dataDir: string): Promise<HostConnection> {
  const command = { command: '/bin/sh', args: ['-c', 'umask 022; exec "$@"', 'sh', ...[REAL_HOST.command, ...REAL_HOST.args]], env: env() };
  await startRealHost(dataDir, hosts, command);
  const info = readHostInfo(dataDir);
  if (!info) throw new Error('no host.json');
  const front = await HostConnection.open(info.socket, info.secret, me(), null);
  fronts.push(front);
  return front;
}

async function ask<T>(front: HostConnection, channel: string, input: unknown): Promise<T> {
  const result = await front.handle(channel, input, { transport: 'web' });
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

/** Every entry under `root` with its mode, except inside `skip` (a worktree's checkout: the user's files). */
function listModes(root: string, skip: readonly string[]): Map<string, { mode: number; kind: 'dir' | 'file' | 'socket' | 'other' }> {
  const out = new Map<string, { mode: number; kind: 'dir' | 'file' | 'socket' | 'other' }>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (skip.includes(path)) continue;
      let st;
      try {
        st = lstatSync(path);
      } catch {
        continue; // gone meanwhile (a -journal, a temp file renamed)
      }
      const kind = st.isDirectory() ? 'dir' : st.isFile() ? 'file' : st.isSocket() ? 'socket' : 'other';
      out.set(relative(root, path), { mode: st.mode & 0o777, kind });
      if (kind === 'dir') walk(path);
    }
  };
  walk(root);
  return out;
}

/** The agent shims a terminal runs (agents/sessionReports/agentShims.ts): executable, by their owner only. */
const SHIMS = new Set(['claude', 'gemini', 'codex'].map((name) => join('agent-hooks', 'bin', name)));

function expectPrivate(listing: ReturnType<typeof listModes>): void {
  const expected = (name: string, kind: string): number => (kind === 'dir' || SHIMS.has(name) ? 0o700 : 0o600);
  const loose = [...listing].filter(([name, e]) => e.mode !== expected(name, e.kind)).map(([name, e]) => `${name} ${e.kind} ${octal(e.mode)}`);
  expect(loose).toEqual([]);
}

describe('a host started under umask 0022', () => {
  it("hands that umask to a terminal, git and an agent's writes (an overwrite keeps its mode); the data folder stays 0700/0600", async () => {
    const dataDir = tempDir('swarmdesk-modes-data-');
    const repo = makeRepo();
    dirs.push(join(repo, '..'));
    writeFileSync(join(repo, 'build.sh'), '#!/bin/sh\necho build\n', { mode: 0o755 });
    git(repo, 'add', 'build.sh');
    git(repo, 'commit', '--quiet', '-m', 'a script');
    const work = tempDir('swarmdesk-modes-work-');
    writeFileSync(join(work, 'run.sh'), '#!/bin/sh\necho old\n');
    chmodSync(join(work, 'run.sh'), 0o755);

    const front = await startHostUnderUmask022(dataDir);
    const output = new Map<string, string>();
    front.subscribe((name, payload) => {
      if (name !== 'terminal:data') return;
      const { sessionId, data } = payload as { sessionId: string; data: string };
      output.set(sessionId, (output.get(sessionId) ?? '') + data);
    });

    // A terminal in its own worktree: git checks the repository out, the PTY's shell says its umask and touches a file.
    const terminal = await ask<{ id: string; folder: string }>(front, 'sessions:create', {
      kind: 'terminal',
      folder: repo,
      worktree: WORKTREE_ON,
      command: "/bin/sh -c 'umask; touch touched.txt; mkdir made; exec sleep 600'",
    });
    await ask(front, 'terminal:open', { id: terminal.id, cols: 80, rows: 24 });
    const checkout = terminal.folder;
    expect(checkout.startsWith(join(dataDir, 'worktrees'))).toBe(true);
    await until(() => (output.get(terminal.id) ?? '').includes('0022'), { message: "the terminal's umask" });
    await until(() => listModes(checkout, []).has('made'), { message: 'the terminal to make its files' });
    expect(modeOf(join(checkout, 'touched.txt'))).toBe(0o644);
    expect(modeOf(join(checkout, 'made'))).toBe(0o755);
    expect(modeOf(checkout)).toBe(0o755);
    expect(modeOf(join(checkout, 'README.md'))).toBe(0o644);
    expect(modeOf(join(checkout, 'build.sh'))).toBe(0o755);

    // The real Gemini CLI writes a new file and rewrites a script, each allowed once, through fs/write_text_file.
    const agent = await ask<{ id: string }>(front, 'sessions:create', { kind: 'acp', agent: 'gemini', folder: work });
    let answered = '';
    const writeAllowed = async (prompt: string, file: string, content: string): Promise<void> => {
      await ask(front, 'sessions:send', { id: agent.id, text: prompt });
      const request = await until(
        async () => {
          const { request } = await ask<{ request: { requestId: string; options: { kind: string; optionId: string }[] } | null }>(front, 'acp:permission', { id: agent.id });
          return request !== null && request.requestId !== answered ? request : undefined;
        },
        { timeoutMs: TURN_MS, message: 'the write to ask' },
      );
      answered = request.requestId;
      const allow = request.options.find((o) => o.kind === 'allow_once');
      await ask(front, 'acp:answerPermission', { id: agent.id, requestId: request.requestId, optionId: allow?.optionId ?? '' });
      await until(() => existsSync(join(work, file)) && readFileSync(join(work, file), 'utf8') === content, { timeoutMs: TURN_MS, message: `${file} written` });
    };
    await writeAllowed('write fresh.txt with: brand new\n', 'fresh.txt', 'brand new\n');
    expect(modeOf(join(work, 'fresh.txt'))).toBe(0o644);
    await writeAllowed('write run.sh with: echo new\n', 'run.sh', 'echo new\n');
    expect(modeOf(join(work, 'run.sh'))).toBe(0o755);
    expect(readdirSync(work).sort()).toEqual(['fresh.txt', 'run.sh']); // no temp file left beside them

    // A remote host added (hosts.json; a name that does not resolve, so it is only written down).
    await ask(front, 'hosts:add', { destination: 'nowhere.invalid' });

    // The data folder while the host runs (its socket, lock, card, database with -wal/-shm, log, live agents, hosts)...
    const skip = [checkout];
    const running = listModes(dataDir, skip);
    for (const name of ['swarmdesk.db', 'swarmdesk.db-wal', 'swarmdesk.db-shm', 'host.json', 'host.log', 'agents.json', 'hosts.json', 'swarmdesk.lock', 'worktrees']) expect([...running.keys()]).toContain(name);
    expect([...running.values()].some((e) => e.kind === 'socket')).toBe(true);
    expectPrivate(running);

    // ...and after it stopped (what a stop writes: the clean-close marker, the stop's record, scrollback).
    front.close();
    await stopHost(dataDir, { ...me(), kind: 'cli' }, 15_000);
    const stopped = listModes(dataDir, skip);
    for (const name of ['swarmdesk.db', 'swarmdesk.db.clean', 'host-stopped.json', 'terminals']) expect([...stopped.keys()]).toContain(name);
    expectPrivate(stopped);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });
});

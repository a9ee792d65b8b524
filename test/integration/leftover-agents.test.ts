import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../../src/main/core/logger';
import { LEFTOVER_AGENT_NOTE } from '../../src/main/core/agents/leftoverAgents';
import { isAlive, procStartTime } from '../../src/main/core/agents/processTree';
import { HostConnection, type FrontIdentity } from '../../src/main/transport/socket/hostClient';
import { stopHost } from '../../src/main/transport/socket/hostControl';
import { contractFingerprint, HOST_LOG_FILE, readHostInfo, settingsEnvDigest } from '../../src/main/transport/socket/hostFiles';
import { REAL_HOST, startRealHost } from '../support/realHost';
import { until } from '../support/until';

/*
 * No agent outlives a crashed session host: a real detached host (src/main/host.ts under tsx) runs an
 * ACP session on the project's own agent in its `stubborn` mode (like codex-acp 0.16 it outlives its
 * stdin closing and ignores SIGHUP). The host is killed with SIGKILL; the agent lives on, orphaned.
 * The next host on the folder ends its group before it serves and says so in the session.
 */
setLogSink(() => {});

const FAKE_AGENT = resolve(__dirname, '../fixtures/acp/agent.mjs');
const dirs: string[] = [];
const hosts: number[] = [];
const agents: number[] = [];

const me: FrontIdentity = { kind: 'web', version: '0.1.0', protocol: contractFingerprint(), url: null, env: settingsEnvDigest(REAL_HOST.env) };

function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), name));
  dirs.push(dir);
  return dir;
}

async function startHost(dir: string): Promise<number> {
  return startRealHost(dir, hosts);
}

async function front(dir: string): Promise<HostConnection> {
  const info = readHostInfo(dir)!;
  return HostConnection.open(info.socket, info.secret, me, null);
}

async function call<T>(conn: HostConnection, channel: string, input: unknown): Promise<T> {
  const r = await conn.handle(channel, input, { transport: 'web' });
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
  return r.value as T;
}

function recorded(dir: string): Array<{ pid: number; kind: string; sessionId: string }> {
  return (JSON.parse(readFileSync(join(dir, 'agents.json'), 'utf8')) as { agents: Array<{ pid: number; kind: string; sessionId: string }> }).agents;
}

/** What the agent logged so far ('' before its first line). */
function agentSaid(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

afterEach(async () => {
  for (const pid of agents.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // ended by the host, as it should be
    }
  }
  for (const dir of dirs.splice(0)) {
    await stopHost(dir, { ...me, kind: 'cli' }, 5_000);
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

describe('agents left running by a session host killed with SIGKILL', () => {
  it('are ended by the next host on the folder, before it serves, with a note in their session', async () => {
    const dir = tempDir('swarmdesk-leftover-');
    const state = tempDir('swarmdesk-leftover-agent-');
    const agentLog = join(state, 'agent.log');
    const firstHost = await startHost(dir);
    const first = await front(dir);
    await call(first, 'acp:setSettings', {
      geminiPath: null,
      codexAcpPath: null,
      qwenPath: null,
      custom: [{ id: 'custom-fake', name: 'Fake agent', command: FAKE_AGENT, args: [], env: { FAKE_ACP_MODE: 'stubborn', FAKE_ACP_STATE: state, FAKE_ACP_LOG: agentLog } }],
    });
    const row = await call<{ id: string }>(first, 'sessions:create', { kind: 'acp', agent: 'custom-fake' });
    await call(first, 'sessions:send', { id: row.id, text: 'say hello' });
    const [entry] = await until(() => (recorded(dir).length > 0 ? recorded(dir) : null), { timeoutMs: 15_000, message: 'the agent in the record' });
    expect(entry).toMatchObject({ kind: 'acp', sessionId: row.id });
    const agentPid = entry!.pid;
    agents.push(agentPid);
    expect(procStartTime(agentPid)?.pgid).toBe(agentPid); // a group of its own
    await until(() => agentSaid(agentLog).includes('session/prompt say hello'), { timeoutMs: 15_000, message: 'the prompt to reach the agent' });
    first.close();

    process.kill(firstHost, 'SIGKILL');
    await until(() => !isAlive(firstHost), { timeoutMs: 5_000, message: 'the host to die' });
    // Its stdin is closed now, and it is still there: orphaned, as codex-acp would be.
    await until(() => agentSaid(agentLog).includes('stdin closed'), { timeoutMs: 5_000, message: 'the agent to see its stdin close' });
    expect(isAlive(agentPid)).toBe(true);
    expect(recorded(dir).map((e) => e.pid)).toEqual([agentPid]);

    const started = performance.now();
    await startHost(dir);
    await until(() => !isAlive(agentPid), { timeoutMs: 5_000, message: 'the leftover agent to be ended' });
    const endedMs = performance.now() - started;
    // It is ended before the host reports ready, so this is the whole start-up, within SIGKILL's bound.
    expect(endedMs).toBeLessThan(5_000);
    console.info(`leftover agent ended ${Math.round(endedMs)} ms after the new host was started`);
    expect(recorded(dir)).toEqual([]);
    const logged = readFileSync(join(dir, HOST_LOG_FILE), 'utf8').split('\n').filter((l) => l.includes('ended an agent left running by a session host that stopped unexpectedly'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(`"pid":${agentPid}`);
    console.info(`host log: ${logged[0]}`);

    const second = await front(dir);
    const page = await call<{ entries: Array<{ kind: string; text: string }> }>(second, 'entries:page', { id: row.id });
    expect(page.entries.filter((e) => e.kind === 'note' && e.text === LEFTOVER_AGENT_NOTE)).toHaveLength(1);

    // The session goes on with a new agent, recorded anew; a host stopped normally ends it and leaves an empty record.
    await call(second, 'sessions:send', { id: row.id, text: 'say hello' });
    const [next] = await until(() => (recorded(dir).length > 0 ? recorded(dir) : null), { timeoutMs: 15_000, message: 'the new agent in the record' });
    agents.push(next!.pid);
    expect(next!.pid).not.toBe(agentPid);
    second.close();
    const stopped = await stopHost(dir, { ...me, kind: 'cli' }, 10_000);
    expect(stopped.exitCode).toBe(0);
    expect(isAlive(next!.pid)).toBe(false);
    expect(recorded(dir)).toEqual([]);
  });
});

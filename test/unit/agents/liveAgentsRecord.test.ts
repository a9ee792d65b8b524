import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Logger, LogFields } from '../../../src/main/core/logger';
import { endLeftoverAgents, LEFTOVER_AGENT_NOTE } from '../../../src/main/core/agents/leftoverAgents';
import { identityOf, LiveAgentsRecord, MAX_RECORDED_AGENTS } from '../../../src/main/core/agents/liveAgentsRecord';
import { isAlive } from '../../../src/main/core/agents/processTree';
import { until } from '../../support/until';

/*
 * The live agents record (agents.json) with real files and real processes: a detached `sleep`
 * stands in for an agent's group leader.
 */

const dirs: string[] = [];
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // ended by the test, as it should be
    }
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function recordFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'swarmdesk-live-agents-'));
  dirs.push(dir);
  return join(dir, 'agents.json');
}

function capturingLog(): Logger & { lines: Array<{ level: string; msg: string; fields?: LogFields }> } {
  const lines: Array<{ level: string; msg: string; fields?: LogFields }> = [];
  const at =
    (level: string) =>
    (msg: string, fields?: LogFields): void => {
      lines.push({ level, msg, ...(fields ? { fields } : {}) });
    };
  const log = { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), child: () => log };
  return log;
}

/** A detached process (its own group), as the spawners start agents. */
function agentStandIn(): number {
  const child = spawn('sleep', ['300'], { detached: true, stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

function onDisk(file: string): { version: number; agents: Array<Record<string, unknown>> } {
  return JSON.parse(readFileSync(file, 'utf8')) as { version: number; agents: Array<Record<string, unknown>> };
}

describe('the live agents record', () => {
  it('records a group with its leader start time, 0600, replaced whole on every change, empty once it is gone', () => {
    const file = recordFile();
    const record = new LiveAgentsRecord({ file, log: capturingLog() });
    const pid = agentStandIn();
    record.add(pid, 'acp', 'session-1');
    const first = statSync(file);
    expect(first.mode & 0o777).toBe(0o600);
    const entry = onDisk(file).agents[0]!;
    expect(entry).toMatchObject({ pid, pgid: pid, kind: 'acp', sessionId: 'session-1' });
    // Field 22 of /proc/<pid>/stat, as the kernel reports it now.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    expect(entry.startTime).toBe(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);

    record.remove(pid);
    // A new file renamed over the old one (never the old one rewritten in place), no temp file left.
    expect(statSync(file).ino).not.toBe(first.ino);
    expect(readdirSync(join(file, '..'))).toEqual(['agents.json']);
    expect(onDisk(file)).toEqual({ version: 1, agents: [] });
  });

  it('a record opened later holds what the earlier one left as leftovers; new agents are not leftovers', () => {
    const file = recordFile();
    const pid = agentStandIn();
    new LiveAgentsRecord({ file, log: capturingLog() }).add(pid, 'claude-code', 'session-2');
    const next = new LiveAgentsRecord({ file, log: capturingLog() });
    expect(next.leftovers().map((e) => e.pid)).toEqual([pid]);
    expect(next.stillOurs(next.leftovers()[0]!)).toBe(true);
    next.add(process.pid, 'acp', 'session-3');
    expect(next.leftovers().map((e) => e.pid)).toEqual([pid]);
    expect(onDisk(file).agents.map((e) => e.pid).sort()).toEqual([pid, process.pid].sort());
  });

  it('ends a leftover group that is still ours, with a note for its session, and clears the record', async () => {
    const file = recordFile();
    const pid = agentStandIn();
    new LiveAgentsRecord({ file, log: capturingLog() }).add(pid, 'acp', 'session-4');
    const log = capturingLog();
    const notes: Array<[string, string]> = [];
    const ended = await endLeftoverAgents({ record: new LiveAgentsRecord({ file, log }), log, note: (id, text) => notes.push([id, text]) });
    expect(ended).toBe(1);
    await until(() => !isAlive(pid), { timeoutMs: 3_000, message: 'the leftover agent to be gone' });
    expect(notes).toEqual([['session-4', LEFTOVER_AGENT_NOTE]]);
    expect(log.lines.some((l) => l.level === 'warn' && l.fields?.pid === pid)).toBe(true);
    expect(onDisk(file).agents).toEqual([]);
  });

  it('never ends a recycled pid: the same pid with another start time is someone else', async () => {
    const file = recordFile();
    const pid = agentStandIn();
    new LiveAgentsRecord({ file, log: capturingLog() }).add(pid, 'acp', 'session-5');
    // The pid now names another process: same pid, another start time.
    const stored = onDisk(file);
    stored.agents[0]!.startTime = String(Number(stored.agents[0]!.startTime) - 1);
    writeFileSync(file, JSON.stringify(stored));
    const killed: number[] = [];
    const notes: string[] = [];
    const log = capturingLog();
    const ended = await endLeftoverAgents({
      record: new LiveAgentsRecord({ file, log }),
      log,
      note: (id) => notes.push(id),
      kill: async (p) => {
        killed.push(p);
        return { killedHard: [], elapsedMs: 0 };
      },
    });
    expect({ ended, killed, notes }).toEqual({ ended: 0, killed: [], notes: [] });
    expect(isAlive(pid)).toBe(true);
    expect(onDisk(file).agents).toEqual([]);
  });

  it('a garbage or oversized file is logged and taken as empty; the next change writes a good one', () => {
    for (const junk of ['this is not json', JSON.stringify({ version: 1, agents: [{ pid: 'x' }] }), ' '.repeat(1024 * 1024 + 1)]) {
      const file = recordFile();
      writeFileSync(file, junk);
      const log = capturingLog();
      const record = new LiveAgentsRecord({ file, log });
      expect(record.leftovers()).toEqual([]);
      expect(log.lines.filter((l) => l.level === 'warn').map((l) => l.msg)).toEqual(['the live agents record could not be read; starting from an empty one']);
      record.add(process.pid, 'acp', 'session-6');
      expect(onDisk(file).agents.map((e) => e.pid)).toEqual([process.pid]);
    }
  });

  it('stays bounded: past the cap an agent is logged, not recorded', () => {
    const file = recordFile();
    const log = capturingLog();
    const record = new LiveAgentsRecord({ file, log, identity: () => ({ startTime: '1' }) });
    for (let pid = 1; pid <= MAX_RECORDED_AGENTS + 1; pid++) record.add(pid + 100_000, 'acp', 's');
    expect(onDisk(file).agents).toHaveLength(MAX_RECORDED_AGENTS);
    expect(log.lines.filter((l) => l.level === 'warn')).toHaveLength(1);
  });

  it('without /proc, a process is known by its ps start time and command line', () => {
    const pid = agentStandIn();
    const id = identityOf(pid, 'darwin');
    expect(id?.command).toBe('sleep 300');
    expect(id?.startTime).toMatch(/\d\d:\d\d:\d\d \d{4}$/);
    expect(identityOf(pid, 'darwin')).toEqual(id);
    expect(identityOf(2 ** 22 + 1, 'darwin')).toBeNull();
  });
});

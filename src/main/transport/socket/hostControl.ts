import { isProcessAlive } from '../../core';
import { connectToRunningHost } from './attach';
import type { FrontIdentity } from './hostClient';
import { readHostInfo } from './hostFiles';
import type { HostStatus } from './frames';

/** `--stop` waits this long for the host to end on its own before killing it. */
export const STOP_GRACE_MS = 15_000;

export interface ControlOutcome {
  /** The one line printed on stdout. */
  readonly line: string;
  readonly exitCode: 0 | 1;
}

const until = async (test: () => boolean, ms: number): Promise<boolean> => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (test()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return test();
};

function plural(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}

/**
 * `npm run serve -- --stop`: asks the folder's host to end its agents (their
 * process groups, as Stop does), its web fronts and itself, saving everything;
 * after 15 s it is killed (its process group) and the outcome is exit 1.
 */
export async function stopHost(dataDir: string, me: FrontIdentity, graceMs = STOP_GRACE_MS): Promise<ControlOutcome> {
  const connection = await connectToRunningHost({ dataDir, me: { ...me, control: true }, abilities: null });
  if (connection === null) {
    const info = readHostInfo(dataDir);
    if (info === null || !isProcessAlive(info.pid)) return { line: `No session host runs for ${dataDir}.`, exitCode: 0 };
    // Alive but not answering (wedged): it gets the grace period like any other, then the kill.
    return killAfterGrace(dataDir, info.pid, 0, graceMs, true);
  }
  const status = await connection.status();
  const pid = connection.welcome.pid;
  connection.stop('npm run serve -- --stop');
  return killAfterGrace(dataDir, pid, status?.liveAgents ?? 0, graceMs, false, () => connection.close());
}

async function killAfterGrace(dataDir: string, pid: number, agents: number, graceMs: number, signal: boolean, done?: () => void): Promise<ControlOutcome> {
  if (pid === process.pid) throw new Error('refusing to stop this process');
  if (signal) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // gone already
    }
  }
  const ended = await until(() => !isProcessAlive(pid), graceMs);
  done?.();
  if (ended) return { line: `Stopped the session host of ${dataDir} (pid ${pid}) and ${plural(agents, 'agent')}.`, exitCode: 0 };
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // not a group leader, or gone
    }
  }
  return { line: `The session host of ${dataDir} (pid ${pid}) did not stop within ${Math.round(graceMs / 1000)} s and was killed.`, exitCode: 1 };
}

/** `npm run serve -- --status`: the host's pid, version, fronts and live agents, on one line. */
export async function describeHost(dataDir: string, me: FrontIdentity): Promise<{ line: string; status: HostStatus | null }> {
  const connection = await connectToRunningHost({ dataDir, me: { ...me, control: true }, abilities: null });
  if (connection === null) return { line: `No session host runs for ${dataDir}.`, status: null };
  const status = await connection.status();
  connection.close();
  if (status === null) return { line: `The session host of ${dataDir} did not answer.`, status: null };
  const fronts = status.clients.map((c) => `${c.kind} ${c.pid}${c.url ? ` (${c.url})` : ''}`).join(', ') || 'none';
  return {
    line: `Session host of ${dataDir}: pid ${status.pid}, Swarmdesk ${status.version} (contract ${status.protocol}), since ${status.startedAt}; fronts: ${fronts}; live agents: ${status.liveAgents}.`,
    status,
  };
}

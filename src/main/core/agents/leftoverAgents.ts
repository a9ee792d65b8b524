import type { Logger } from '../logger';
import type { LiveAgentEntry, LiveAgentsRecord } from './liveAgentsRecord';
import { killProcessTree, type KillOutcome } from './processTree';

export const LEFTOVER_AGENT_NOTE = 'The agent was still running from a session host that stopped unexpectedly; Swarmdesk ended it.';

export interface LeftoverAgentsDeps {
  readonly record: LiveAgentsRecord;
  readonly log: Logger;
  /** Adds the note to the session, if it still exists. */
  readonly note: (sessionId: string, text: string) => void;
  /** Ends a process group and its descendants; default processTree's stop (SIGTERM, SIGKILL within 2 s). */
  readonly kill?: (pid: number) => Promise<KillOutcome>;
}

/**
 * Ends the agents a host that stopped unexpectedly left running: every entry the record held
 * when it was opened whose leader is still the process recorded (same start time) has its
 * group ended, all at once, and its session gets a note. Entries that are gone, or whose pid
 * now names another process, are only dropped. Run before any agent can start. Resolves with
 * how many were ended.
 */
export async function endLeftoverAgents(deps: LeftoverAgentsDeps): Promise<number> {
  const kill = deps.kill ?? ((pid: number) => killProcessTree(pid));
  const ended = await Promise.all(deps.record.leftovers().map((entry) => endOne(deps, kill, entry)));
  return ended.filter(Boolean).length;
}

async function endOne(deps: LeftoverAgentsDeps, kill: (pid: number) => Promise<KillOutcome>, entry: LiveAgentEntry): Promise<boolean> {
  const fields = { pid: entry.pid, kind: entry.kind, session: entry.sessionId };
  if (!deps.record.stillOurs(entry)) {
    deps.record.remove(entry.pid);
    deps.log.info('a recorded agent is no longer running', fields);
    return false;
  }
  const outcome = await kill(entry.pid);
  deps.log.warn('ended an agent left running by a session host that stopped unexpectedly', { ...fields, killedHard: outcome.killedHard.length, ms: Math.round(outcome.elapsedMs) });
  try {
    deps.note(entry.sessionId, LEFTOVER_AGENT_NOTE);
  } catch (err) {
    deps.log.warn('could not add the note about a leftover agent', { ...fields, err });
  }
  deps.record.remove(entry.pid);
  return true;
}

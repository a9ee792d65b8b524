import type { SessionKind } from '../../../shared/domain/session';
import type { AcpAgentInfo } from '../../../shared/ipc/acp';
import type { ContinueKind } from '../features/sessions/actions';

export interface ContinueTarget {
  kind: ContinueKind | 'acp';
  /** The ACP agent, for `acp`. */
  agent?: string;
  label: string;
}

const TARGETS: ReadonlyArray<ContinueTarget> = [
  { kind: 'claude-code', label: 'Continue in Claude Code' },
  { kind: 'chat', label: 'Continue in Chat' },
  { kind: 'terminal', label: 'Continue in Terminal' },
];

/**
 * The "Continue in…" menu items for a session: every other kind it can move to, then each ACP agent that
 * was found, by its name (an ACP session may go on in another agent, or a fresh one of its own).
 */
export function continueInItems(kind: SessionKind, acpAgents: readonly AcpAgentInfo[] = []): ReadonlyArray<ContinueTarget> {
  const acp = acpAgents.filter((a) => a.available).map((a): ContinueTarget => ({ kind: 'acp', agent: a.id, label: `Continue in ${a.name}` }));
  return [...TARGETS.filter((t) => t.kind !== kind), ...acp];
}

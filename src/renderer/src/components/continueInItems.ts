import type { SessionKind } from '../../../shared/domain/session';
import type { ContinueKind } from '../features/sessions/actions';

const TARGETS: ReadonlyArray<{ kind: ContinueKind; label: string }> = [
  { kind: 'claude-code', label: 'Continue in Claude Code' },
  { kind: 'chat', label: 'Continue in Chat' },
  { kind: 'terminal', label: 'Continue in Terminal' },
];

/** The "Continue in…" menu items for a session: every other kind it can move to. */
export function continueInItems(kind: SessionKind): ReadonlyArray<{ kind: ContinueKind; label: string }> {
  return TARGETS.filter((t) => t.kind !== kind);
}

import type { SessionStatus } from '../../../shared/domain/session';

/**
 * The small coloured status dot: working pulses, waiting stands out, error is red, idle is hollow, done is
 * filled in the accent (quieter than waiting: no halo);
 * 'none' (a session no agent runs, such as an imported history) is a faint ring.
 */
export function StatusDot({ status }: { status: SessionStatus | 'done' | 'none' }) {
  return <span className={`status-dot status-${status}`} aria-hidden="true" />;
}

import type { SessionStatus } from '../../../shared/domain/session';

/** The small coloured status dot: working pulses, waiting stands out, error is red, idle is hollow. */
export function StatusDot({ status }: { status: SessionStatus }) {
  return <span className={`status-dot status-${status}`} aria-hidden="true" />;
}

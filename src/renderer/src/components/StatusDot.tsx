import type { StatusTone } from '../label/rowParts';

/**
 * The small coloured status dot: working pulses, waiting stands out, error is red, idle is hollow, done is
 * filled in the accent (quieter than waiting: no halo);
 * exited is a muted square (its process ended), red when it failed (exited-failed);
 * 'none' (a session no agent runs, such as an imported history) is a faint ring.
 */
export function StatusDot({ status }: { status: StatusTone }) {
  return <span className={`status-dot status-${status}`} aria-hidden="true" />;
}

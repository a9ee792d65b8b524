import type { SessionId } from '../../../shared/domain/session';
import { dismissPickupNote } from '../features/ambient/actions';
import { useSessions } from '../stores/sessions';

/** The pick-up note (`note` "Pick-up note"): display-only, never sent to the agent. Renders only when there is one. */
export function PickupNote({ sessionId }: { sessionId: SessionId }) {
  const note = useSessions((s) => s.ambient[sessionId]?.pickupNote ?? null);
  if (!note) return null;
  return (
    <aside role="note" aria-label="Pick-up note" className="pickup-note">
      <p>{note}</p>
      <button type="button" className="icon-button pickup-dismiss" aria-label="Dismiss pick-up note" onClick={() => dismissPickupNote(sessionId)}>
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
}

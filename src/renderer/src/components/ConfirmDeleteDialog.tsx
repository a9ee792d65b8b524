import { deleteSession } from '../features/sessions/actions';
import { useNow } from '../label/now';
import { sessionLabel } from '../label/sessionLabel';
import { useSessions } from '../stores/sessions';
import { askToDelete, useUi } from '../stores/ui';
import { Modal } from './Modal';

/** Delete asks first; the toast that follows still offers Undo for a while. */
export function ConfirmDeleteDialog() {
  const now = useNow();
  const id = useUi((s) => s.confirmDelete);
  const row = useSessions((s) => (id ? s.byId[id] : undefined));
  if (!id || !row) return null;
  const label = sessionLabel(row, now).text;
  return (
    <Modal title={`Delete “${label}”?`} role="alertdialog" onClose={() => askToDelete(null)} initialFocus="[data-cancel]">
      <p className="modal-text">It leaves the swarm. You can undo this for a short while.</p>
      <div className="form-actions">
        <button type="button" className="button" data-cancel onClick={() => askToDelete(null)}>
          Cancel
        </button>
        <button type="button" className="button danger" onClick={() => void deleteSession(id)}>
          Delete
        </button>
      </div>
    </Modal>
  );
}

import { useId, useState } from 'react';
import type { SessionId } from '../../../../shared/domain/session';
import { Modal } from '../../components/Modal';
import { removeWorktree } from './actions';

/**
 * After a merge: "Remove worktree" removes the session's worktree folder, keeping its branch or
 * deleting it (the user's choice). Main keeps the folder's uncommitted files as a checkpoint first
 * ("Recently removed" in Settings → General) and refuses to delete a branch the base lacks commits of;
 * a refusal is shown here and nothing changes.
 */
export function RemoveWorktreeDialog({ sessionId, branch, baseBranch, onClose }: { sessionId: SessionId; branch: string; baseBranch: string; onClose: () => void }) {
  const [deleteBranch, setDeleteBranch] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const groupId = useId();
  return (
    <Modal title="Remove worktree" onClose={onClose} initialFocus='input[type="radio"]:checked'>
      <form
        className="form merge-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (busy) return;
          setBusy(true);
          setError(null);
          void removeWorktree(sessionId, deleteBranch).then((outcome) => {
            setBusy(false);
            if (outcome.ok) onClose();
            else setError(outcome.message);
          });
        }}
      >
        <p className="modal-text">
          {branch} is merged into {baseBranch}. Removing the worktree deletes its folder; the session and its transcript stay.
        </p>
        <div role="radiogroup" aria-labelledby={groupId} className="merge-strategies">
          <span id={groupId} className="merge-legend">
            The branch {branch}
          </span>
          <div className="merge-strategy">
            <label>
              <input type="radio" name={`${groupId}-branch`} checked={!deleteBranch} onChange={() => setDeleteBranch(false)} />
              <span>Keep the branch</span>
            </label>
          </div>
          <div className="merge-strategy">
            <label>
              <input type="radio" name={`${groupId}-branch`} checked={deleteBranch} aria-describedby={`${groupId}-delete`} onChange={() => setDeleteBranch(true)} />
              <span>Delete the branch</span>
            </label>
            <p id={`${groupId}-delete`} className="merge-hint">
              Only if {baseBranch} has every commit of it; otherwise nothing is removed.
            </p>
          </div>
        </div>
        {error ? (
          <p role="alert" className="form-error">
            {error}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            Remove
          </button>
        </div>
      </form>
    </Modal>
  );
}

import { useEffect, useState } from 'react';
import { deleteSession, loadWorktreeState, type WorktreeState } from '../features/sessions/actions';
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
  const worktree = useWorktreeState(id);
  if (!id || !row) return null;
  const label = sessionLabel(row, now).text;
  return (
    <Modal title={`Delete “${label}”?`} role="alertdialog" onClose={() => askToDelete(null)} initialFocus="[data-cancel]">
      <p className="modal-text">It leaves the swarm. You can undo this for a short while.</p>
      {worktree && unmergedSentence(worktree) ? <p className="modal-text">{unmergedSentence(worktree)}</p> : null}
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

/** The session's worktree, asked when the dialog opens for it; null when none (or not known yet). */
function useWorktreeState(id: string | null): WorktreeState {
  const [state, setState] = useState<{ id: string; worktree: WorktreeState } | null>(null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    void loadWorktreeState(id).then((worktree) => {
      if (live) setState({ id, worktree });
    });
    return () => {
      live = false;
    };
  }, [id]);
  return state && state.id === id ? state.worktree : null;
}

/** What deleting does to the session's worktree (an adopted one is left alone); nothing is lost either way. */
function unmergedSentence(w: NonNullable<WorktreeState>): string | null {
  if (w.missing) return null;
  // Made by the user outside Swarmdesk: deleting the session takes nothing of it.
  if (w.adopted) return `Its worktree ${w.path} was made outside Swarmdesk: deleting leaves the folder, its files and the branch ${w.branch} exactly as they are.`;
  const parts: string[] = [];
  if (w.uncommitted > 0) parts.push(`${w.uncommitted} uncommitted ${w.uncommitted === 1 ? 'file' : 'files'}`);
  if (w.unmerged > 0) parts.push(`${w.unmerged} ${w.unmerged === 1 ? 'commit' : 'commits'} not in ${w.baseBranch ?? 'the base'}`);
  if (parts.length === 0) return `Its worktree folder is removed; the branch ${w.branch} is kept.`;
  return `Its worktree has ${parts.join(' and ')}. Deleting keeps that work as a checkpoint (restore it from Settings → General → Recently removed for 14 days), leaves the branch ${w.branch} as it is, and removes the worktree folder.`;
}

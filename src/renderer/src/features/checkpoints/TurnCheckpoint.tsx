import { lazy, Suspense, useState } from 'react';
import type { SessionId } from '../../../../shared/domain/session';
import type { CheckpointInfo } from '../../../../shared/ipc/checkpoints';
import type { FileDiff } from '../../../../shared/ipc/git';
import { Modal } from '../../components/Modal';
import { loadTurnDiff, restoreTurn } from './actions';
import { patchFiles } from './patchFiles';
import './checkpoints.css';

const DiffViewer = lazy(() => import('../changes/DiffViewer'));

type Shown = { state: 'loading' } | { state: 'error'; message: string } | { state: 'shown'; files: FileDiff[] };

/**
 * Under a checkpointed turn in the transcript (issue 36, SPEC §7.1 "checkpoints"): "What this turn changed"
 * shows the turn's diff in the Changes diff view, one file after another; "Restore to here" asks in the dialog
 * "Restore to here", then puts the files back (focus comes back to the button either way).
 * `opening`: the checkpoint taken as the session's first turn began (under its message): no turn has changed
 * anything yet (its diff would be what was uncommitted before the session), so it offers the restore only.
 */
export function TurnCheckpoint({ sessionId, checkpoint, working, opening = false }: { sessionId: SessionId; checkpoint: CheckpointInfo; working: boolean; opening?: boolean }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [asking, setAsking] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const when = new Date(checkpoint.at);
  const time = Number.isNaN(when.getTime()) ? '' : when.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

  const toggleDiff = async (): Promise<void> => {
    if (shown) {
      setShown(null);
      return;
    }
    setShown({ state: 'loading' });
    const result = await loadTurnDiff(sessionId, checkpoint.commit);
    setShown(result.ok ? { state: 'shown', files: patchFiles(result.value.patch, result.value.truncated) } : { state: 'error', message: result.message });
  };

  return (
    <div className="turn-checkpoint" role="group" aria-label={`Checkpoint${opening ? ' before this turn' : ''}${time ? ` at ${time}` : ''}`}>
      <div className="turn-checkpoint-bar">
        <span className="turn-checkpoint-mark">
          Checkpoint{opening ? ' before this turn' : ''}
          {time ? ` · ${time}` : ''}
        </span>
        {opening ? null : (
          <button type="button" className="button subtle" aria-expanded={shown !== null} onClick={() => void toggleDiff()}>
            What this turn changed
          </button>
        )}
        <button
          type="button"
          className="button subtle"
          aria-disabled={working}
          aria-description={working ? 'The agent is working; restore once its turn ends.' : undefined}
          onClick={() => {
            if (!working) setAsking(true);
          }}
        >
          Restore to here
        </button>
      </div>
      {shown?.state === 'loading' ? <p className="changes-empty">Loading the turn’s changes…</p> : null}
      {shown?.state === 'error' ? <p className="changes-empty" role="alert">{shown.message}</p> : null}
      {shown?.state === 'shown' ? (
        <div className="turn-checkpoint-diff">
          {shown.files.length === 0 ? <p className="changes-empty">This turn changed no files.</p> : null}
          <Suspense fallback={<p className="changes-empty">Loading the diff view…</p>}>
            {shown.files.map((diff) => (
              <DiffViewer key={diff.file.path} diff={diff} mode="unified" wrap />
            ))}
          </Suspense>
        </div>
      ) : null}
      {asking ? (
        <Modal title="Restore to here" onClose={() => setAsking(false)} initialFocus="[data-cancel]">
          <p className="modal-text">
            The session’s files go back to how they were at this turn. Your index, branch and ignored files stay as they are, and the
            files as they are now are kept as a checkpoint first, so you can restore them again.
          </p>
          <div className="form-actions">
            <button type="button" className="button" data-cancel onClick={() => setAsking(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="button primary"
              disabled={restoring}
              onClick={() => {
                setRestoring(true);
                void restoreTurn(sessionId, checkpoint.commit).finally(() => {
                  setRestoring(false);
                  setAsking(false);
                });
              }}
            >
              Restore
            </button>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}

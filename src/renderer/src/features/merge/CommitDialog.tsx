import { useEffect, useId, useState } from 'react';
import type { SessionId } from '../../../../shared/domain/session';
import { Modal } from '../../components/Modal';
import { commitWork, suggestCommitMessage } from './actions';

/**
 * "Commit": every change in the session's worktree, with a message the ambient engine
 * suggests from the transcript (judged in main; editable). Without a suggestion the
 * field starts empty and the dialog says why.
 */
export function CommitDialog({ sessionId, branch, files, onClose }: { sessionId: SessionId; branch: string; files: number; onClose: (committed: boolean) => void }) {
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  const [message, setMessage] = useState('');
  const [hint, setHint] = useState<string | null>('Suggesting a message from the session…');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void suggestCommitMessage(sessionId).then((s) => {
      if (!live) return;
      setHint(s.message ? 'Suggested from the session; edit it as you like.' : s.reason);
      if (s.message) setMessage((current) => (current === '' ? (s.message ?? '') : current));
    });
    return () => {
      live = false;
    };
  }, [sessionId]);

  return (
    <Modal title="Commit" onClose={() => onClose(false)} initialFocus="textarea">
      <form
        className="form merge-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (busy || !message.trim()) return;
          setBusy(true);
          setError(null);
          void commitWork(sessionId, message).then((outcome) => {
            setBusy(false);
            if (outcome.ok) onClose(true);
            else setError(outcome.message);
          });
        }}
      >
        <p className="modal-text">
          {files} changed file{files === 1 ? '' : 's'} in the worktree {files === 1 ? 'goes' : 'go'} into a commit on {branch}.
        </p>
        <div className="field">
          <label htmlFor={fieldId}>Commit message</label>
          <textarea
            id={fieldId}
            rows={4}
            spellCheck
            value={message}
            aria-describedby={[hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
            onChange={(e) => setMessage(e.target.value)}
          />
        </div>
        {hint ? (
          <p id={hintId} className="merge-hint" aria-live="polite">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={errorId} role="alert" className="form-error">
            {error}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="button" className="button" onClick={() => onClose(false)}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={busy || !message.trim()}>
            Commit
          </button>
        </div>
      </form>
    </Modal>
  );
}

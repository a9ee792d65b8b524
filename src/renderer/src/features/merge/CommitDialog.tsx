import { useEffect, useId, useState } from 'react';
import type { SessionId } from '../../../../shared/domain/session';
import { Modal } from '../../components/Modal';
import { commitWork, loadUncommittedFiles, suggestCommitMessage, type UncommittedFiles } from './actions';

/**
 * "Commit": every change in the session's worktree, with a message the ambient engine
 * suggests from the transcript (judged in main; editable). Without a suggestion the
 * field starts empty and the dialog says why. The files that go into the commit are listed.
 */
export function CommitDialog({ sessionId, branch, onClose }: { sessionId: SessionId; branch: string; onClose: (committed: boolean) => void }) {
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  const [message, setMessage] = useState('');
  const [hint, setHint] = useState<string | null>('Suggesting a message from the session…');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const files = useUncommittedFiles(sessionId);

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
        <FilesToCommit files={files} branch={branch} />
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

type Listed = { ok: true; value: UncommittedFiles } | { ok: false; message: string } | null;

function useUncommittedFiles(sessionId: SessionId): Listed {
  const [files, setFiles] = useState<Listed>(null);
  useEffect(() => {
    let live = true;
    void loadUncommittedFiles(sessionId).then((r) => {
      if (live) setFiles(r);
    });
    return () => {
      live = false;
    };
  }, [sessionId]);
  return files;
}

const HOW: Record<UncommittedFiles['files'][number]['how'], string> = { modified: 'modified', new: 'new', deleted: 'deleted', renamed: 'renamed', conflicted: 'conflicted' };

/** "These N files go into a commit on <branch>:" and the list, each item named by its path. */
function FilesToCommit({ files, branch }: { files: Listed; branch: string }) {
  const listId = useId();
  if (files === null) return <p className="modal-text">Listing the changed files…</p>;
  if (!files.ok) return <p className="modal-text">{`Every change in the worktree goes into a commit on ${branch}. (The files could not be listed: ${files.message})`}</p>;
  const { files: list, truncated } = files.value;
  const n = list.length;
  return (
    <>
      <p id={listId} className="modal-text">
        {n === 0 ? 'Nothing is changed in the worktree now.' : `${truncated ? 'These files and more go' : n === 1 ? 'This file goes' : `These ${n} files go`} into a commit on ${branch}:`}
      </p>
      {n > 0 ? (
        <ul className="commit-files" aria-labelledby={listId}>
          {list.map((f) => (
            <li key={f.path} aria-label={`${f.path}, ${HOW[f.how]}`}>
              <span className="commit-file-path">{f.path}</span> <span className={`commit-file-how how-${f.how}`}>{HOW[f.how]}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

import { useRef, useState } from 'react';
import type { SessionId } from '../../../../shared/domain/session';
import type { ChangedFile } from '../../../../shared/ipc/git';
import { useReview } from '../review/actions';
import { CommentField } from './ReviewRegion';

/**
 * A diff's title: the file's path and what happened to it, and (in Changes, where `sessionId` is given)
 * "Comment on file", a comment on the whole file: the one way to comment on a binary file, which has no lines.
 * The field opens under the title; closed, focus goes back to the button. Drawn again while its field is
 * kept open (the review store), it opens with it.
 */
export function DiffTitle({ sessionId, file }: { sessionId?: SessionId; file: ChangedFile }) {
  const [open, setOpen] = useState(() => {
    const kept = sessionId === undefined ? undefined : useReview.getState().fields[sessionId];
    return kept?.path === file.path && kept.side === 'file';
  });
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div className="changes-diff-title">
      <div className="changes-diff-title-line">
        <span className="changes-diff-path">
          {file.path}
          {file.oldPath ? <span className="changes-diff-how"> renamed from {file.oldPath}</span> : null}
          {file.untracked ? <span className="changes-diff-how"> new, not yet added to git</span> : null}
          {file.status === 'deleted' ? <span className="changes-diff-how"> deleted</span> : null}
        </span>
        {sessionId === undefined ? null : (
          <button ref={button} type="button" className="review-button changes-file-comment" aria-expanded={open} onClick={() => setOpen(true)}>
            Comment on file
          </button>
        )}
      </div>
      {open && sessionId !== undefined ? (
        <CommentField
          sessionId={sessionId}
          path={file.path}
          side="file"
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import type { ReviewComment, ReviewSide } from '../../../../shared/domain/review';
import type { SessionId } from '../../../../shared/domain/session';
import { addComment, copyReview, deleteComment, loadReview, resolveComment, sendReview, useReview } from '../review/actions';
import './review.css';

const NO_COMMENTS: readonly ReviewComment[] = [];

/** Where a comment is, as the list says it: "src/a.ts, lines 2-3", "README.md, removed line 1", "logo.bin". */
export function whereText(c: Pick<ReviewComment, 'path' | 'side' | 'startLine' | 'endLine'>): string {
  if (c.side === 'file' || c.startLine === null) return c.path;
  const lines = c.startLine === c.endLine ? `line ${String(c.startLine)}` : `lines ${String(c.startLine)}-${String(c.endLine)}`;
  return `${c.path}, ${c.side === 'old' ? `removed ${lines}` : lines}`;
}

/** The session's review draft (SPEC §7.1 "review"): each comment, its state, and "Send review to agent". */
export function ReviewRegion({ sessionId }: { sessionId: SessionId }) {
  const comments = useReview((s) => s.comments[sessionId] ?? NO_COMMENTS);
  const refusal = useReview((s) => s.refusals[sessionId] ?? null);
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    void loadReview(sessionId);
  }, [sessionId]);
  const shown = comments.filter((c) => c.state !== 'resolved');
  const drafts = shown.filter((c) => c.state === 'draft').length;
  if (shown.length === 0 && !refusal) return null;
  return (
    <section role="region" aria-label="Review" className="review-region">
      <ul className="review-list">
        {shown.map((c) => (
          <li key={c.id} aria-label={`${whereText(c)}: ${c.body}`} className={`review-comment is-${c.state}`}>
            <span className="review-where">{whereText(c)}</span> <span className="review-state">{c.state}</span>
            {c.quote !== '' && c.state === 'outdated' ? <pre className="review-quote">{c.quote}</pre> : null}
            <p className="review-body">{c.body}</p>
            {c.state === 'draft' ? (
              <button type="button" aria-label={`Delete comment on ${whereText(c)}`} onClick={() => void deleteComment(sessionId, c.id)}>
                Delete
              </button>
            ) : (
              <button type="button" aria-label={`Resolve comment on ${whereText(c)}`} onClick={() => void resolveComment(sessionId, c.id)}>
                Resolve
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className="review-actions">
        <button type="button" disabled={drafts === 0} onClick={() => void sendReview(sessionId)}>
          Send review to agent
        </button>
        {refusal ? (
          <p role="alert" className="review-refusal">
            {refusal.message}{' '}
            {refusal.offerCopy ? (
              <button type="button" onClick={() => void copyReview(sessionId).then((r) => setCopied(r.ok ? 'Review copied.' : r.message))}>
                Copy review
              </button>
            ) : null}
          </p>
        ) : null}
        {copied ? <span role="status">{copied}</span> : null}
      </div>
    </section>
  );
}

/**
 * The comment field opened under a diff line by "Comment on line N" (or under a file's title by "Comment on
 * file": side 'file', no lines): a textbox "Comment" described by what it is on, and "Add comment".
 * Focus goes to the field; after adding or Escape it goes back where the user was (`onClose`).
 */
export function CommentField({ sessionId, path, side, startLine, endLine, onClose }: {
  sessionId: SessionId;
  path: string;
  side: ReviewSide;
  startLine?: number;
  endLine?: number;
  onClose: () => void;
}) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();
  const whereId = useId();
  const lines = side === 'file' || startLine === undefined ? {} : { startLine, endLine: endLine ?? startLine };
  useEffect(() => field.current?.focus(), []);
  const add = async (): Promise<void> => {
    const r = await addComment(sessionId, { path, side, ...lines }, body);
    if (r.ok) onClose();
    else setError(r.message);
  };
  return (
    <div className="review-field">
      <span id={whereId} className="review-field-where">
        On {whereText({ path, side, startLine: lines.startLine ?? null, endLine: lines.endLine ?? null })}
      </span>
      <textarea
        ref={field}
        aria-label="Comment"
        aria-describedby={error ? `${whereId} ${errorId}` : whereId}
        value={body}
        rows={3}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) void add();
        }}
      />
      <button type="button" onClick={() => void add()}>
        Add comment
      </button>
      <button type="button" onClick={onClose}>
        Cancel
      </button>
      {error ? (
        <p id={errorId} role="alert" className="review-refusal">
          {error}
        </p>
      ) : null}
    </div>
  );
}

import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ReviewComment, ReviewSide } from '../../../../shared/domain/review';
import type { SessionId } from '../../../../shared/domain/session';
import { addComment, closeOpenField, copyReview, deleteComment, loadReview, resolveComment, samePlace, sendReview, setOpenField, useReview, type FieldPlace, type OpenField } from '../review/actions';
import './review.css';

const NO_COMMENTS: readonly ReviewComment[] = [];

/** Where a comment is, as the list says it: "src/a.ts, lines 2-3", "README.md, removed line 1", "logo.bin". */
export function whereText(c: Pick<ReviewComment, 'path' | 'side' | 'startLine' | 'endLine'>): string {
  if (c.side === 'file' || c.startLine === null) return c.path;
  const lines = c.startLine === c.endLine ? `line ${String(c.startLine)}` : `lines ${String(c.startLine)}-${String(c.endLine)}`;
  return `${c.path}, ${c.side === 'old' ? `removed ${lines}` : lines}`;
}

/**
 * The session's review draft (SPEC §7.1 "review"): each comment, its state, and "Send review to agent".
 * Focus stays in the region: a comment resolved or deleted hands it to the next one's button (else the one
 * before, else Send); Send with no drafts is aria-disabled (it keeps focus) and says why.
 */
export function ReviewRegion({ sessionId }: { sessionId: SessionId }) {
  const comments = useReview((s) => s.comments[sessionId] ?? NO_COMMENTS);
  const refusal = useReview((s) => s.refusals[sessionId] ?? null);
  const [said, setSaid] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const send = useRef<HTMLButtonElement>(null);
  const whyId = useId();
  useEffect(() => {
    void loadReview(sessionId);
  }, [sessionId]);
  const shown = comments.filter((c) => c.state !== 'resolved');
  const drafts = shown.filter((c) => c.state === 'draft').length;
  if (shown.length === 0 && !refusal && !said) return null;
  // A resolved or deleted comment leaves the list with the focused button: once drawn without it, the
  // button now at its place takes focus (else the last one, else Send), unless focus went somewhere itself.
  const leave = (index: number, done: Promise<unknown>): void => {
    void done.then(() =>
      requestAnimationFrame(() => {
        const now = document.activeElement;
        if (now && now !== document.body && now.isConnected) return;
        const buttons = list.current?.querySelectorAll<HTMLButtonElement>(':scope > li button') ?? [];
        (buttons[Math.min(index, buttons.length - 1)] ?? send.current)?.focus();
      }),
    );
  };
  return (
    <section role="region" aria-label="Review" className="review-region">
      <ul ref={list} className="review-list">
        {shown.map((c, i) => (
          <li key={c.id} aria-label={`${whereText(c)}: ${c.body}`} className={`review-comment is-${c.state}`}>
            <span className="review-head">
              <span className="review-where">{whereText(c)}</span> <span className="review-state">{c.state}</span>
            </span>
            {c.quote !== '' && c.state === 'outdated' ? <pre className="review-quote">{c.quote}</pre> : null}
            <p className="review-body">{c.body}</p>
            {c.state === 'draft' ? (
              <button type="button" className="review-button" aria-label={`Delete comment on ${whereText(c)}`} onClick={() => leave(i, deleteComment(sessionId, c.id))}>
                Delete
              </button>
            ) : (
              <button type="button" className="review-button" aria-label={`Resolve comment on ${whereText(c)}`} onClick={() => leave(i, resolveComment(sessionId, c.id))}>
                Resolve
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className="review-actions">
        <button
          ref={send}
          type="button"
          className="review-button is-primary"
          aria-disabled={drafts === 0}
          aria-describedby={drafts === 0 ? whyId : undefined}
          onClick={() => {
            if (drafts === 0) return;
            setSaid(null);
            void sendReview(sessionId).then((n) => {
              if (n !== null) setSaid(`Sent ${String(n)} ${n === 1 ? 'comment' : 'comments'} to the agent.`);
            });
          }}
        >
          Send review to agent
        </button>
        {drafts === 0 ? (
          <span id={whyId} className="review-why">
            No draft comments to send.
          </span>
        ) : null}
        {refusal ? (
          <p role="alert" className="review-refusal">
            {refusal.message}{' '}
            {refusal.offerCopy ? (
              <button type="button" className="review-button" onClick={() => void copyReview(sessionId).then((r) => setSaid(r.ok ? 'Review copied.' : r.message))}>
                Copy review
              </button>
            ) : null}
          </p>
        ) : null}
        <span role="status" className="review-said">
          {said}
        </span>
      </div>
    </section>
  );
}

/**
 * The comment field opened under a diff line by "Comment on line N" (or under a file's title by "Comment on
 * file": side 'file', no lines): a textbox "Comment" described by what it is on, and "Add comment".
 * Focus goes to the field; after adding or Escape it goes back where the user was (`onClose`).
 * The field and its text are kept in the review store while open: drawn again (a redraw of the diff), it
 * comes back with its text, and with the caret where it was if it had focus then.
 */
export function CommentField({ sessionId, path, side, startLine, endLine, returnTo, onClose }: {
  sessionId: SessionId;
  path: string;
  side: ReviewSide;
  startLine?: number;
  endLine?: number;
  returnTo?: OpenField['returnTo'];
  onClose: () => void;
}) {
  const lines = side === 'file' || startLine === undefined ? {} : { startLine, endLine: endLine ?? startLine };
  const place: FieldPlace = { path, side, ...lines };
  // Read once, as the field is drawn: this field kept from before a redraw, or none.
  const [kept] = useState(() => {
    const now = useReview.getState().fields[sessionId];
    return now && samePlace(now, place) ? now : null;
  });
  const [body, setBody] = useState(kept?.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();
  const whereId = useId();
  useLayoutEffect(() => {
    const node = field.current;
    if (!kept) setOpenField(sessionId, { ...place, returnTo, body: '', focused: true, caret: null });
    if (node && (!kept || kept.focused)) {
      node.focus();
      if (kept?.caret) node.setSelectionRange(kept.caret[0], kept.caret[1]);
    }
    // Taken away by a redraw (not closed: closing forgets it first): whether it had focus, and where the caret was.
    return () => {
      const now = useReview.getState().fields[sessionId];
      if (!node || !now || !samePlace(now, place)) return;
      const focused = node.isConnected && document.activeElement === node;
      setOpenField(sessionId, { ...now, focused, caret: focused ? [node.selectionStart, node.selectionEnd] : null });
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per field drawn; its place never changes
  }, []);
  const close = (): void => {
    closeOpenField(sessionId, place);
    onClose();
  };
  const add = async (): Promise<void> => {
    const r = await addComment(sessionId, place, body);
    if (r.ok) close();
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
        onChange={(e) => {
          setBody(e.target.value);
          setOpenField(sessionId, { ...place, returnTo: kept?.returnTo ?? returnTo, body: e.target.value, focused: true, caret: null });
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') close();
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) void add();
        }}
      />
      <span className="review-field-actions">
        <button type="button" className="review-button is-primary" onClick={() => void add()}>
          Add comment
        </button>
        <button type="button" className="review-button" onClick={close}>
          Cancel
        </button>
      </span>
      {error ? (
        <p id={errorId} role="alert" className="review-refusal">
          {error}
        </p>
      ) : null}
    </div>
  );
}

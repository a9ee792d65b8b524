import { create } from 'zustand';
import type { ReviewComment, ReviewSide } from '../../../../shared/domain/review';
import type { SessionId } from '../../../../shared/domain/session';

/** Why the last send did not happen, and whether copying the review is offered instead (a terminal without bracketed paste). */
export interface ReviewRefusal {
  readonly message: string;
  readonly offerCopy: boolean;
}

/** Where a comment field is open: a file, a side ('file': the whole file) and its lines. */
export interface FieldPlace {
  readonly path: string;
  readonly side: ReviewSide;
  readonly startLine?: number;
  readonly endLine?: number;
}

/**
 * A session's open comment field and what is typed in it, kept here (not in the field) so a redraw of the
 * diff (another layout, theme or push) opens it again as it was: its text, and the caret if it had focus.
 */
export interface OpenField extends FieldPlace {
  /** The line button that opened it (focus goes back there when it closes), when it was one. */
  readonly returnTo?: { readonly side: 'old' | 'new'; readonly line: number };
  readonly body: string;
  readonly focused: boolean;
  readonly caret: readonly [number, number] | null;
}

/** Each session's review comments as last fetched, the last refusal said beside "Send review to agent", and its open comment field. */
export interface ReviewState {
  comments: Record<SessionId, readonly ReviewComment[]>;
  refusals: Record<SessionId, ReviewRefusal | null>;
  fields: Record<SessionId, OpenField | null>;
}

export const useReview = create<ReviewState>()(() => ({ comments: {}, refusals: {}, fields: {} }));

export function resetReviewStore(): void {
  useReview.setState({ comments: {}, refusals: {}, fields: {} });
}

export function samePlace(a: FieldPlace, b: FieldPlace): boolean {
  return a.path === b.path && a.side === b.side && a.startLine === b.startLine && a.endLine === b.endLine;
}

/** The session's open field now (one at a time: opening another replaces it); null: closed. */
export function setOpenField(id: SessionId, field: OpenField | null): void {
  useReview.setState((s) => ({ fields: { ...s.fields, [id]: field } }));
}

/** Closes the session's field if it is the one at `place` (another opened since is left alone). */
export function closeOpenField(id: SessionId, place: FieldPlace): void {
  const now = useReview.getState().fields[id];
  if (now && samePlace(now, place)) setOpenField(id, null);
}

export function setComments(id: SessionId, comments: readonly ReviewComment[]): void {
  useReview.setState((s) => ({ comments: { ...s.comments, [id]: comments } }));
}

export function setRefusal(id: SessionId, refusal: ReviewRefusal | null): void {
  useReview.setState((s) => ({ refusals: { ...s.refusals, [id]: refusal } }));
}

/** A removed session's comments and refusal, no longer held. */
export function forgetReview(id: SessionId): void {
  useReview.setState((s) => {
    if (!(id in s.comments) && !(id in s.refusals) && !(id in s.fields)) return s;
    const comments = { ...s.comments };
    const refusals = { ...s.refusals };
    const fields = { ...s.fields };
    delete comments[id];
    delete refusals[id];
    delete fields[id];
    return { comments, refusals, fields };
  });
}

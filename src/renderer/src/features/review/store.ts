import { create } from 'zustand';
import type { ReviewComment } from '../../../../shared/domain/review';
import type { SessionId } from '../../../../shared/domain/session';

/** Why the last send did not happen, and whether copying the review is offered instead (a terminal without bracketed paste). */
export interface ReviewRefusal {
  readonly message: string;
  readonly offerCopy: boolean;
}

/** Each session's review comments as last fetched, and the last refusal said beside "Send review to agent". */
export interface ReviewState {
  comments: Record<SessionId, readonly ReviewComment[]>;
  refusals: Record<SessionId, ReviewRefusal | null>;
}

export const useReview = create<ReviewState>()(() => ({ comments: {}, refusals: {} }));

export function resetReviewStore(): void {
  useReview.setState({ comments: {}, refusals: {} });
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
    if (!(id in s.comments) && !(id in s.refusals)) return s;
    const comments = { ...s.comments };
    const refusals = { ...s.refusals };
    delete comments[id];
    delete refusals[id];
    return { comments, refusals };
  });
}

import type { ReviewSide } from '../../../../shared/domain/review';
import type { SessionId } from '../../../../shared/domain/session';
import { api } from '../../bridge';
import { setComments, setRefusal, useReview } from './store';

export { closeOpenField, samePlace, setOpenField, useReview, type FieldPlace, type OpenField } from './store';

type Outcome = { ok: true } | { ok: false; message: string };

/** Each session's latest `review:list` asked for: an older answer arriving after a newer one is dropped. */
const lastLoad = new Map<SessionId, number>();
let loads = 0;

/** The session's comments (sent ones checked by the core against the files now). */
export async function loadReview(id: SessionId): Promise<void> {
  const mine = ++loads;
  lastLoad.set(id, mine);
  const result = await api().invoke('review:list', { id });
  if (lastLoad.get(id) !== mine) return;
  lastLoad.delete(id);
  if (result.ok) setComments(id, result.value.comments);
}

/**
 * `review:changed`: another client (or a turn's edit, or this one) changed the session's comments. Read
 * again where this page holds them; a session never shown here is read when its Review opens.
 */
export function reviewChanged(id: SessionId): void {
  if (useReview.getState().comments[id] !== undefined) void loadReview(id);
}

/** After a reconnect: every session's comments this page holds, read again (pushes meanwhile were lost). */
export async function reloadHeldReviews(): Promise<void> {
  await Promise.all(Object.keys(useReview.getState().comments).map((id) => loadReview(id)));
}

/** A draft comment on lines of one side of a changed file (or the whole file). */
export async function addComment(id: SessionId, at: { path: string; side: ReviewSide; startLine?: number; endLine?: number }, body: string): Promise<Outcome> {
  const result = await api().invoke('review:add', { id, ...at, body });
  if (!result.ok) return { ok: false, message: result.error.message };
  // The push for it may have been read first (another path, a relay): listed once either way.
  const added = result.value;
  setComments(id, [...(useReview.getState().comments[id] ?? []).filter((c) => c.id !== added.id), added]);
  return { ok: true };
}

export async function deleteComment(id: SessionId, commentId: string): Promise<void> {
  const result = await api().invoke('review:delete', { id, commentId });
  if (result.ok) setComments(id, (useReview.getState().comments[id] ?? []).filter((c) => c.id !== commentId));
}

export async function resolveComment(id: SessionId, commentId: string): Promise<void> {
  const result = await api().invoke('review:resolve', { id, commentId });
  if (result.ok) setComments(id, (useReview.getState().comments[id] ?? []).map((c) => (c.id === commentId ? result.value : c)));
}

/**
 * "Send review to agent": every draft in one message; a refusal is kept to say beside the button.
 * Resolves to how many comments went (null: refused).
 */
export async function sendReview(id: SessionId): Promise<number | null> {
  setRefusal(id, null);
  const drafts = new Set((useReview.getState().comments[id] ?? []).filter((c) => c.state === 'draft').map((c) => c.id));
  const result = await api().invoke('review:send', { id });
  if (!result.ok) {
    setRefusal(id, { message: result.error.message, offerCopy: result.error.code === 'CONFLICT' });
    return null;
  }
  setComments(id, result.value.comments);
  return result.value.comments.filter((c) => drafts.has(c.id) && c.state !== 'draft').length;
}

/** The review's text for the clipboard (where it cannot be sent). */
export async function copyReview(id: SessionId): Promise<Outcome> {
  const result = await api().invoke('review:text', { id });
  if (!result.ok) return { ok: false, message: result.error.message };
  try {
    await navigator.clipboard.writeText(result.value.text);
    return { ok: true };
  } catch {
    return { ok: false, message: 'The clipboard could not be written.' };
  }
}

import type { SessionId } from '../../../../shared/domain/session';
import { api } from '../../bridge';
import { setPickupNote, setSuggestion } from '../../stores/sessions';

/** A pane's ambient calls to main: the suggestion and pick-up note, and dismissing them. */

/** The suggestion and pick-up note main holds for a session, fetched when its pane opens. */
export async function loadAmbientState(id: SessionId): Promise<void> {
  const result = await api().invoke('ambient:sessionState', { id });
  if (!result.ok) return;
  setSuggestion(id, result.value.suggestion);
  setPickupNote(id, result.value.pickupNote);
}

/** Hide the ghost suggestion here and tell main, so it does not come back on reopen. */
export function dismissSuggestion(id: SessionId): void {
  setSuggestion(id, null);
  void api().invoke('ambient:dismiss', { id, what: 'suggestion' });
}

export function dismissPickupNote(id: SessionId): void {
  setPickupNote(id, null);
  void api().invoke('ambient:dismiss', { id, what: 'pickupNote' });
}

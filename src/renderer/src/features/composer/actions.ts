import type { SessionId } from '../../../../shared/domain/session';
import { api } from '../../bridge';
import { addEntry } from '../../stores/entries';
import { showToast } from '../../stores/ui';
import { applyRow } from '../sessions/actions';

/** The composer's calls to main: send a message (or a steer while the agent works) and Stop. */

/** A user message, or a steer while the agent works. Returns whether it was accepted. */
export async function sendMessage(id: SessionId, text: string): Promise<boolean> {
  const result = await api().invoke('sessions:send', { id, text });
  if (!result.ok) {
    showToast(result.error.message, { tone: 'error' });
    return false;
  }
  addEntry(result.value);
  return true;
}

export async function stopSession(id: SessionId): Promise<void> {
  applyRow(await api().invoke('sessions:stop', { id }));
}

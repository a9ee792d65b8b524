import type { SessionId } from '../../../../shared/domain/session';
import type { TitleHint } from '../../../../shared/ipc/settings';
import type { Result } from '../../../../shared/result';
import { api } from '../../bridge';
import { showToast } from '../../stores/ui';
import { applyRow } from '../sessions/actions';
import { setAutomatic, setHistory, useTitleSteer } from './store';

/** Asks main whether the session titles itself (when its menu opens). */
export async function loadTitleAutomatic(id: SessionId): Promise<void> {
  const result = await api().invoke('sessions:titleAutomatic', { id });
  if (result.ok) setAutomatic(id, result.value.automatic);
}

/** "Title automatically": off stops the model's and the agent's titles and keeps the current one. */
export async function setTitleAutomatic(id: SessionId, automatic: boolean): Promise<void> {
  setAutomatic(id, automatic);
  const result = await api().invoke('sessions:setTitleAutomatic', { id, automatic });
  if (!result.ok) {
    setAutomatic(id, !automatic);
    showToast(result.error.message, { tone: 'error' });
    return;
  }
  setAutomatic(id, result.value.automatic);
  showToast(automatic ? 'This session is titled automatically again.' : 'No more automatic titles for this session; its title stays.');
}

/** "Title history…": opens the dialog and fetches every title the session has had. */
export async function openTitleHistory(id: SessionId): Promise<void> {
  setHistory({ sessionId: id, items: null, error: null });
  const result = await api().invoke('sessions:titleHistory', { id });
  if (useTitleSteer.getState().history?.sessionId !== id) return; // closed or another opened meanwhile
  setHistory(result.ok ? { sessionId: id, items: result.value, error: null } : { sessionId: id, items: [], error: result.error.message });
}

export function closeTitleHistory(): void {
  setHistory(null);
}

/** "Use this title": an earlier title becomes the user's own, pinned (a rename). */
export async function applyEarlierTitle(id: SessionId, title: string): Promise<boolean> {
  const row = applyRow(await api().invoke('sessions:rename', { id, title }));
  if (!row) return false;
  closeTitleHistory();
  showToast(`Titled “${title}”; automatic titles leave it.`);
  return true;
}

/** Every project's title hint (Settings → General). */
export async function loadTitleHints(): Promise<Result<TitleHint[]>> {
  const r = await api().invoke('settings:titleHints', {});
  return r.ok ? { ok: true, value: r.value.hints } : r;
}

/** Sets a project's title hint (empty clears it); main refuses one too long, saying so. */
export async function saveTitleHint(project: string, hint: string): Promise<Result<TitleHint[]>> {
  const r = await api().invoke('settings:setTitleHint', { project, hint });
  return r.ok ? { ok: true, value: r.value.hints } : r;
}

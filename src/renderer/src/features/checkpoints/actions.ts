import type { SessionId } from '../../../../shared/domain/session';
import type { TurnDiffInfo } from '../../../../shared/ipc/checkpoints';
import { api } from '../../bridge';
import { showToast } from '../../stores/ui';
import { setCheckpoints } from './store';

/** A session's checkpoints (none outside git: an error is not the user's business here, so the list stays as it was). */
export async function loadCheckpoints(id: SessionId): Promise<void> {
  const result = await api().invoke('checkpoints:list', { id });
  if (result.ok) setCheckpoints(id, [...result.value.items]);
}

/** What one checkpointed turn changed, handed to the caller (the turn's diff view holds it while shown). */
export async function loadTurnDiff(id: SessionId, commit: string): Promise<{ ok: true; value: TurnDiffInfo } | { ok: false; message: string }> {
  const result = await api().invoke('checkpoints:diff', { id, commit });
  return result.ok ? { ok: true, value: result.value } : { ok: false, message: result.error.message };
}

/** Puts the files back as they were at that turn (the present recorded first); a refusal is said in a toast. */
export async function restoreTurn(id: SessionId, commit: string): Promise<boolean> {
  const result = await api().invoke('checkpoints:restore', { id, commit });
  if (!result.ok) {
    showToast(result.error.message, { tone: 'error' });
    return false;
  }
  const { written, deleted } = result.value;
  const files = written + deleted;
  showToast(
    `Restored ${files} ${files === 1 ? 'file' : 'files'} to this turn. The files as they were are kept as the newest checkpoint: restore it to undo.`,
  );
  await loadCheckpoints(id);
  return true;
}

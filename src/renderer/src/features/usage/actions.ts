import type { SessionId } from '../../../../shared/domain/session';
import { api } from '../../bridge';
import { setUsage } from '../../stores/usage';

/** A pane asks once what its session has cost so far; later turns arrive as `session:usage` pushes. */
export async function loadUsage(id: SessionId): Promise<void> {
  const result = await api().invoke('sessions:usage', { id });
  if (result.ok) setUsage(result.value);
}

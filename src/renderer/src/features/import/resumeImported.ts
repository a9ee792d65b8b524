import type { SessionId, SessionRow } from '../../../../shared/domain/session';
import { api } from '../../bridge';
import { openSession } from '../../stores/panes';
import { upsertSession } from '../../stores/sessions';
import { requestComposerFocus, showToast } from '../../stores/ui';

/**
 * "Resume" on an imported session: main starts a live session that continues
 * it (Claude Code: `--resume <id>`; Codex: `codex resume <id>` in a terminal);
 * it opens in a pane, ready to type into.
 */
export async function resumeImported(id: SessionId): Promise<SessionRow | null> {
  const result = await api().invoke('import:resume', { id });
  if (!result.ok) {
    showToast(result.error.message, { tone: 'error' });
    return null;
  }
  upsertSession(result.value);
  openSession(result.value.id);
  requestComposerFocus(result.value.id);
  return result.value;
}

import type { SessionId, SessionRow } from '../../../../shared/domain/session';
import type { ImportReport } from '../../../../shared/ipc/import';
import type { Result } from '../../../../shared/result';
import { api } from '../../bridge';
import { openSession } from '../../stores/panes';
import { upsertSession } from '../../stores/sessions';
import { requestComposerFocus, showToast } from '../../stores/ui';

/** The history import's calls to main: its status and switch, "Rescan now", and "Resume" on an imported session. */

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

/** The tool an imported session came from, for its pane's footer; null when main cannot say. */
export async function loadImportSource(id: SessionId): Promise<'claude-code' | 'codex' | null> {
  const result = await api().invoke('import:source', { id });
  return result.ok ? result.value.source : null;
}

/** What the import is set to and what its last scan did (an error when this core has no import). */
export function loadImportStatus(): Promise<Result<ImportReport>> {
  return api().invoke('import:status', {});
}

export function setImportEnabled(enabled: boolean): Promise<Result<ImportReport>> {
  return api().invoke('import:setEnabled', { enabled });
}

export function rescanImport(): Promise<Result<ImportReport>> {
  return api().invoke('import:rescan', {});
}

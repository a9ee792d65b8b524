import type { SessionId } from '../../../../shared/domain/session';
import type { ChangesSummary, FileDiff } from '../../../../shared/ipc/git';
import { api } from '../../bridge';
import { setListView, setOpen, setSummaries, setSummary, useChanges } from './store';

/** The branch and counts of every worktree session, for the rows (at start and after a reconnect). */
export async function loadChangeSummaries(): Promise<void> {
  const result = await api().invoke('git:changeSummaries', {});
  if (result.ok) setSummaries(result.value.items);
}

/** The session's changed files, into its region (the summary comes along). */
export async function loadChanges(id: SessionId): Promise<void> {
  const before = useChanges.getState().lists[id];
  setListView(id, { changes: before?.changes ?? null, loading: true, error: null });
  const result = await api().invoke('git:changes', { id });
  if (result.ok) {
    setSummary(result.value.summary);
    setListView(id, { changes: result.value, loading: false, error: null });
  } else {
    setListView(id, { changes: before?.changes ?? null, loading: false, error: result.error.message });
  }
}

/** The Changes button: opens the region (and lists the files) or closes it. */
export function toggleChanges(id: SessionId): void {
  const open = !useChanges.getState().open[id];
  setOpen(id, open);
  if (open) void loadChanges(id);
}

/**
 * Main counted again: the row follows; an open region lists the files again when anything in the
 * summary moved. (A commit keeps the files and counts — they still differ from the fork — but not
 * what is uncommitted, so comparing counts alone left a committed file listed as new.)
 */
export function changesPushed(summary: ChangesSummary): void {
  const before = useChanges.getState().summaries[summary.sessionId];
  setSummary(summary);
  if (useChanges.getState().open[summary.sessionId] && !(before && sameSummary(before, summary))) void loadChanges(summary.sessionId);
}

function sameSummary(a: ChangesSummary, b: ChangesSummary): boolean {
  const keys = Object.keys({ ...a, ...b }) as Array<keyof ChangesSummary>;
  return keys.every((k) => (a[k] ?? null) === (b[k] ?? null));
}

/** One file's diff, handed to the caller (the diff view holds it while shown). */
export async function loadFileDiff(id: SessionId, path: string): Promise<{ ok: true; value: FileDiff } | { ok: false; message: string }> {
  const result = await api().invoke('git:fileDiff', { id, path });
  return result.ok ? { ok: true, value: result.value } : { ok: false, message: result.error.message };
}

import type { ChangedFile } from '../../../../shared/ipc/git';

/** A file's list name: its path first, then `+added −removed` (or why there are no counts). */
export function changeName(file: ChangedFile): string {
  const counts = file.binary ? 'binary' : file.added === null || file.removed === null ? 'too large to count' : `+${file.added} −${file.removed}`;
  const how = file.status === 'renamed' && file.oldPath ? `, renamed from ${file.oldPath}` : file.status === 'deleted' ? ', deleted' : file.untracked ? ', new' : file.status === 'added' ? ', added' : '';
  return `${file.path} ${counts}${how}`;
}

/** The row's badge text, or null before the first count. */
export function countsText(added: number | null, removed: number | null): string | null {
  return added === null || removed === null ? null : `+${added} −${removed}`;
}

/** The counts where a row or a button shows them: only when lines changed ("+0 −0" says nothing), else null. */
export function changedCountsText(added: number | null, removed: number | null): string | null {
  return (added ?? 0) + (removed ?? 0) > 0 ? countsText(added, removed) : null;
}

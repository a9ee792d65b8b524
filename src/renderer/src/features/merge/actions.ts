import type { SessionId } from '../../../../shared/domain/session';
import type { ChannelOutput } from '../../../../shared/ipc/contract';
import { committedText, mergedText } from '../../../../shared/gitWords';
import type { MergeStrategy } from '../../../../shared/ipc/gitMerge';
import type { RemovedWorktreeItem } from '../../../../shared/ipc/gitRemoved';
import type { Result } from '../../../../shared/result';
import { api } from '../../bridge';
import { loadChanges } from '../changes/actions';
import { useChanges } from '../changes/store';
import { addEntry } from '../../stores/entries';
import { showToast } from '../../stores/ui';

/** Commit and merge back (issue 10 part 3): the merge feature's calls to main. */

export type MergeCheck = ChannelOutput<'git:mergeCheck'>;
export type MergeResult = ChannelOutput<'git:merge'>;
export type UncommittedFiles = ChannelOutput<'git:uncommittedFiles'>;
export type Removal = ChannelOutput<'git:removeWorktree'>;

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

/** What a merge would do now; null when main cannot say (no such channel, the session is gone). */
export async function loadMergeCheck(id: SessionId): Promise<MergeCheck | null> {
  const result = await api().invoke('git:mergeCheck', { id });
  return result.ok ? result.value : null;
}

/** The Commit dialog's prefill, or why there is none. */
export async function suggestCommitMessage(id: SessionId): Promise<{ message: string | null; reason: string | null }> {
  const result = await api().invoke('git:suggestCommitMessage', { id });
  return result.ok ? result.value : { message: null, reason: `No suggestion: ${result.error.message}` };
}

export async function commitWork(id: SessionId, message: string): Promise<Outcome<{ commit: string; files: number }>> {
  const result = await api().invoke('git:commit', { id, message });
  if (!result.ok) return { ok: false, message: result.error.message };
  showToast(`${committedText(result.value.files, result.value.commit)}.`);
  relist(id);
  return { ok: true, value: result.value };
}

/** The files Commit will take, for its dialog; null with why when main cannot say. */
export async function loadUncommittedFiles(id: SessionId): Promise<Outcome<UncommittedFiles>> {
  const result = await api().invoke('git:uncommittedFiles', { id });
  return result.ok ? { ok: true, value: result.value } : { ok: false, message: result.error.message };
}

/** After a commit, merge or removal: an open Changes region lists the files again now (the pushed summary follows too). */
function relist(id: SessionId): void {
  if (useChanges.getState().open[id]) void loadChanges(id);
}

/** A merge; success is said in a toast, conflicts and refusals come back for the dialog's alert. */
export async function mergeInto(id: SessionId, strategy: MergeStrategy, branch: string, message: string | null): Promise<Outcome<MergeResult>> {
  const result = await api().invoke('git:merge', strategy === 'rebase' || message === null ? { id, strategy } : { id, strategy, message });
  if (!result.ok) return { ok: false, message: result.error.message };
  const r = result.value;
  if (r.outcome === 'merged') showToast(`${mergedText(branch, r.baseBranch, strategy)}.`);
  if (r.outcome === 'up-to-date') showToast(`${r.baseBranch} already has everything from ${branch}.`);
  if (r.outcome === 'merged') relist(id);
  return { ok: true, value: r };
}

/** After a merge: the worktree folder removed, and the branch too when asked (main refuses unmerged work). */
export async function removeWorktree(id: SessionId, deleteBranch: boolean): Promise<Outcome<Removal>> {
  const result = await api().invoke('git:removeWorktree', { id, deleteBranch });
  if (!result.ok) return { ok: false, message: result.error.message };
  showToast(result.value.message);
  relist(id);
  return { ok: true, value: result.value };
}

/** From the conflict alert: the agent is asked to resolve them (its message appears), or the worktree rebases and stays there. */
export async function resolveConflicts(id: SessionId, how: 'agent' | 'rebase'): Promise<Outcome<string>> {
  const result = await api().invoke('git:resolveConflicts', { id, how });
  if (!result.ok) return { ok: false, message: result.error.message };
  if (result.value.entry) addEntry(result.value.entry);
  showToast(how === 'agent' ? 'Asked the agent to resolve the conflicts.' : result.value.message);
  return { ok: true, value: result.value.message };
}

/** Settings → General → "Recently removed": the worktrees removed in the last 14 days (a remote host's tagged with it). */
export async function loadRemovedWorktrees(): Promise<Result<RemovedWorktreeItem[]>> {
  const r = await api().invoke('git:removedWorktrees', {});
  return r.ok ? { ok: true, value: r.value.items } : r;
}

/** "Restore": the worktree back with its files, on the host it was removed on; where and on which branch comes back. */
export function restoreRemovedWorktree(item: Pick<RemovedWorktreeItem, 'id' | 'host'>): Promise<Result<{ path: string; branch: string; newBranch: boolean }>> {
  return api().invoke('git:restoreRemovedWorktree', { removed: item.id, ...(item.host !== undefined && { host: item.host }) });
}

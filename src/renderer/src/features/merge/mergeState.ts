import type { ChangesSummary } from '../../../../shared/ipc/git';

/** What the pane header shows for a worktree session, from its pushed changes summary (`session:changes`). */
export interface MergeState {
  readonly branch: string;
  /** Null: nothing to merge into (`note` says why). */
  readonly baseBranch: string | null;
  /** Null until the session's changes were counted once. */
  readonly uncommitted: number | null;
  readonly ahead: number | null;
  /** Why there is no merge button, or null. */
  readonly note: string | null;
}

export function mergeState(summary: ChangesSummary): MergeState {
  const { branch, uncommitted, ahead } = summary;
  if (summary.missing) return { branch, baseBranch: null, uncommitted: 0, ahead: 0, note: 'The worktree folder is gone.' };
  if (summary.baseBranch === null) {
    return { branch, baseBranch: null, uncommitted, ahead: null, note: 'This worktree was made from a detached HEAD, so there is no branch to merge into.' };
  }
  return { branch, baseBranch: summary.baseBranch, uncommitted, ahead, note: null };
}

export function commitTitle(uncommitted: number | null): string {
  if (uncommitted === null) return 'Counting changes…';
  if (uncommitted === 0) return 'Nothing to commit';
  return `${uncommitted} uncommitted file${uncommitted === 1 ? '' : 's'}`;
}

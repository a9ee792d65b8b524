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
  /** Whether "Merge into <base>" opens now; `mergeNote` says why not, or what a merge would bring. */
  readonly canMerge: boolean;
  /** Visible next to the button and its accessible description. */
  readonly mergeNote: string | null;
  /** Merged into this base branch from Swarmdesk, nothing new since: the pane offers to remove the worktree. */
  readonly merged: string | null;
}

const files = (n: number): string => `${n} uncommitted file${n === 1 ? '' : 's'}`;

export function mergeState(summary: ChangesSummary): MergeState {
  const { branch, uncommitted, ahead } = summary;
  const off = { canMerge: false, mergeNote: null, merged: null };
  if (summary.missing) return { branch, baseBranch: null, uncommitted: 0, ahead: 0, note: goneNote(summary), ...off };
  if (summary.baseBranch === null) {
    return { branch, baseBranch: null, uncommitted, ahead: null, note: 'This worktree was made from a detached HEAD, so there is no branch to merge into.', ...off };
  }
  const base = summary.baseBranch;
  const state = { branch, baseBranch: base, uncommitted, ahead, note: null };
  if (uncommitted === null || ahead === null) return { ...state, ...off, mergeNote: 'Counting changes…' };
  if (summary.merged && ahead === 0 && uncommitted === 0) return { ...state, ...off, mergeNote: `Merged into ${summary.merged}`, merged: summary.merged };
  if (ahead === 0 && uncommitted === 0) return { ...state, ...off, mergeNote: `Nothing to merge: no commits that ${base} lacks` };
  const toMerge = ahead > 0 ? `${ahead} commit${ahead === 1 ? '' : 's'} to merge` : null;
  const commitFirst = uncommitted > 0 ? `commit ${files(uncommitted)} first` : null;
  const text = [toMerge, commitFirst].filter(Boolean).join('; ');
  return { ...state, canMerge: true, mergeNote: text.charAt(0).toUpperCase() + text.slice(1), merged: null };
}

function goneNote(summary: ChangesSummary): string {
  if (summary.worktreeRemoved === 'branch-kept') return `Worktree removed; the branch ${summary.branch} is kept.`;
  if (summary.worktreeRemoved === 'branch-deleted') return `Worktree and branch ${summary.branch} removed.`;
  return 'The worktree folder is gone.';
}

export function commitTitle(uncommitted: number | null): string {
  if (uncommitted === null) return 'Counting changes…';
  if (uncommitted === 0) return 'Nothing to commit';
  return files(uncommitted);
}

import type { RemovedWorktreeItem } from '../../../shared/ipc/gitRemoved';

/**
 * Settings → General → "Recently removed" across the swarm: this machine's removed worktrees and each
 * remote host's, a remote one tagged with its host (Restore is asked of that host), newest first.
 */
export function mergeRemovedWorktrees(local: readonly RemovedWorktreeItem[], remote: ReadonlyArray<{ host: string; items: readonly RemovedWorktreeItem[] }>): RemovedWorktreeItem[] {
  const all = [...local, ...remote.flatMap(({ host, items }) => items.map((item) => ({ ...item, host })))];
  return all.sort((a, b) => b.removedAt - a.removedAt);
}

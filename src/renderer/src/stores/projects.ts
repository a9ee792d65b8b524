import type { SessionListRow } from '../../../shared/domain/session';

/**
 * A session's project: the repository a worktree session works for (`project`, from its worktree
 * option), else its folder (an imported session's is its recorded working folder). The sidebar
 * groups and filters by it, so two worktrees of one repository are one project, never two
 * folders that happen to share a name.
 */
export function projectOf(row: Pick<SessionListRow, 'folder' | 'project'>): string {
  const path = row.project ?? row.folder;
  // "/a/repo/" and "/a/repo" are one project; the root stays "/".
  return path.length > 1 ? path.replace(/[\\/]+$/, '') || path : path;
}

/** The last path segment ("~" for an empty path). */
export function lastSegment(path: string): string {
  const last = path.split(/[\\/]/).pop();
  return last && last.length > 0 ? last : path || '~';
}

/**
 * Names for projects as a person tells them apart: the folder's own name, and where two
 * share it ("repo" twice) enough of the parent path to differ ("work/repo", "old/repo").
 */
export function projectNames(projects: readonly string[]): Map<string, string> {
  const names = new Map<string, string>();
  const byLast = new Map<string, string[]>();
  for (const project of projects) {
    const last = lastSegment(project);
    const same = byLast.get(last);
    if (same) same.push(project);
    else byLast.set(last, [project]);
  }
  for (const [last, same] of byLast) {
    if (same.length === 1) {
      names.set(same[0] as string, last);
      continue;
    }
    // Add parent segments until every name in the clash differs (or the whole path is used).
    const parts = same.map((project) => project.split(/[\\/]/).filter(Boolean));
    let depth = 2;
    const deepest = Math.max(...parts.map((p) => p.length));
    while (depth < deepest && new Set(parts.map((p) => p.slice(-depth).join('/'))).size < same.length) depth++;
    same.forEach((project, i) => names.set(project, (parts[i] as string[]).slice(-depth).join('/') || project));
  }
  return names;
}

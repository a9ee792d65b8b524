import type { SessionListRow } from '../../../shared/domain/session';

/** Between a remote host's name and the path in a project's key (no path or host name holds it). */
const ON_HOST = '\u001f';

/**
 * A session's project: the repository a worktree session works for (`project`, from its worktree
 * option), else its folder (an imported session's is its recorded working folder). The sidebar
 * groups and filters by it, so two worktrees of one repository are one project, never two
 * folders that happen to share a name. A session on a remote host is that host's project: its key
 * holds the host's name too, so "/src/repo" on box is never this machine's "/src/repo".
 */
export function projectOf(row: Pick<SessionListRow, 'folder' | 'project' | 'host'>): string {
  const path = row.project ?? row.folder;
  // "/a/repo/" and "/a/repo" are one project; the root stays "/".
  const clean = path.length > 1 ? path.replace(/[\\/]+$/, '') || path : path;
  return row.host ? `${row.host}${ON_HOST}${clean}` : clean;
}

/** A project's key as its path and its host (null: this machine). */
export function splitProject(project: string): { path: string; host: string | null } {
  const at = project.indexOf(ON_HOST);
  return at === -1 ? { path: project, host: null } : { path: project.slice(at + 1), host: project.slice(0, at) };
}

/** A project's full path as a tooltip says it: "/src/repo", or "/src/repo on box". */
export function projectDetail(project: string): string {
  const { path, host } = splitProject(project);
  return host === null ? path : `${path} on ${host}`;
}

/** The last path segment ("~" for an empty path). */
export function lastSegment(path: string): string {
  const last = path.split(/[\\/]/).pop();
  return last && last.length > 0 ? last : path || '~';
}

/**
 * Names for projects as a person tells them apart: the folder's own name, and where two
 * share it ("repo" twice) enough of the parent path to differ ("work/repo", "old/repo"). A remote
 * host's project says where it is: "repo on box" (told apart from the other projects on box).
 */
export function projectNames(projects: readonly string[]): Map<string, string> {
  const byHost = new Map<string | null, { key: string; path: string }[]>();
  for (const key of projects) {
    const { path, host } = splitProject(key);
    const same = byHost.get(host);
    if (same) same.push({ key, path });
    else byHost.set(host, [{ key, path }]);
  }
  const names = new Map<string, string>();
  for (const [host, list] of byHost) {
    const pathNames = pathNamesOf(list.map((p) => p.path));
    for (const { key, path } of list) {
      const name = pathNames.get(path) ?? lastSegment(path);
      names.set(key, host === null ? name : `${name} on ${host}`);
    }
  }
  return names;
}

/** Names for paths of one machine (see `projectNames`). */
function pathNamesOf(projects: readonly string[]): Map<string, string> {
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

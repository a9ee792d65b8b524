import { useDeferredValue, useMemo } from 'react';
import { heldFolderCount, heldFolders, setFolderFilter, useSessions } from '../stores/sessions';
import { projectDetail, projectNames } from '../stores/projects';

/**
 * "Filter by folder": the projects the swarm has (repositories and folders; a worktree session is
 * its repository's, never its worktree's path), most used first, each once. Two that share a
 * folder name are told apart by their parent folders. Hidden while there is only one. Shown from
 * the first commit on (its options follow, deferred), so the rows below it never move down a line.
 */
export function FolderFilter() {
  // The store counts rows per project as they change; this only sorts the projects (not the rows),
  // deferred so a first paint or a page of the list does not wait for the filter's options.
  const foldersVersion = useDeferredValue(useSessions((s) => s.foldersVersion), -1);
  const folder = useSessions((s) => s.folder);
  // Whether there are two projects: the tally's count (no sort), current with the list's rows.
  const count = useSessions((s) => (s.foldersVersion >= 0 ? heldFolderCount() : 0));
  const folders = useMemo(() => (foldersVersion < 0 ? [] : heldFolders()), [foldersVersion]);
  const names = useMemo(() => projectNames(folders), [folders]);

  if (count < 2 && folder === null) return null;
  return (
    <select
      className="folder-filter"
      aria-label="Filter by folder"
      value={folder ?? ''}
      onChange={(e) => setFolderFilter(e.target.value === '' ? null : e.target.value)}
    >
      <option value="">All folders</option>
      {folders.map((path) => (
        <option key={path} value={path} title={projectDetail(path)}>
          {names.get(path) ?? path}
        </option>
      ))}
    </select>
  );
}

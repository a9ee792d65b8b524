import { useDeferredValue, useMemo } from 'react';
import { folderName } from '../label/sessionLabel';
import { heldFolders, setFolderFilter, useSessions } from '../stores/sessions';

/** "Filter by folder": the folders the swarm has, most used first. Hidden while there is only one. */
export function FolderFilter() {
  // The store counts rows per folder as they change; this only sorts the folders (not the rows),
  // deferred so a first paint or a page of the list does not wait for the filter's options.
  const foldersVersion = useDeferredValue(useSessions((s) => s.foldersVersion), -1);
  const folder = useSessions((s) => s.folder);
  const folders = useMemo(() => (foldersVersion < 0 ? [] : heldFolders()), [foldersVersion]);

  if (folders.length < 2 && folder === null) return null;
  return (
    <select
      className="folder-filter"
      aria-label="Filter by folder"
      value={folder ?? ''}
      onChange={(e) => setFolderFilter(e.target.value === '' ? null : e.target.value)}
    >
      <option value="">All folders</option>
      {folders.map((name) => (
        <option key={name} value={name} title={name}>
          {folderName(name)}
        </option>
      ))}
    </select>
  );
}

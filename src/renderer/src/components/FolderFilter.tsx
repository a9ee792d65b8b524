import { useMemo } from 'react';
import { folderName } from '../label/sessionLabel';
import { setFolderFilter, useSessions } from '../stores/sessions';

/** "Filter by folder": the folders the swarm has, most used first. Hidden while there is only one. */
export function FolderFilter() {
  const byId = useSessions((s) => s.byId);
  const folder = useSessions((s) => s.folder);
  const folders = useMemo(() => {
    const counts = new Map<string, number>();
    for (const row of Object.values(byId)) counts.set(row.folder, (counts.get(row.folder) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
  }, [byId]);

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

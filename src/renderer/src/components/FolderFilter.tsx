import { useDeferredValue, useMemo } from 'react';
import type { SessionId, SessionListRow } from '../../../shared/domain/session';
import { folderName } from '../label/sessionLabel';
import { setFolderFilter, useSessions } from '../stores/sessions';

const NO_ROWS: Record<SessionId, SessionListRow> = {};
const NO_IDS: SessionId[] = [];

/** "Filter by folder": the folders the swarm has, most used first. Hidden while there is only one. */
export function FolderFilter() {
  // Counting folders walks every row: deferred, so the swarm's first paint
  // (and each pushed change) does not wait for the filter's options.
  const byId = useDeferredValue(useSessions((s) => s.byId), NO_ROWS);
  // byId is written in place for one row: its version says when a folder may have changed.
  const listVersion = useDeferredValue(useSessions((s) => s.listVersion), -1);
  const order = useDeferredValue(useSessions((s) => s.order), NO_IDS);
  const folder = useSessions((s) => s.folder);
  const folders = useMemo(() => {
    const counts = new Map<string, number>();
    // Over the order array: walking a 10,000-key object's keys is much slower.
    for (const id of order) {
      const name = byId[id]?.folder;
      if (name !== undefined) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- listVersion stands for byId's contents
  }, [byId, listVersion, order]);

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

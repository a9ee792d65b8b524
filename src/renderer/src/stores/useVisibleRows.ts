import { useMemo } from 'react';
import { buildVisibleRows, type VisibleRow } from './sessionView';
import { useSessions } from './sessions';
import { useUi } from './ui';

/** The swarm list as drawn, recomputed only when its inputs change. */
export function useVisibleRows(): VisibleRow[] {
  const byId = useSessions((s) => s.byId);
  // `byId` is written in place for one row: the version says when the list's shape may have changed.
  const listVersion = useSessions((s) => s.listVersion);
  const order = useSessions((s) => s.order);
  const showArchived = useSessions((s) => s.showArchived);
  const folder = useSessions((s) => s.folder);
  const searchIds = useSessions((s) => s.searchIds);
  const collapsed = useUi((s) => s.collapsed);
  return useMemo(
    () => buildVisibleRows({ byId, order, showArchived, folder, searchIds, collapsed }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- listVersion stands for byId's contents
    [byId, listVersion, order, showArchived, folder, searchIds, collapsed],
  );
}

/** The same, read once outside React (keyboard shortcuts). */
export function currentVisibleRows(): VisibleRow[] {
  const { byId, order, showArchived, folder, searchIds } = useSessions.getState();
  return buildVisibleRows({ byId, order, showArchived, folder, searchIds, collapsed: useUi.getState().collapsed });
}

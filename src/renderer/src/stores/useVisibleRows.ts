import { useMemo } from 'react';
import { buildVisibleRows, type VisibleRow } from './sessionView';
import { useSessions } from './sessions';
import { useUi } from './ui';

/** The swarm list as drawn, recomputed only when its inputs change. */
export function useVisibleRows(): VisibleRow[] {
  const byId = useSessions((s) => s.byId);
  const order = useSessions((s) => s.order);
  const showArchived = useSessions((s) => s.showArchived);
  const folder = useSessions((s) => s.folder);
  const searchIds = useSessions((s) => s.searchIds);
  const collapsed = useUi((s) => s.collapsed);
  return useMemo(
    () => buildVisibleRows({ byId, order, showArchived, folder, searchIds, collapsed }),
    [byId, order, showArchived, folder, searchIds, collapsed],
  );
}

/** The same, read once outside React (keyboard shortcuts). */
export function currentVisibleRows(): VisibleRow[] {
  const { byId, order, showArchived, folder, searchIds } = useSessions.getState();
  return buildVisibleRows({ byId, order, showArchived, folder, searchIds, collapsed: useUi.getState().collapsed });
}

import { useMemo } from 'react';
import { buildListView, type ListView, type VisibleRow } from './sessionView';
import { groupCount, useSessions } from './sessions';
import { useSidebarLayout } from './sidebarLayout';
import { useUi } from './ui';

/** The swarm list as drawn (rows and group headings), recomputed only when its inputs change. */
export function useListView(): ListView {
  const byId = useSessions((s) => s.byId);
  // `byId` is written in place for one row: the version says when the list's shape may have changed.
  const listVersion = useSessions((s) => s.listVersion);
  // The headings' counts come from the store's tally; this version says when one changed.
  const foldersVersion = useSessions((s) => s.foldersVersion);
  const order = useSessions((s) => s.order);
  const showArchived = useSessions((s) => s.showArchived);
  const folder = useSessions((s) => s.folder);
  const searchIds = useSessions((s) => s.searchIds);
  const collapsed = useUi((s) => s.collapsed);
  const grouping = useSidebarLayout((s) => s.grouping);
  const collapsedGroups = useSidebarLayout((s) => s.collapsedGroups);
  return useMemo(
    () => buildListView({ byId, order, showArchived, folder, searchIds, collapsed, grouping, collapsedGroups, countOf: groupCount }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- listVersion and foldersVersion stand for byId's contents
    [byId, listVersion, foldersVersion, order, showArchived, folder, searchIds, collapsed, grouping, collapsedGroups],
  );
}

/** The rows as drawn. */
export function useVisibleRows(): VisibleRow[] {
  return useListView().rows;
}

/** The same, read once outside React (keyboard shortcuts). */
export function currentVisibleRows(): VisibleRow[] {
  const { byId, order, showArchived, folder, searchIds } = useSessions.getState();
  const { grouping, collapsedGroups } = useSidebarLayout.getState();
  return buildListView({ byId, order, showArchived, folder, searchIds, collapsed: useUi.getState().collapsed, grouping, collapsedGroups }).rows;
}

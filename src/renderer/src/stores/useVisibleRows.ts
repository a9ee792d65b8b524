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
  const reorderedGroups = useSidebarLayout((s) => s.reorderedGroups);
  return useMemo(() => {
    if (searchIds !== null) return buildListView({ byId, order, showArchived, folder, searchIds, collapsed, grouping, collapsedGroups });
    const key = [byId, listVersion, foldersVersion, order, showArchived, folder, collapsed, grouping, collapsedGroups, reorderedGroups];
    return swarmViewFor(key, () =>
      buildListView({ byId, order, showArchived, folder, searchIds: null, collapsed, grouping, collapsedGroups, reorderedGroups, countOf: groupCount }),
    );
  }, [byId, listVersion, foldersVersion, order, showArchived, folder, searchIds, collapsed, grouping, collapsedGroups, reorderedGroups]);
}

/**
 * The swarm's view (no search) as last built, with what it was built from. Clearing the search box
 * shows it again without walking the whole swarm, when nothing it depends on changed meanwhile (at
 * 50,000 sessions that walk, and the garbage it left for the next keystroke, was most of the cost of
 * a search's first keystroke). Not rebuilt while a search is shown.
 */
let lastSwarmView: { key: readonly unknown[]; view: ListView } | null = null;

function swarmViewFor(key: readonly unknown[], build: () => ListView): ListView {
  const last = lastSwarmView;
  if (last && last.key.length === key.length && last.key.every((k, i) => Object.is(k, key[i]))) return last.view;
  const view = build();
  lastSwarmView = { key, view };
  return view;
}

/** The rows as drawn. */
export function useVisibleRows(): VisibleRow[] {
  return useListView().rows;
}

/** The same, read once outside React (keyboard shortcuts). */
export function currentVisibleRows(): VisibleRow[] {
  const { byId, order, showArchived, folder, searchIds } = useSessions.getState();
  const { grouping, collapsedGroups, reorderedGroups } = useSidebarLayout.getState();
  return buildListView({ byId, order, showArchived, folder, searchIds, collapsed: useUi.getState().collapsed, grouping, collapsedGroups, reorderedGroups }).rows;
}

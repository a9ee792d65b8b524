import { defaultRangeExtractor, useVirtualizer, observeElementRect, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type FocusEvent } from 'react';
import type { SessionId } from '../../../shared/domain/session';
import { applyReorderPreview } from '../features/sessions/reorder';
import { useOrderHold } from '../features/sidebar/orderHold';
import type { GroupHeader, VisibleRow } from '../stores/sessionView';
import { useSessions } from '../stores/sessions';
import { usePanes } from '../stores/panes';
import { setDropTarget, useUi, type DropTarget, type ReorderState } from '../stores/ui';
import { useListView } from '../stores/useVisibleRows';
import { GroupHeading } from './GroupHeading';
import { SessionRowView } from './SessionRowView';
import { useAlikeTells } from '../stores/useAlikeTells';

export const ROW_HEIGHT = 48;
const HEADER_HEIGHT = 28;

type ListItem = { type: 'header'; key: string; header: GroupHeader } | { type: 'row'; key: string; row: VisibleRow; index: number };

type Header = GroupHeader;

/** Until the scroller is laid out (or where nothing lays out, as in jsdom) assume a tall window. */
const FALLBACK_RECT = { width: 320, height: 1200 };
function observeWithFallback(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void) {
  return observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : FALLBACK_RECT));
}

/**
 * What list index `index` is: a row's index (0 and up), or -(header's index + 1).
 * The list is rows with headers between them, worked out per index instead of
 * an object per row (with 10,000 rows that allocation showed in the first paint).
 */
function locate(headers: readonly Header[], index: number): number {
  let shift = 0;
  for (const header of headers) {
    const at = header.before + shift;
    if (index === at) return -(shift + 1);
    if (index < at) break;
    shift++;
  }
  return index - shift;
}

/** The item at list index `index` (made for the items in view only). */
function itemAt(rows: readonly VisibleRow[], headers: readonly Header[], index: number): ListItem | undefined {
  const at = locate(headers, index);
  if (at < 0) {
    const header = headers[-at - 1];
    return header ? { type: 'header', key: `header-${header.group}`, header } : undefined;
  }
  const row = rows[at];
  return row ? { type: 'row', key: row.id, row, index: at } : undefined;
}

/** The list index of the row at `rowIndex` (headers before it shift it down). */
function listIndexOf(headers: readonly Header[], rowIndex: number): number {
  let shift = 0;
  for (const header of headers) if (header.before <= rowIndex) shift++;
  return rowIndex + shift;
}

/** Focus the row `id` once it is drawn: a row scrolled to is drawn a frame or two later. */
function focusWhenDrawn(scroller: HTMLElement | null, id: SessionId, frames = 10): void {
  requestAnimationFrame(() => {
    const row = scroller?.querySelector<HTMLElement>(`.session-list [data-session-id="${CSS.escape(id)}"]`);
    if (row) row.focus();
    else if (frames > 1) focusWhenDrawn(scroller, id, frames - 1);
  });
}

/**
 * Where a dragged row would land, as a line between rows: a mouse drag's target (before a row, or after
 * its block of subagents), or a row picked up with the keyboard at the place it has moved to (the list
 * draws it there already; the line marks the gap it drops into). Null where nothing would move.
 */
function dropLine(
  drawn: readonly VisibleRow[],
  headers: readonly Header[],
  target: DropTarget | null,
  reorder: ReorderState | null,
  start: (listIndex: number) => number | undefined,
): { y: number; depth: number } | null {
  const edge = (rowIndex: number, bottom: boolean) => {
    const at = start(listIndexOf(headers, rowIndex));
    return at === undefined ? null : at + (bottom ? ROW_HEIGHT : 0);
  };
  if (reorder && reorder.index !== reorder.fromIndex) {
    const at = drawn.findIndex((row) => row.id === reorder.sessionId);
    const y = at === -1 ? null : edge(at, false);
    return y === null ? null : { y, depth: drawn[at]?.depth ?? 0 };
  }
  if (!target) return null;
  const at = drawn.findIndex((row) => row.id === target.sessionId);
  const row = drawn[at];
  if (!row) return null;
  if (target.where === 'before') {
    const y = edge(at, false);
    return y === null ? null : { y, depth: row.depth };
  }
  // After a row means after its subagents too.
  let last = at;
  while ((drawn[last + 1]?.depth ?? -1) > row.depth) last++;
  const y = edge(last, true);
  return y === null ? null : { y, depth: row.depth };
}

/**
 * Why the list is empty. Its own component: it reads the query, which changes
 * on every keystroke, and the list itself need not render for that.
 */
function EmptyList() {
  const loaded = useSessions((s) => s.loaded);
  const query = useSessions((s) => s.query);
  const searching = useSessions((s) => s.searchIds !== null);
  const showArchived = useSessions((s) => s.showArchived);
  // An empty swarm is said once, by the main area (which offers to start one), not here as well.
  if (!loaded || (!searching && !showArchived)) return null;
  const empty = searching ? `No session matches “${query.trim()}”.` : 'No archived sessions.';
  return <p className="list-empty">{empty}</p>;
}

/**
 * The swarm list: a virtualised `list` "Sessions" (only the rows in view are
 * in the DOM, so 10,000 sessions scroll like 10). Rows are absolutely placed.
 */
export function SessionList() {
  // Busy while the rest of the swarm arrives page by page (after the first page).
  const complete = useSessions((s) => s.complete);
  const { rows, headers } = useListView();
  const reorder = useUi((s) => s.reorder);
  const drawn = useMemo(() => applyReorderPreview(rows, reorder), [rows, reorder]);
  const itemCount = drawn.length + headers.length;
  const focused = usePanes((s) => s.focused);
  const scrollerRef = useRef<HTMLDivElement>(null);
  useOrderHold(scrollerRef);

  const indexOf = useCallback(
    (id: SessionId) => {
      const rowIndex = drawn.findIndex((row) => row.id === id);
      return rowIndex === -1 ? -1 : listIndexOf(headers, rowIndex);
    },
    [drawn, headers],
  );

  // One Tab stop in the list (a roving tabindex): the row last focused in it (until another session is
  // opened), else the open one, else the first.
  const [lastFocused, setLastFocused] = useState<{ id: SessionId; open: SessionId | null } | null>(null);
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const id = (e.target as HTMLElement).closest<HTMLElement>('.session-list [data-session-id]')?.dataset.sessionId;
    if (id && (id !== lastFocused?.id || focused !== lastFocused.open)) setLastFocused({ id, open: focused });
  };
  const firstRowId = drawn[0]?.id ?? null;
  const roving = lastFocused !== null && lastFocused.open === focused && indexOf(lastFocused.id) !== -1 ? lastFocused.id : null;
  const tabStop = roving ?? (focused !== null && indexOf(focused) !== -1 ? focused : firstRowId);
  const tabStopAt = tabStop === null ? -1 : indexOf(tabStop);
  // The Tab stop's row is always drawn, in view or not: Tab finds the list wherever it is scrolled, and a
  // focused row scrolled out of view keeps its focus (drawn only in view, it would drop it to the page).
  const rangeExtractor = useCallback(
    (range: Range) => {
      const drawnIndexes = defaultRangeExtractor(range);
      if (tabStopAt === -1 || drawnIndexes.includes(tabStopAt)) return drawnIndexes;
      return [...drawnIndexes, tabStopAt].sort((a, b) => a - b);
    },
    [tabStopAt],
  );

  // The app does not run React Compiler, whose memoising would freeze what useVirtualizer returns; the
  // warning is about that compiler only, and this component reads the virtualizer afresh on every render.
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is fine without the compiler
  const virtualizer = useVirtualizer({
    count: itemCount,
    getScrollElement: () => scrollerRef.current,
    estimateSize: (i) => (locate(headers, i) < 0 ? HEADER_HEIGHT : ROW_HEIGHT),
    getItemKey: (i) => {
      const at = locate(headers, i);
      return (at < 0 ? `header-${headers[-at - 1]?.group}` : drawn[at]?.id) ?? i;
    },
    overscan: 8,
    rangeExtractor,
    observeElementRect: observeWithFallback,
  });

  // Keep the picked-up row in view while it moves.
  useEffect(() => {
    if (!reorder) return;
    const at = indexOf(reorder.sessionId);
    if (at !== -1) virtualizer.scrollToIndex(at, { align: 'auto' });
  }, [reorder, indexOf, virtualizer]);

  /** Move keyboard focus to the row `delta` away from `id`. */
  const focusRow = useCallback(
    (id: SessionId, delta: number) => {
      const at = drawn.findIndex((row) => row.id === id);
      const nextIndex = Math.max(0, Math.min(drawn.length - 1, at + delta));
      const next = drawn[nextIndex];
      if (!next) return;
      virtualizer.scrollToIndex(listIndexOf(headers, nextIndex), { align: 'auto' });
      focusWhenDrawn(scrollerRef.current, next.id);
    },
    [drawn, headers, virtualizer],
  );

  const rowCount = drawn.length;

  const dropTarget = useUi((s) => s.dropTarget);
  const line = dropLine(drawn, headers, dropTarget, reorder, (i) => virtualizer.measurementsCache[i]?.start);
  // A drag over no row (a heading, below the last row) or out of the list drops nowhere.
  const onDragOver = (e: DragEvent<HTMLDivElement>) => {
    if (!(e.target as Element).closest('.session-row')) setDropTarget(null);
  };
  const onDragLeave = (e: DragEvent<HTMLDivElement>) => {
    if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) setDropTarget(null);
  };


  const items = virtualizer.getVirtualItems().map((virtual) => ({ virtual, item: itemAt(drawn, headers, virtual.index) }));
  // Drawn rows that read alike: their subtitles say what differs (SPEC §7).
  const tells = useAlikeTells(items.flatMap(({ item }) => (item?.type === 'row' ? [item.row.id] : [])));
  // Headings beside the list, not in it: the list holds sessions only (SPEC §7.1). Those above the Tab stop
  // come before the list in the page and those below it after, so Tab from the row goes on down, not back up.
  const headings = (above: boolean) =>
    items.map(({ virtual, item }) =>
      item?.type === 'header' && virtual.index < tabStopAt === above ? <GroupHeading key={item.key} header={item.header} top={virtual.start} height={HEADER_HEIGHT} /> : null,
    );

  return (
    <div className="session-scroller" ref={scrollerRef} onFocus={onFocus} onDragOver={onDragOver} onDragLeave={onDragLeave}>
      <div className="group-headings">{headings(true)}</div>
      <div role="list" aria-label="Sessions" aria-busy={complete ? undefined : true} className="session-list" style={{ height: virtualizer.getTotalSize() }}>
        {items.map(({ virtual, item }) =>
          item?.type === 'row' ? (
            <SessionRowView
              key={item.key}
              row={item.row}
              position={item.index + 1}
              setSize={rowCount}
              top={virtual.start}
              height={ROW_HEIGHT}
              rows={drawn}
              tabStop={tabStop === item.row.id}
              tell={tells.get(item.row.id) ?? null}
              onArrow={focusRow}
            />
          ) : null,
        )}
      </div>
      <div className="group-headings">{headings(false)}</div>
      {line ? <div className="drop-indicator" aria-hidden="true" style={{ transform: `translateY(${line.y - 1}px)`, marginLeft: line.depth * 18 }} /> : null}
      {rowCount === 0 && headers.length === 0 ? <EmptyList /> : null}
    </div>
  );
}

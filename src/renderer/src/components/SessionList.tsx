import { useVirtualizer, observeElementRect, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { SessionId } from '../../../shared/domain/session';
import { applyReorderPreview } from '../actions/reorder';
import type { VisibleRow } from '../stores/sessionView';
import { useSessions } from '../stores/sessions';
import { usePanes } from '../stores/panes';
import { useUi } from '../stores/ui';
import { useVisibleRows } from '../stores/useVisibleRows';
import { SessionRowView } from './SessionRowView';

export const ROW_HEIGHT = 48;
const HEADER_HEIGHT = 28;

type ListItem = { type: 'header'; key: string; text: string } | { type: 'row'; key: string; row: VisibleRow; index: number };

/** Until the scroller is laid out (or where nothing lays out, as in jsdom) assume a tall window. */
const FALLBACK_RECT = { width: 320, height: 1200 };
function observeWithFallback(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void) {
  return observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : FALLBACK_RECT));
}

function withHeaders(rows: readonly VisibleRow[]): ListItem[] {
  const items: ListItem[] = [];
  const hasPinned = rows.some((row) => row.group === 'pinned');
  let lastGroup: VisibleRow['group'] | null = null;
  rows.forEach((row, index) => {
    if (hasPinned && row.group !== lastGroup && row.depth === 0) {
      items.push({ type: 'header', key: `header-${row.group}`, text: row.group === 'pinned' ? 'Pinned' : 'Sessions' });
      lastGroup = row.group;
    }
    items.push({ type: 'row', key: row.id, row, index });
  });
  return items;
}

/**
 * The swarm list: a virtualised `list` "Sessions" (only the rows in view are
 * in the DOM, so 10,000 sessions scroll like 10). Rows are absolutely placed.
 */
export function SessionList() {
  const rows = useVisibleRows();
  const reorder = useUi((s) => s.reorder);
  const drawn = useMemo(() => applyReorderPreview(rows, reorder), [rows, reorder]);
  const items = useMemo(() => withHeaders(drawn), [drawn]);
  const loaded = useSessions((s) => s.loaded);
  const query = useSessions((s) => s.query);
  const searchIds = useSessions((s) => s.searchIds);
  const showArchived = useSessions((s) => s.showArchived);
  const focused = usePanes((s) => s.focused);
  const scrollerRef = useRef<HTMLDivElement>(null);

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: (i) => (items[i]?.type === 'header' ? HEADER_HEIGHT : ROW_HEIGHT),
    getItemKey: (i) => items[i]?.key ?? i,
    overscan: 8,
    observeElementRect: observeWithFallback,
  });

  const indexOf = useCallback((id: SessionId) => items.findIndex((item) => item.type === 'row' && item.row.id === id), [items]);

  // Keep the picked-up row in view while it moves.
  useEffect(() => {
    if (!reorder) return;
    const at = indexOf(reorder.sessionId);
    if (at !== -1) virtualizer.scrollToIndex(at, { align: 'auto' });
  }, [reorder, indexOf, virtualizer]);

  /** Move keyboard focus to the row `delta` away from `id`. */
  const focusRow = useCallback(
    (id: SessionId, delta: number) => {
      const rowItems = items.filter((item): item is Extract<ListItem, { type: 'row' }> => item.type === 'row');
      const at = rowItems.findIndex((item) => item.row.id === id);
      const next = rowItems[Math.max(0, Math.min(rowItems.length - 1, at + delta))];
      if (!next) return;
      virtualizer.scrollToIndex(indexOf(next.row.id), { align: 'auto' });
      requestAnimationFrame(() => {
        scrollerRef.current?.querySelector<HTMLElement>(`[data-session-id="${CSS.escape(next.row.id)}"]`)?.focus();
      });
    },
    [items, virtualizer, indexOf],
  );

  const firstRowId = items.find((item) => item.type === 'row')?.key ?? null;
  const tabStop = focused !== null && indexOf(focused) !== -1 ? focused : firstRowId;
  const rowCount = drawn.length;

  let empty: string | null = null;
  if (loaded && rowCount === 0) {
    if (searchIds !== null) empty = `No session matches “${query.trim()}”.`;
    else if (showArchived) empty = 'No archived sessions.';
    else empty = 'No sessions yet.';
  }

  return (
    <div className="session-scroller" ref={scrollerRef}>
      <div role="list" aria-label="Sessions" className="session-list" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((virtual) => {
          const item = items[virtual.index];
          if (!item) return null;
          if (item.type === 'header') {
            return (
              <div key={item.key} className="group-header" aria-hidden="true" style={{ transform: `translateY(${virtual.start}px)`, height: HEADER_HEIGHT }}>
                {item.text}
              </div>
            );
          }
          return (
            <SessionRowView
              key={item.key}
              row={item.row}
              position={item.index + 1}
              setSize={rowCount}
              top={virtual.start}
              height={ROW_HEIGHT}
              rows={drawn}
              tabStop={tabStop === item.row.id}
              onArrow={focusRow}
            />
          );
        })}
      </div>
      {empty ? <p className="list-empty">{empty}</p> : null}
    </div>
  );
}

import { memo, useLayoutEffect, useRef, type DragEvent, type KeyboardEvent, type MouseEvent } from 'react';
import type { SessionId } from '../../../shared/domain/session';
import { cancelReorder, drop, dropOnRow, dropPlace, moveBy, moveTo, pickUp } from '../features/sessions/reorder';
import { markRead } from '../features/sessions/actions';
import { relativeTime, sessionLabel, unsavedText } from '../label/sessionLabel';
import { rowAccessibleName, rowLabelText, rowStatus } from '../label/rowParts';
import { useFittedText } from '../label/useFittedText';
import { rowActivity } from '../label/alike';
import { useNow } from '../label/now';
import { openSession, usePanes } from '../stores/panes';
import type { VisibleRow } from '../stores/sessionView';
import { useSessions } from '../stores/sessions';
import { useUsage } from '../stores/usage';
import { usageDetails } from '../features/usage/format';
import { ChangesBadge, changesFact } from '../features/changes/ChangesBadge';
import { useChanges } from '../features/changes/store';
import { useAcp } from '../features/acp/store';
import { useHostInfo } from '../features/hosts/store';
import { rowHostNote } from '../features/hosts/hostWords';
import { closeMenu, openMenu, requestComposerFocus, setDragging, setDropTarget, startRename, toggleCollapsed, useUi } from '../stores/ui';
import { SnippetLine, snippetDomId } from '../features/search/SnippetLine';
import { RenameField } from './RenameField';
import { StatusDot } from './StatusDot';

interface Props {
  row: VisibleRow;
  position: number;
  setSize: number;
  top: number;
  height: number;
  /** The rows as drawn (for reorder siblings). */
  rows: readonly VisibleRow[];
  tabStop: boolean;
  /** What tells this row from a drawn row that reads alike (its folder, agent, time…), or null (`label/alike.ts`). */
  tell: string | null;
  /** Move keyboard focus `delta` rows away from `id` (±Infinity: the first or last row). */
  onArrow: (id: SessionId, delta: number) => void;
}

/** The row `id` as drawn in the list (where focus goes back to after its rename). */
export function rowElement(id: SessionId): HTMLElement | null {
  return document.querySelector<HTMLElement>(`.session-list [data-session-id="${CSS.escape(id)}"]`);
}

/** Open a session: in the focused pane, or a new pane with Ctrl/Cmd. */
export function openFromEvent(id: SessionId, e: { ctrlKey: boolean; metaKey: boolean }): void {
  openSession(id, { newPane: e.ctrlKey || e.metaKey });
  void markRead(id);
}

function SessionRowViewImpl({ row: view, position, setSize, top, height, rows, tabStop, tell, onArrow }: Props) {
  const row = useSessions((s) => s.byId[view.id]);
  // Known for sessions opened or active since start (the list never asks for 10,000 of them).
  const usage = useUsage((s) => s.byId[view.id]);
  const changes = useChanges((s) => s.summaries[view.id]);
  // The permission an ACP agent waits on (its row says what it asks).
  const asking = useAcp((s) => s.permissions[view.id]);
  // A session on another machine: that host's link (its row says so while it is not connected).
  const host = useHostInfo(row?.host);
  const isOpen = usePanes((s) => s.focused === view.id);
  const renaming = useUi((s) => s.renaming?.sessionId === view.id && s.renaming.where === 'row');
  const reorderingThis = useUi((s) => s.reorder?.sessionId === view.id);
  const dragging = useUi((s) => s.dragging);
  const menuOpen = useUi((s) => s.menu?.sessionId === view.id);
  const now = useNow();
  const handleRef = useRef<HTMLButtonElement>(null);
  const label = row ? sessionLabel(row, now) : null;
  // The label as shown: cut at its end on a word to the row's width, whole in the tooltip and the name.
  const labelRef = useFittedText<HTMLSpanElement>(label ? rowLabelText(label) : '', row?.unread ? 'unread' : '');

  // A row moved by the keyboard may be re-inserted in the DOM; keep focus on its handle.
  useLayoutEffect(() => {
    if (reorderingThis && document.activeElement !== handleRef.current) handleRef.current?.focus();
  });

  if (!row || !label) return null;
  const status = rowStatus(row);
  // What it does now or did last (narration, a terminal's last command), never a repeat of its label.
  const subtitle = rowActivity(row, rowLabelText(label), asking);
  const time = relativeTime(row.updatedAt, now);
  const unsaved = unsavedText(row.unsaved);
  const hostNote = rowHostNote(host);
  const name = rowAccessibleName(label.text, {
    spoken: status.spoken,
    host: row.host,
    hostNote,
    archived: row.archived,
    unsaved,
    pinned: row.pinned,
    unread: row.unread,
    childCount: view.childCount,
    changes: changesFact(changes),
  });

  const onHandleKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const active = reorderingThis;
    if (e.key === ' ' || e.key === 'Spacebar' || (active && e.key === 'Enter')) {
      e.preventDefault();
      e.stopPropagation();
      if (active) void drop();
      else pickUp(view.id, rows);
      return;
    }
    if (!active) return;
    const moves: Record<string, () => void> = {
      ArrowUp: () => moveBy(-1),
      ArrowDown: () => moveBy(1),
      Home: () => moveTo('first'),
      End: () => moveTo('last'),
      Escape: () => cancelReorder(),
      Tab: () => cancelReorder(),
    };
    const move = moves[e.key];
    if (move) {
      if (e.key !== 'Tab') e.preventDefault();
      e.stopPropagation();
      move();
    }
  };

  const onRowKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter') {
      e.preventDefault();
      openFromEvent(view.id, e);
      requestComposerFocus(view.id);
    } else if (e.key === 'ArrowDown' && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      onArrow(view.id, 1);
    } else if (e.key === 'ArrowUp' && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      onArrow(view.id, -1);
    } else if ((e.key === 'Home' || e.key === 'End') && !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
      // The first or last row of the whole list, drawn or not (it is scrolled into view).
      e.preventDefault();
      onArrow(view.id, e.key === 'Home' ? -Infinity : Infinity);
    } else if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
      e.preventDefault();
      const rect = e.currentTarget.getBoundingClientRect();
      openMenu(view.id, rect.left + 24, rect.bottom);
    }
  };

  // Over a place the dragged row can land, the list draws a line there (SessionList's DropIndicator);
  // elsewhere (itself, its own place, another group) the drop is refused and no line is drawn.
  const onDragOver = (e: DragEvent<HTMLDivElement>) => {
    if (!dragging) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const where = e.clientY < rect.top + rect.height / 2 ? 'before' : 'after';
    if (dropPlace(dragging, view.id, where, rows) === undefined) {
      setDropTarget(null);
      return;
    }
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    setDropTarget({ sessionId: view.id, where });
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    const dragged = dragging;
    const target = useUi.getState().dropTarget;
    setDragging(null);
    if (dragged && target?.sessionId === view.id) void dropOnRow(dragged, view.id, target.where, rows);
  };

  const onMoreClick = (e: MouseEvent<HTMLButtonElement>) => {
    e.stopPropagation();
    if (menuOpen) {
      closeMenu();
      return;
    }
    const rect = e.currentTarget.getBoundingClientRect();
    openMenu(view.id, rect.right - 200, rect.bottom);
  };

  const classes = [
    'session-row',
    isOpen ? 'is-open' : '',
    row.unread ? 'is-unread' : '',
    row.archived ? 'is-archived' : '',
    reorderingThis ? 'is-lifted' : '',
    renaming ? 'is-renaming' : '',
    menuOpen ? 'is-menu-open' : '',
    dragging === view.id ? 'is-dragging' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      role="listitem"
      aria-label={name}
      aria-current={isOpen ? 'true' : undefined}
      aria-describedby={view.group === 'search' ? snippetDomId(view.id) : undefined}
      aria-posinset={position}
      aria-setsize={setSize}
      aria-level={view.depth + 1}
      data-session-id={view.id}
      tabIndex={tabStop ? 0 : -1}
      className={classes}
      style={{ transform: `translateY(${top}px)`, height, paddingLeft: 4 + view.depth * 18 }}
      onClick={(e) => {
        if (!renaming) openFromEvent(view.id, e);
      }}
      onDoubleClick={(e) => {
        e.preventDefault();
        startRename(view.id);
      }}
      onContextMenu={(e) => {
        e.preventDefault();
        openMenu(view.id, e.clientX, e.clientY);
      }}
      onKeyDown={onRowKeyDown}
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      <button
        ref={handleRef}
        type="button"
        className="row-handle"
        aria-label={`Reorder ${label.text}`}
        aria-describedby="reorder-help"
        aria-pressed={reorderingThis}
        draggable
        tabIndex={tabStop || reorderingThis ? 0 : -1}
        onClick={(e) => e.stopPropagation()}
        onDoubleClick={(e) => e.stopPropagation()}
        onKeyDown={onHandleKeyDown}
        onDragStart={(e) => {
          e.dataTransfer.effectAllowed = 'move';
          e.dataTransfer.setData('text/plain', view.id);
          setDragging(view.id);
        }}
        onDragEnd={() => setDragging(null)}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      {view.childCount > 0 ? (
        <button
          type="button"
          className="row-disclosure"
          aria-expanded={!view.collapsed}
          aria-label={`${view.collapsed ? 'Show' : 'Hide'} subagents of ${label.text}`}
          tabIndex={-1}
          onClick={(e) => {
            e.stopPropagation();
            toggleCollapsed(view.id);
          }}
        >
          <span aria-hidden="true">{view.collapsed ? '▸' : '▾'}</span>
        </button>
      ) : (
        <span className="row-disclosure-space" aria-hidden="true" />
      )}
      <StatusDot status={status.tone} />
      <div className="row-text">
        <span className="row-line">
          {renaming ? (
            <RenameField sessionId={view.id} initial={label.derived === 'title' ? label.text : ''} placeholder={label.text} returnFocusTo={() => rowElement(view.id)} />
          ) : (
            // A derived label (first line or facts) is marked by its style, at full contrast: not a disabled look.
            <span ref={labelRef} className={`row-label${label.muted ? ' muted derived' : ''}`} title={label.text} />
          )}
          <span className="row-time">{time}</span>
        </span>
        <span className="row-sub" title={[status.spoken, row.host ? `on ${row.host}` : null, hostNote, changesFact(changes), usage ? usageDetails(usage) : null].filter(Boolean).join(' · ')}>
          {row.archived ? <span className="row-archived">archived</span> : null}
          <span className={`row-status status-text-${status.tone}`}>{status.word}</span>
          {row.host ? <span className="row-host">{row.host}</span> : null}
          {tell ? <span className="row-tell">{tell}</span> : null}
          {unsaved ? (
            <span className="row-sub-text row-unsaved">{unsaved}</span>
          ) : hostNote ? (
            <span className="row-sub-text row-host-note">{hostNote}</span>
          ) : view.group === 'search' ? (
            <SnippetLine id={view.id} fallback={subtitle} />
          ) : subtitle ? (
            <span className="row-sub-text">{subtitle}</span>
          ) : null}
          <ChangesBadge sessionId={view.id} />
        </span>
      </div>
      {row.unread ? <span className="unread-mark" aria-hidden="true" /> : null}
      <button
        type="button"
        className="row-more"
        aria-label={`More actions for ${label.text}`}
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        data-menu-trigger={view.id}
        tabIndex={tabStop ? 0 : -1}
        onClick={onMoreClick}
        onDoubleClick={(e) => e.stopPropagation()}
      >
        <span aria-hidden="true">⋯</span>
      </button>
    </div>
  );
}

export const SessionRowView = memo(SessionRowViewImpl);

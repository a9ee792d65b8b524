import { create } from 'zustand';
import type { SessionId } from '../../../shared/domain/session';

/** What "Undo" on a toast does; a value, not a closure, so the store stays plain data. */
export type UndoAction = { kind: 'unarchive'; sessionId: SessionId } | { kind: 'restore'; sessionId: SessionId };

export interface Toast {
  id: number;
  message: string;
  undo: UndoAction | null;
  tone: 'info' | 'error';
}

export interface RenameState {
  sessionId: SessionId;
  /** Where the field is: in the row (double-click, F2, the menu) or in the pane's title (double-click there). */
  where: 'row' | 'pane';
  error: string | null;
  saving: boolean;
}

/** A place a dragged row can land: just before or just after a sibling row. */
export interface DropTarget {
  sessionId: SessionId;
  where: 'before' | 'after';
}

/** A row picked up with the keyboard: where it started and where it is now among its siblings. */
export interface ReorderState {
  sessionId: SessionId;
  siblings: SessionId[];
  fromIndex: number;
  index: number;
}

/** Which button opened a session's menu: the row's (or its context menu) or the pane header's "Session actions". */
export type MenuSource = 'row' | 'pane';

export interface UiState {
  renaming: RenameState | null;
  toasts: Toast[];
  /** The open row menu, anchored at a point on screen. */
  menu: { sessionId: SessionId; x: number; y: number; from: MenuSource } | null;
  newSessionOpen: boolean;
  confirmDelete: SessionId | null;
  reorder: ReorderState | null;
  /** The row being dragged with the mouse. */
  dragging: SessionId | null;
  /** Where a mouse drag would drop now: just before or after this row (null over no place it can land). */
  dropTarget: DropTarget | null;
  /** Polite announcement for screen readers; `seq` makes a repeat of the same text announce again. */
  announcement: { text: string; seq: number };
  /** Parents whose subagents are folded away. */
  collapsed: Record<SessionId, boolean>;
  /** Bumps to ask the search box to take focus. */
  focusSearchSeq: number;
  /** Asks one pane's composer to take focus (after creating a session, or Enter on a row). */
  composerFocus: { sessionId: SessionId; seq: number } | null;
  /** What the user typed in a composer and has not sent, per session (kept when the pane shows another session). */
  drafts: Record<SessionId, string>;
  connection: 'connecting' | 'open' | 'reconnecting' | 'gone' | 'refused' | 'stopped';
  problem: string | null;
}

const initialState: UiState = {
  renaming: null,
  toasts: [],
  menu: null,
  newSessionOpen: false,
  confirmDelete: null,
  reorder: null,
  dragging: null,
  dropTarget: null,
  announcement: { text: '', seq: 0 },
  collapsed: {},
  focusSearchSeq: 0,
  composerFocus: null,
  drafts: {},
  connection: 'open',
  problem: null,
};

export const useUi = create<UiState>(() => ({ ...initialState }));

export function resetUiStore(): void {
  useUi.setState({ ...initialState }, true);
  nextToastId = 1;
}

let nextToastId = 1;

export function showToast(message: string, options: { undo?: UndoAction; tone?: Toast['tone'] } = {}): number {
  const id = nextToastId++;
  useUi.setState((state) => ({
    // The same message again replaces the old one (and restarts its time); a few at a time, the oldest go first.
    toasts: [
      ...state.toasts.filter((toast) => toast.undo !== null || toast.message !== message),
      { id, message, undo: options.undo ?? null, tone: options.tone ?? 'info' },
    ].slice(-4),
  }));
  return id;
}

export function dismissToast(id: number): void {
  useUi.setState((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
}

export function announce(text: string): void {
  useUi.setState((state) => ({ announcement: { text, seq: state.announcement.seq + 1 } }));
}

export function startRename(sessionId: SessionId, where: RenameState['where'] = 'row'): void {
  useUi.setState({ renaming: { sessionId, where, error: null, saving: false }, menu: null });
}

/** The rename is on its way to main. */
export function setRenameSaving(): void {
  useUi.setState((state) => (state.renaming ? { renaming: { ...state.renaming, saving: true, error: null } } : state));
}

/** Main refused the rename: keep the field open (if it still is for this session) with the reason. */
export function setRenameError(sessionId: SessionId, error: string): void {
  useUi.setState((state) => (state.renaming?.sessionId === sessionId ? { renaming: { ...state.renaming, saving: false, error } } : state));
}

export function cancelRename(): void {
  useUi.setState({ renaming: null });
}

export function openMenu(sessionId: SessionId, x: number, y: number, from: MenuSource = 'row'): void {
  useUi.setState({ menu: { sessionId, x, y, from } });
}

export function closeMenu(): void {
  useUi.setState({ menu: null });
}

export function setNewSessionOpen(open: boolean): void {
  useUi.setState({ newSessionOpen: open });
}

export function askToDelete(sessionId: SessionId | null): void {
  useUi.setState({ confirmDelete: sessionId, menu: null });
}

export function toggleCollapsed(sessionId: SessionId): void {
  useUi.setState((state) => ({ collapsed: { ...state.collapsed, [sessionId]: !state.collapsed[sessionId] } }));
}

export function requestSearchFocus(): void {
  useUi.setState((state) => ({ focusSearchSeq: state.focusSearchSeq + 1 }));
}

export function requestComposerFocus(sessionId: SessionId): void {
  useUi.setState((state) => ({ composerFocus: { sessionId, seq: (state.composerFocus?.seq ?? 0) + 1 } }));
}

export function setDraft(sessionId: SessionId, text: string): void {
  useUi.setState((state) => {
    if ((state.drafts[sessionId] ?? '') === text) return state;
    const drafts = { ...state.drafts };
    if (text) drafts[sessionId] = text;
    else delete drafts[sessionId];
    return { drafts };
  });
}

export function setReorder(reorder: ReorderState | null): void {
  useUi.setState({ reorder });
}

export function setDragging(dragging: SessionId | null): void {
  useUi.setState({ dragging, dropTarget: null });
}

/** Where the dragged row would land now; a repeat of the same place (dragover fires many times a second) changes nothing. */
export function setDropTarget(target: DropTarget | null): void {
  const now = useUi.getState().dropTarget;
  if (now === target || (now && target && now.sessionId === target.sessionId && now.where === target.where)) return;
  useUi.setState({ dropTarget: target });
}

export function setConnection(connection: UiState['connection'], problem: string | null = null): void {
  useUi.setState({ connection, problem });
}

import { useEffect } from 'react';
import { openSession, usePanes } from '../stores/panes';
import { setNewSessionOpen, requestSearchFocus, startRename, useUi } from '../stores/ui';
import { currentVisibleRows } from '../stores/useVisibleRows';

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
}

/** The session the user is pointing at: a focused row, else the focused pane's. */
function currentSessionId(target: EventTarget | null): string | null {
  if (target instanceof HTMLElement) {
    const row = target.closest<HTMLElement>('[data-session-id]');
    if (row?.dataset.sessionId) return row.dataset.sessionId;
  }
  return usePanes.getState().focused;
}

/** Open the next (+1) or previous (-1) session in list order, in the focused pane. */
export function stepSession(delta: number): void {
  const rows = currentVisibleRows();
  if (rows.length === 0) return;
  const focused = usePanes.getState().focused;
  const at = focused === null ? -1 : rows.findIndex((row) => row.id === focused);
  const nextIndex = at === -1 ? (delta > 0 ? 0 : rows.length - 1) : Math.max(0, Math.min(rows.length - 1, at + delta));
  const next = rows[nextIndex];
  if (next && next.id !== focused) openSession(next.id);
}

/**
 * Keyboard shortcuts: new session (Ctrl/Cmd+N), search (Ctrl/Cmd+K, or / when
 * not typing), next/previous session (Ctrl/Cmd or Alt + ↓/↑), rename (F2).
 */
export function handleShortcut(e: KeyboardEvent): boolean {
  const mod = e.ctrlKey || e.metaKey;
  const ui = useUi.getState();
  if (ui.newSessionOpen || ui.confirmDelete !== null || ui.reorder !== null) return false;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (mod && !e.altKey && !e.shiftKey && key === 'n') {
    setNewSessionOpen(true);
    return true;
  }
  if (mod && !e.altKey && key === 'k') {
    requestSearchFocus();
    return true;
  }
  if (key === '/' && !mod && !e.altKey && !isEditable(e.target)) {
    requestSearchFocus();
    return true;
  }
  if ((key === 'ArrowDown' || key === 'ArrowUp') && (mod || e.altKey) && !e.shiftKey) {
    stepSession(key === 'ArrowDown' ? 1 : -1);
    return true;
  }
  if (key === 'F2' && !mod && !e.altKey && ui.renaming === null) {
    const id = currentSessionId(e.target);
    if (!id) return false;
    // In a pane (its composer, its transcript) the title is renamed where it is; elsewhere the row.
    const inPane = e.target instanceof HTMLElement && e.target.closest('[data-session-id]') === null && e.target.closest('.pane') !== null;
    startRename(id, inPane ? 'pane' : 'row');
    return true;
  }
  return false;
}

export function useShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      if (handleShortcut(e)) e.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

import { create } from 'zustand';
import type { SessionId } from '../../../shared/domain/session';

export const MAX_PANES = 4;

export interface PanesState {
  /** Sessions shown side by side, left to right. */
  open: SessionId[];
  focused: SessionId | null;
  /** Bumped when what the panes show must be fetched again (the socket or the session host came back): terminals redraw. */
  reloads: number;
}

export const usePanes = create<PanesState>(() => ({ open: [], focused: null, reloads: 0 }));

export function resetPanesStore(): void {
  usePanes.setState({ open: [], focused: null, reloads: 0 }, true);
}

/** The open panes' contents are stale: terminal panes open their screen again (transcripts are refetched by the caller). */
export function reloadPaneContents(): void {
  usePanes.setState((state) => ({ reloads: state.reloads + 1 }));
}

/**
 * Show a session. By default it replaces the focused pane (or focuses the pane
 * already showing it); `newPane` adds a pane beside the others, up to MAX_PANES.
 */
export function openSession(id: SessionId, options: { newPane?: boolean } = {}): void {
  usePanes.setState((state) => {
    if (state.open.includes(id)) return { focused: id };
    if (options.newPane || state.open.length === 0) {
      const open = [...state.open, id];
      // Past the cap the oldest unfocused pane gives way.
      while (open.length > MAX_PANES) {
        const drop = open.findIndex((other) => other !== state.focused && other !== id);
        open.splice(drop === -1 ? 0 : drop, 1);
      }
      return { open, focused: id };
    }
    const at = state.focused === null ? -1 : state.open.indexOf(state.focused);
    const open = [...state.open];
    if (at === -1) open[open.length - 1] = id;
    else open[at] = id;
    return { open, focused: id };
  });
}

export function closePane(id: SessionId): void {
  usePanes.setState((state) => {
    const index = state.open.indexOf(id);
    if (index === -1) return state;
    const open = state.open.filter((other) => other !== id);
    const focused = state.focused === id ? (open[Math.min(index, open.length - 1)] ?? null) : state.focused;
    return { open, focused };
  });
}

export function focusPane(id: SessionId): void {
  usePanes.setState((state) => (state.open.includes(id) ? { focused: id } : state));
}

/** A session that went away (deleted, or removed by main) leaves every pane. */
export function dropFromPanes(id: SessionId): void {
  closePane(id);
}

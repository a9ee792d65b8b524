import { create } from 'zustand';
import type { SessionId } from '../../../../shared/domain/session';
import type { Changes, ChangesSummary } from '../../../../shared/ipc/git';

/** A session's Changes region as last fetched. */
export interface ChangeListView {
  readonly changes: Changes | null;
  readonly loading: boolean;
  readonly error: string | null;
}

/**
 * What worktree sessions changed: the rows' summaries (every session with a worktree:
 * asked for at start, then pushed), and for sessions whose region is open, the file
 * list and the selected file. Normalised per session.
 */
export interface ChangesState {
  summaries: Record<SessionId, ChangesSummary>;
  lists: Record<SessionId, ChangeListView>;
  open: Record<SessionId, boolean>;
  selected: Record<SessionId, string>;
  /** Split or unified, one choice for every pane. */
  mode: 'split' | 'unified';
}

const initial = (): ChangesState => ({ summaries: {}, lists: {}, open: {}, selected: {}, mode: 'split' });

export const useChanges = create<ChangesState>()(initial);

export function resetChangesStore(): void {
  useChanges.setState(initial(), true);
}

export function setSummaries(items: readonly ChangesSummary[]): void {
  useChanges.setState((s) => {
    const summaries = { ...s.summaries };
    for (const item of items) summaries[item.sessionId] = item;
    return { summaries };
  });
}

export function setSummary(summary: ChangesSummary): void {
  useChanges.setState((s) => ({ summaries: { ...s.summaries, [summary.sessionId]: summary } }));
}

export function setListView(id: SessionId, view: ChangeListView): void {
  useChanges.setState((s) => ({ lists: { ...s.lists, [id]: view } }));
}

export function setOpen(id: SessionId, open: boolean): void {
  useChanges.setState((s) => ({ open: { ...s.open, [id]: open } }));
}

export function setSelected(id: SessionId, path: string): void {
  useChanges.setState((s) => ({ selected: { ...s.selected, [id]: path } }));
}

export function setMode(mode: ChangesState['mode']): void {
  useChanges.setState({ mode });
}

export function forgetChanges(id: SessionId): void {
  useChanges.setState((s) => {
    const drop = <T,>(rec: Record<SessionId, T>): Record<SessionId, T> => {
      if (!(id in rec)) return rec;
      const next = { ...rec };
      delete next[id];
      return next;
    };
    return { summaries: drop(s.summaries), lists: drop(s.lists), open: drop(s.open), selected: drop(s.selected) };
  });
}

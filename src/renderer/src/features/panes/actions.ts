import { SessionIdSchema, type SessionId } from '../../../../shared/domain/session';
import { api } from '../../bridge';
import { dropFromPanes, MAX_PANES, usePanes } from '../../stores/panes';
import { useSessions } from '../../stores/sessions';
import { loadWindowState, saveWindowState } from '../windowState/actions';

/*
 * The open panes survive a reload or a restart: their session ids and the focused one are kept in
 * the core (`ui:state`, authoritative: web mode's origin, and so its localStorage, is new at each
 * start) and in the page's localStorage (the guess when the core has none), and reopened once the
 * first page of the swarm has arrived. A saved session that no longer exists leaves quietly.
 */

export const OPEN_PANES_KEY = 'swarmdesk.openPanes';

interface SavedPanes {
  open: SessionId[];
  focused: SessionId | null;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage refused (a sandboxed page): nothing to keep
  }
}

/** What was saved, checked: unknown shapes and bad ids are ignored, never trusted. */
export function readSavedPanes(): SavedPanes | null {
  let raw: unknown;
  try {
    raw = JSON.parse(storage()?.getItem(OPEN_PANES_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { open?: unknown }).open)) return null;
  const open = [...new Set((raw as { open: unknown[] }).open.filter((id): id is SessionId => SessionIdSchema.safeParse(id).success))].slice(0, MAX_PANES);
  const focusedRaw = (raw as { focused?: unknown }).focused;
  const focused = typeof focusedRaw === 'string' && open.includes(focusedRaw) ? focusedRaw : (open.at(-1) ?? null);
  return open.length > 0 ? { open, focused } : null;
}

function save(state: SavedPanes): void {
  try {
    if (state.open.length === 0) storage()?.removeItem(OPEN_PANES_KEY);
    else storage()?.setItem(OPEN_PANES_KEY, JSON.stringify({ open: state.open, focused: state.focused }));
  } catch {
    // full or refused: the panes are simply not reopened next time
  }
}

/** Keeps the saved panes (here and in the core) in step with the panes store from now on; returns the unsubscribe. */
export function rememberOpenPanes(): () => void {
  return usePanes.subscribe((state, before) => {
    if (state.open === before.open && state.focused === before.focused) return;
    save(state);
    saveWindowState({ panes: { open: state.open, focused: state.focused } });
  });
}

/** The panes to reopen: the core's (even none), else this page's guess when the core never saved any. */
async function panesToReopen(): Promise<SavedPanes | null> {
  const fromCore = (await loadWindowState())?.panes ?? null;
  if (fromCore === null) return readSavedPanes();
  const open = fromCore.open.slice(0, MAX_PANES);
  if (open.length === 0) return null;
  return { open, focused: fromCore.focused !== null && open.includes(fromCore.focused) ? fromCore.focused : (open.at(-1) ?? null) };
}

/**
 * Reopens the saved panes (call once the first page is in the sessions store), unless the user
 * opened one meanwhile. Rows not in that page are asked for; one that is gone is dropped quietly.
 */
export async function reopenSavedPanes(): Promise<void> {
  const saved = await panesToReopen();
  if (!saved || usePanes.getState().open.length > 0) return;
  usePanes.setState({ open: saved.open, focused: saved.focused });
  const unknown = saved.open.filter((id) => useSessions.getState().byId[id] === undefined);
  await Promise.all(
    unknown.map(async (id) => {
      const result = await api().invoke('sessions:get', { id });
      if (!result.ok && result.error.code === 'NOT_FOUND') dropFromPanes(id);
    }),
  );
}

import type { SavedPanes, SavedSidebarLayout, UiState } from '../../../../shared/ipc/ui';
import { api } from '../../bridge';

/*
 * What the window remembers, kept in the core (`ui:state` / `ui:setState`) so that a restart of
 * the core reopens it even where the page's localStorage is new (web mode: a new port, a new
 * origin, each start). localStorage stays the fast first guess; the core's copy is authoritative.
 */

/** Changes within this long are sent as one write (a drag of the sidebar's edge is one save). */
export const SAVE_DELAY_MS = 300;

type Patch = { panes?: SavedPanes; sidebar?: SavedSidebarLayout };

let loading: Promise<UiState | null> | null = null;
let pending: Patch = {};
let timer: ReturnType<typeof setTimeout> | null = null;

/** The core's copy, asked for once per boot; null when it could not be read (then the local guess stands). */
export function loadWindowState(): Promise<UiState | null> {
  loading ??= api()
    .invoke('ui:state', {})
    .then((result) => (result.ok ? result.value : null))
    .catch(() => null);
  return loading;
}

/** Saves a change to the core after a short pause; later changes of the same part replace earlier ones. */
export function saveWindowState(patch: Patch): void {
  pending = { ...pending, ...patch };
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(flushWindowState, SAVE_DELAY_MS);
}

/** Sends what is waiting now (the page is being hidden or closed). */
export function flushWindowState(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  const patch = pending;
  pending = {};
  if (patch.panes === undefined && patch.sidebar === undefined) return;
  // A failed save is not something the user can act on: the next change saves again.
  void api()
    .invoke('ui:setState', patch)
    .catch(() => undefined);
}

/** Forget the boot's copy and drop what waits (a new boot, or a test's fresh window). */
export function resetWindowState(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  pending = {};
  loading = null;
}

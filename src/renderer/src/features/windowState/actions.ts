import { UiStatePatchSchema, type UiState, type UiStatePatch } from '../../../../shared/ipc/ui';
import type { Result } from '../../../../shared/result';
import { api } from '../../bridge';
import { UNSAVED_WINDOW_STATE_KEY } from '../../stores/sidebarLayoutData';

/*
 * What the window remembers, kept in the core (`ui:state` / `ui:setState`) so that a restart of
 * the core reopens it even where the page's localStorage is new (web mode: a new port, a new
 * origin, each start). localStorage stays the fast first guess; the core's copy is authoritative,
 * except for a change the core has not confirmed yet (the page went away within the debounce, or
 * the core was down): that one is newer, so it wins and is sent again.
 */

/** Changes within this long are sent as one write (a drag of the sidebar's edge is one save). */
export const SAVE_DELAY_MS = 300;
/** The change not yet confirmed by the core, in this window's storage. */
export const UNSAVED_KEY = UNSAVED_WINDOW_STATE_KEY;

let loading: Promise<UiState | null> | null = null;
let pending: UiStatePatch | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
/** Bumped at each change: a reply clears the unsaved copy only if nothing changed after its write. */
let changes = 0;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage refused (a sandboxed page)
  }
}

function readUnsaved(): UiStatePatch | null {
  try {
    const parsed = UiStatePatchSchema.safeParse(JSON.parse(storage()?.getItem(UNSAVED_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeUnsaved(patch: UiStatePatch | null): void {
  try {
    if (patch === null) storage()?.removeItem(UNSAVED_KEY);
    else storage()?.setItem(UNSAVED_KEY, JSON.stringify(patch));
  } catch {
    // full or refused: the core's copy is what the next start finds
  }
}

/**
 * The core's copy (with a change it never confirmed laid over it), asked for once per boot (or
 * taken from the early start's request, `asked`); null when there is neither.
 */
export function loadWindowState(asked?: Promise<Result<UiState>>): Promise<UiState | null> {
  loading ??= (asked ?? api().invoke('ui:state', {}))
    .then((result) => (result.ok ? result.value : null))
    .catch(() => null)
    .then((fromCore) => {
      const unsaved = readUnsaved();
      if (unsaved === null) return fromCore;
      saveWindowState(unsaved);
      return { panes: null, sidebar: null, ...fromCore, ...unsaved };
    });
  return loading;
}

/** Saves a change to the core after a short pause; later changes of the same part replace earlier ones. */
export function saveWindowState(patch: UiStatePatch): void {
  pending = { ...pending, ...patch };
  changes += 1;
  writeUnsaved({ ...readUnsaved(), ...pending });
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(flushWindowState, SAVE_DELAY_MS);
}

/** Sends what is waiting now (also as the page is hidden or closed). */
export function flushWindowState(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  if (pending === null) return;
  // With what an earlier write left unconfirmed: a reply that clears the copy has saved all of it.
  const patch = { ...readUnsaved(), ...pending };
  pending = null;
  const sentAt = changes;
  // A failed save is not something the user can act on: it stays unsaved here, sent again next start.
  void api()
    .invoke('ui:setState', patch)
    .then((result) => {
      if (result.ok && changes === sentAt) writeUnsaved(null);
    })
    .catch(() => undefined);
}

/** Forget the boot's copy and drop what waits (a new boot, or a test's fresh window). */
export function resetWindowState(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  pending = null;
  loading = null;
}

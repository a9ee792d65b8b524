import { create } from 'zustand';
import type { HostSettings, HostState } from '../../../../shared/ipc/host';

/** What the page knows of its session host (SPEC §5.1): its state as the front pushes it, and its settings. */
export interface HostViewState {
  state: HostState['state'];
  /** The running host's version (said when it is older than this window). */
  hostVersion: string | null;
  /** "The session host is back." is shown for a moment after a re-attach. */
  back: boolean;
  /** Start was pressed and has not been answered yet. */
  starting: boolean;
  /** Why Start (or a settings save) failed, if it did. */
  error: string | null;
  /** The host's settings once asked for (Settings → General). */
  settings: HostSettings | null;
  settingsError: string | null;
}

const initial: HostViewState = { state: 'connected', hostVersion: null, back: false, starting: false, error: null, settings: null, settingsError: null };

export const useHost = create<HostViewState>()(() => initial);

export function resetHostStore(): void {
  useHost.setState(initial, true);
}

export function setHostView(change: Partial<HostViewState>): void {
  useHost.setState(change);
}

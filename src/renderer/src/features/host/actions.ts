import type { HostSettings, HostState } from '../../../../shared/ipc/host';
import { api } from '../../bridge';
import { setHostView, useHost } from './store';

/** How long "The session host is back." stays. */
export const BACK_SHOWN_MS = 5_000;

let backTimer: ReturnType<typeof setTimeout> | null = null;

function clearBackTimer(): void {
  if (backTimer !== null) clearTimeout(backTimer);
  backTimer = null;
}

/**
 * The front pushed its host's state (`host:state`). Returns true when the page
 * must reload what it holds: the host came back (re-attached after a death, or
 * started again after a stop), so every push sent meanwhile is lost.
 */
export function hostStatePushed(pushed: HostState): boolean {
  clearBackTimer();
  const reattached = pushed.state === 'connected' && pushed.reattached;
  setHostView({ state: pushed.state, hostVersion: pushed.hostVersion, back: reattached, starting: false, error: null });
  if (reattached) {
    backTimer = setTimeout(() => {
      backTimer = null;
      setHostView({ back: false });
    }, BACK_SHOWN_MS);
  }
  return reattached;
}

/** "Start" after a deliberate stop: the front starts a host and pushes `connected` (re-attached), which reloads the page. */
export async function startHost(): Promise<void> {
  if (useHost.getState().starting) return;
  setHostView({ starting: true, error: null });
  const result = await api().invoke('host:start', { restart: 'no' });
  setHostView({ starting: false, error: result.ok ? null : result.error.message });
}

export async function loadHostSettings(): Promise<void> {
  const result = await api().invoke('host:settings', {});
  if (result.ok) setHostView({ settings: result.value, settingsError: null });
  else setHostView({ settingsError: result.error.message });
}

/** Shows a change at once and saves it; the host answers with what is now in effect (a refusal puts the previous values back). */
export async function saveHostSettings(patch: Partial<HostSettings>): Promise<boolean> {
  const previous = useHost.getState().settings;
  if (previous) setHostView({ settings: { ...previous, ...patch } });
  const result = await api().invoke('host:setSettings', patch);
  if (result.ok) {
    setHostView({ settings: result.value, settingsError: null });
    return true;
  }
  setHostView({ settings: previous, settingsError: result.error.message });
  return false;
}

/** For tests and a new boot: no timer left over from an earlier page. */
export function resetHostView(): void {
  clearBackTimer();
}

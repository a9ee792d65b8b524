import { create } from 'zustand';
import type { AmbientCall } from '../../../../shared/ipc/ambient';
import type { SettingsView } from '../../../../shared/ipc/settings';
import type { SettingsSection } from './sections';

/** The settings screen: what main says is in effect, and the ambient activity log. */
export interface SettingsState {
  open: boolean;
  /** The section shown (one tab each). */
  tab: SettingsSection;
  view: SettingsView | null;
  saving: boolean;
  error: string | null;
  /** Ambient calls, newest first, as last fetched. */
  log: AmbientCall[];
}

const initial: SettingsState = { open: false, tab: 'general', view: null, saving: false, error: null, log: [] };

export const useSettings = create<SettingsState>()(() => initial);

/** Opens (on `tab` when given) or closes the settings screen. */
export function setSettingsOpen(open: boolean, tab?: SettingsSection): void {
  useSettings.setState(tab ? { open, error: null, tab } : { open, error: null });
}

export function setSettingsTab(tab: SettingsState['tab']): void {
  useSettings.setState({ tab });
}

export function setSettingsView(view: SettingsView): void {
  useSettings.setState({ view, error: null });
}

/** The initial state (tests start from it). */
export function resetSettings(): void {
  useSettings.setState(initial, true);
}

export function setSettingsSaving(saving: boolean, error: string | null = null): void {
  useSettings.setState({ saving, error });
}

export function setAmbientLog(log: AmbientCall[]): void {
  useSettings.setState({ log });
}

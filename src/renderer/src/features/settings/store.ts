import { create } from 'zustand';
import type { AmbientCall } from '../../../../shared/ipc/ambient';
import type { SettingsView } from '../../../../shared/ipc/settings';

/** The settings screen: what main says is in effect, and the ambient activity log. */
export interface SettingsState {
  open: boolean;
  tab: 'ambient' | 'activity';
  view: SettingsView | null;
  saving: boolean;
  error: string | null;
  /** Ambient calls, newest first, as last fetched. */
  log: AmbientCall[];
}

const initial: SettingsState = { open: false, tab: 'ambient', view: null, saving: false, error: null, log: [] };

export const useSettings = create<SettingsState>()(() => initial);

export function setSettingsOpen(open: boolean): void {
  useSettings.setState({ open, error: null });
}

export function setSettingsTab(tab: SettingsState['tab']): void {
  useSettings.setState({ tab });
}

export function setSettingsView(view: SettingsView): void {
  useSettings.setState({ view, error: null });
}

export function setSettingsSaving(saving: boolean, error: string | null = null): void {
  useSettings.setState({ saving, error });
}

export function setAmbientLog(log: AmbientCall[]): void {
  useSettings.setState({ log });
}

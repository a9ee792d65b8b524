import { create } from 'zustand';
import type { AppInfo } from '../../../shared/ipc/app';
import { api } from '../bridge';

export interface AppState {
  info: AppInfo | null;
}

export const useApp = create<AppState>(() => ({ info: null }));

export function resetAppStore(): void {
  useApp.setState({ info: null }, true);
}

export async function loadAppInfo(): Promise<AppInfo | null> {
  const result = await api().invoke('app:info', {});
  if (!result.ok) return null;
  useApp.setState({ info: result.value });
  return result.value;
}

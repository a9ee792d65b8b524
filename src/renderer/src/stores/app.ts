import { create } from 'zustand';
import type { AppInfo } from '../../../shared/ipc/app';

export interface AppState {
  info: AppInfo | null;
}

export const useApp = create<AppState>(() => ({ info: null }));

export function resetAppStore(): void {
  useApp.setState({ info: null }, true);
}

export function setAppInfo(info: AppInfo): void {
  useApp.setState({ info });
}

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

/** The folder the New session dialog used last (main keeps it too: `app:info`'s `lastFolder` at the next start). */
export function setLastFolder(folder: string): void {
  const info = useApp.getState().info;
  if (info) useApp.setState({ info: { ...info, lastFolder: folder } });
}

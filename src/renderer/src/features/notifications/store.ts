import { create } from 'zustand';

/** What the browser allows (web mode); the desktop app needs no permission. `unsupported`: this window has no Notification API. */
export type NotifyPermission = 'granted' | 'denied' | 'default' | 'unsupported';

export interface NotificationsState {
  /** The settings switch (persisted in main); on until app:info says otherwise. */
  enabled: boolean;
  /** The opt-in: a finished turn (done) notifies too (persisted in main); off unless app:info says so. */
  notifyDone: boolean;
  /** Which way notifications go: the OS through main, the browser, or not yet known. */
  via: 'desktop' | 'browser' | null;
  permission: NotifyPermission;
  error: string | null;
}

const initial: NotificationsState = { enabled: true, notifyDone: false, via: null, permission: 'unsupported', error: null };

export const useNotifications = create<NotificationsState>()(() => initial);

export function resetNotificationsStore(): void {
  useNotifications.setState(initial, true);
}

export function setNotificationsState(change: Partial<NotificationsState>): void {
  useNotifications.setState(change);
}

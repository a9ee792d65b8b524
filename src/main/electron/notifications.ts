import { app, Notification } from 'electron';
import { createLogger } from '../core';
import { createNoticeKeeper } from './noticeKeeper';

const keeper = createNoticeKeeper({ log: createLogger('notifications') });

/**
 * An OS notification; a click brings the window forward (`showWindow`) and then runs `onClick`.
 * Resolves false where the OS has none or refused it (the window then shows its own toast).
 */
export async function notifyNatively(showWindow: () => void, notification: { title: string; body: string }, onClick: () => void): Promise<boolean> {
  if (!Notification.isSupported()) return false;
  const n = new Notification({ title: notification.title, body: notification.body, silent: false });
  return keeper.notify(n, () => {
    showWindow();
    onClick();
  });
}

/** The dock/taskbar number: macOS's dock, and Linux docks that read the LauncherEntry D-Bus API; false where the OS shows none. */
export function setBadgeNatively(count: number): boolean {
  return app.setBadgeCount(count);
}

import { app, Notification } from 'electron';

// Kept until clicked or closed: a notification that is garbage-collected loses its click handler.
const shown = new Set<Notification>();

/** An OS notification; a click brings the window forward (`showWindow`) and then runs `onClick`. False where the OS has none. */
export function notifyNatively(showWindow: () => void, notification: { title: string; body: string }, onClick: () => void): boolean {
  if (!Notification.isSupported()) return false;
  const n = new Notification({ title: notification.title, body: notification.body, silent: false });
  shown.add(n);
  n.on('click', () => {
    shown.delete(n);
    showWindow();
    onClick();
  });
  n.on('close', () => shown.delete(n));
  n.show();
  return true;
}

/** The dock/taskbar number (macOS dock, Linux Unity launchers); false where the OS shows none. */
export function setBadgeNatively(count: number): boolean {
  return app.setBadgeCount(count);
}

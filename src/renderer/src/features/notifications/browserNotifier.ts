import type { SessionId } from '../../../../shared/domain/session';
import { badgedTitle } from './rules';
import type { NotifyPermission } from './store';

/** Where notifications and the badge go: main (desktop) or the browser (web mode). */
export interface Notifier {
  show(sessionId: SessionId, title: string, body: string): void;
  setBadge(count: number): void;
}

export function browserPermission(): NotifyPermission {
  return typeof window.Notification === 'function' ? window.Notification.permission : 'unsupported';
}

/** Asks the browser (must run inside a user gesture, e.g. the settings switch). */
export async function requestBrowserPermission(): Promise<NotifyPermission> {
  if (typeof window.Notification !== 'function') return 'unsupported';
  return window.Notification.requestPermission();
}

/**
 * Web mode: the browser's Notification API once allowed, and the count in the
 * tab title. A click brings the tab forward and opens the session.
 */
export function browserNotifier(openSession: (id: SessionId) => void, baseTitle: string): Notifier {
  return {
    show(sessionId, title, body) {
      if (browserPermission() !== 'granted') return;
      const n = new window.Notification(title, { body, tag: `swarmdesk:${sessionId}` });
      n.onclick = () => {
        window.focus();
        openSession(sessionId);
        n.close();
      };
    },
    setBadge(count) {
      document.title = badgedTitle(count, baseTitle);
    },
  };
}

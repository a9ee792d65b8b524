import type { AbilityHandler } from '../transport/socket/hostClient';
import type { FrontAbility } from '../transport/socket/frames';
import { openExternalSafely } from './hardening';
import { notifyNatively, setBadgeNatively } from './notifications';
import { pickFolderNatively } from './pickFolder';

/** What the desktop app's front does for the session host (which has no window). */
export const ELECTRON_ABILITIES: FrontAbility[] = ['openExternal', 'pickFolder', 'notify', 'setBadgeCount'];

/**
 * Answers the host's questions with the window's own abilities. A click on a
 * notification shows the window and opens the session (`openSession`); the
 * arguments come from our own host, but are checked like any input.
 */
export function electronAbilityHandler(showWindow: () => void, openSession: (sessionId: string) => void): AbilityHandler {
  return async (ability, args) => {
    switch (ability) {
      case 'openExternal':
        return typeof args[0] === 'string' ? openExternalSafely(args[0]) : false;
      case 'pickFolder':
        return pickFolderNatively(typeof args[0] === 'string' ? args[0] : undefined);
      case 'notify': {
        const n = args[0] as { title?: unknown; body?: unknown; sessionId?: unknown } | undefined;
        if (typeof n?.title !== 'string' || typeof n.body !== 'string' || typeof n.sessionId !== 'string') return false;
        const sessionId = n.sessionId;
        return notifyNatively(showWindow, { title: n.title, body: n.body }, () => openSession(sessionId));
      }
      case 'setBadgeCount':
        return typeof args[0] === 'number' ? setBadgeNatively(args[0]) : false;
    }
  };
}

import type { Session } from 'electron';
import { decidePermission } from './policy';

/** The part of a Session the permission rules use (a fake in unit tests). */
export type PermissionSession = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>;

/**
 * Both of Chromium's permission paths go through `decidePermission`: the
 * request (`navigator.clipboard.writeText` asks) and the check (the
 * Permissions API, and Chromium itself before some requests). Each is decided
 * on the requesting frame's URL and whether it is the top frame.
 */
export function installPermissionRules(session: PermissionSession): void {
  session.setPermissionRequestHandler((_wc, permission, callback, details) =>
    callback(decidePermission(permission, { requestingUrl: details.requestingUrl, isMainFrame: details.isMainFrame })),
  );
  session.setPermissionCheckHandler((_wc, permission, requestingOrigin, details) =>
    decidePermission(permission, { requestingUrl: details.requestingUrl ?? requestingOrigin, isMainFrame: details.isMainFrame }),
  );
}

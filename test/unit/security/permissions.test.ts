import type { PermissionCheckHandlerHandlerDetails, PermissionRequest, Session, WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import { installPermissionRules, type PermissionSession } from '../../../src/main/electron/permissions';

type RequestHandler = Parameters<Session['setPermissionRequestHandler']>[0];
type CheckHandler = Parameters<Session['setPermissionCheckHandler']>[0];

/** A Session that keeps the handlers it is given, so a test can ask them as Chromium would. */
function fakeSession(): PermissionSession & { request: NonNullable<RequestHandler>; check: NonNullable<CheckHandler> } {
  const s = {
    request: null as RequestHandler,
    check: null as CheckHandler,
    setPermissionRequestHandler(h: RequestHandler) {
      s.request = h;
    },
    setPermissionCheckHandler(h: CheckHandler) {
      s.check = h;
    },
  };
  return s as never;
}

const wc = {} as WebContents;
const ours: PermissionRequest = { requestingUrl: 'app://swarmdesk/index.html', isMainFrame: true };

function ask(s: ReturnType<typeof fakeSession>, permission: Parameters<NonNullable<RequestHandler>>[1], details: PermissionRequest): boolean {
  let granted: boolean | undefined;
  s.request(wc, permission, (g) => (granted = g), details);
  if (granted === undefined) throw new Error('the request handler never answered');
  return granted;
}

describe('session permissions (SPEC §11; issue 29: Copy was denied)', () => {
  it('a clipboard write from the app window is allowed on both paths', () => {
    const s = fakeSession();
    installPermissionRules(s);
    expect(ask(s, 'clipboard-sanitized-write', ours)).toBe(true);
    const details: PermissionCheckHandlerHandlerDetails = { requestingUrl: ours.requestingUrl, isMainFrame: true };
    expect(s.check(wc, 'clipboard-sanitized-write', 'app://swarmdesk', details)).toBe(true);
    // A check made with no document URL is decided on the origin Chromium gives.
    expect(s.check(null, 'clipboard-sanitized-write', 'app://swarmdesk', { isMainFrame: true })).toBe(true);
  });

  it('anything else, or from anywhere else, is refused', () => {
    const s = fakeSession();
    installPermissionRules(s);
    for (const p of ['clipboard-read', 'media', 'notifications', 'openExternal', 'geolocation'] as const) {
      expect(ask(s, p, ours), p).toBe(false);
      expect(s.check(wc, p, 'app://swarmdesk', { ...ours }), p).toBe(false);
    }
    expect(ask(s, 'clipboard-sanitized-write', { requestingUrl: 'https://example.com/', isMainFrame: true })).toBe(false);
    expect(ask(s, 'clipboard-sanitized-write', { ...ours, isMainFrame: false })).toBe(false);
    expect(s.check(wc, 'clipboard-sanitized-write', 'https://example.com', { isMainFrame: true })).toBe(false);
    expect(s.check(wc, 'clipboard-sanitized-write', 'app://swarmdesk', { requestingUrl: 'https://example.com/', isMainFrame: true })).toBe(false);
  });
});

import { protocol } from 'electron';
import { createLogger } from '../core';
import { respondToAppRequest } from './app-protocol';
import { APP_SCHEME } from './policy';

const log = createLogger('protocol');

/**
 * `app://` as a standard, secure scheme (so the page has a real origin,
 * `app://swarmdesk`, and is not file://). Must run before `app.whenReady()`.
 */
export function registerAppSchemePrivileges(): void {
  protocol.registerSchemesAsPrivileged([
    // corsEnabled: Vite emits `<script type="module" crossorigin>`, a CORS-mode fetch that Chromium
    // refuses for schemes not marked CORS-capable. Our responses carry no Access-Control-Allow-*
    // headers, so no other origin can read them. codeCache: V8 keeps the compiled bundle between starts,
    // as for https: (Electron caches code for custom schemes only when asked, and only standard ones).
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } },
  ]);
}

/** Serve the built renderer from `rendererDir` on app://swarmdesk/. */
export function serveAppProtocol(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    try {
      return await respondToAppRequest(rendererDir, request.method, request.url);
    } catch (err) {
      log.error('app:// request failed', { err });
      return new Response('Internal error', { status: 500 });
    }
  });
}

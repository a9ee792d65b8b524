import { contentSecurityPolicy, HARDENING_HEADERS } from '../transport/csp';
import { readStaticFile } from '../transport/static-files';
import { APP_HOST, APP_SCHEME } from './policy';

/**
 * The `app://swarmdesk/...` protocol's answer to one request: the built
 * renderer's file (traversal-safe, SPA fallback) with the strict CSP. Uses
 * only the web-standard Response, so it is tested without Electron.
 */
export async function respondToAppRequest(rendererDir: string, method: string, rawUrl: string): Promise<Response> {
  const headers: Record<string, string> = {
    ...HARDENING_HEADERS,
    'Content-Security-Policy': contentSecurityPolicy({ kind: 'electron' }),
  };
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return new Response('Bad URL', { status: 400, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) {
    return new Response('Not found', { status: 404, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const file = await readStaticFile(rendererDir, method, url.pathname);
  return new Response(method === 'HEAD' ? null : new Uint8Array(file.body), {
    status: file.status,
    headers: { ...headers, 'Content-Type': file.contentType, 'Cache-Control': file.cacheControl },
  });
}

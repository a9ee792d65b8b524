/**
 * The one Content-Security-Policy of the renderer (SPEC §11), sent as a header
 * by both the Electron `app://` protocol and the web-mode HTTP server.
 *
 * The only difference is `connect-src`: in Electron the page talks over IPC and
 * needs no socket at all; in web mode it needs exactly its own server's
 * WebSocket, so the port is pinned instead of allowing every local port.
 */
const BASE_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
] as const;

export type CspTarget = { kind: 'electron' } | { kind: 'web'; port: number };

export function contentSecurityPolicy(target: CspTarget): string {
  const connect =
    target.kind === 'web'
      ? `connect-src 'self' ws://127.0.0.1:${target.port} ws://localhost:${target.port}`
      : "connect-src 'self'";
  const [defaultSrc, scriptSrc, styleSrc, imgSrc, ...rest] = BASE_DIRECTIVES;
  return [defaultSrc, scriptSrc, styleSrc, imgSrc, connect, ...rest].join('; ');
}

/** Headers every renderer response carries, besides the CSP. */
export const HARDENING_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Web mode's gatekeeping (SPEC §5, §11): a random access token, and the Host
 * and Origin allow-lists that keep other web pages (and DNS-rebinding tricks)
 * away from the loopback server.
 */

/** 32 random bytes, URL-safe (base64url, 43 characters). */
export function createAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Constant-time comparison. Both sides are hashed first so neither the
 * content nor the length of the expected token leaks through timing.
 */
export function tokensEqual(expected: string, candidate: unknown): boolean {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 1024) return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(candidate).digest();
  return timingSafeEqual(a, b);
}

const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(?::(\d{1,5}))?$/;

/**
 * The port a browser used to reach us when `host` (a Host header, or an
 * Origin's host part) names a loopback address or name, on any port: behind
 * an SSH tunnel (`ssh -L 5000:127.0.0.1:4100`) the browser's port is not ours.
 * Null for any other name, which keeps DNS rebinding out: a page from
 * evil.example re-pointed at 127.0.0.1 still sends `Host: evil.example`.
 */
export function loopbackPort(host: string | undefined): number | null {
  if (host === undefined) return null;
  const m = LOOPBACK_HOST.exec(host.toLowerCase());
  if (!m) return null;
  const port = m[2] === undefined ? 80 : Number(m[2]);
  return port >= 1 && port <= 65_535 ? port : null;
}

/** The Host header values we answer to: a loopback address or name, any port. */
export function isAllowedHost(host: string | undefined): boolean {
  return loopbackPort(host) !== null;
}

/**
 * The Origin a WebSocket upgrade must carry: a page this server served, i.e.
 * `http://` plus the very Host the upgrade was sent to (so a page served by
 * another local port cannot open our socket even though its host is loopback).
 */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined || !isAllowedHost(host)) return false;
  const o = origin.toLowerCase();
  if (!o.startsWith('http://')) return false;
  const originHost = o.slice('http://'.length);
  const h = (host ?? '').toLowerCase();
  // The same name, and the same port (a browser leaves :80 out of both).
  return loopbackPort(originHost) === loopbackPort(h) && originHost.replace(/:80$/, '') === h.replace(/:80$/, '');
}

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

/** The Host header values we answer to: the loopback address or name with our port. */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  const h = host.toLowerCase();
  return h === `127.0.0.1:${port}` || h === `localhost:${port}`;
}

/** The Origin a WebSocket upgrade must carry: a page this server served. */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return false;
  const o = origin.toLowerCase();
  return o === `http://127.0.0.1:${port}` || o === `http://localhost:${port}`;
}

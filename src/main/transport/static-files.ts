import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, sep } from 'node:path';

/**
 * Serving the built renderer (out/renderer) to either the Electron `app://`
 * protocol or the web-mode HTTP server, with one traversal-safe resolver.
 */

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

export function contentTypeFor(filePath: string): string {
  return CONTENT_TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Map a URL pathname to a file path inside `root`, or null when the path is
 * not acceptable: undecodable, NUL bytes, backslashes, `..` or dot-file
 * segments, or anything that would land outside `root` after joining.
 * Pure (no file system access); `readStaticFile` adds the symlink check.
 */
export function resolveStaticPath(root: string, urlPathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPathname);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s) => s.length > 0);
  if (segments.some((s) => s === '..' || s === '.' || s.startsWith('.') || s.includes(':'))) return null;
  const target = join(root, ...(segments.length > 0 ? segments : ['index.html']));
  const rel = relative(root, target);
  if (rel.startsWith('..') || isAbsolute(rel)) return null;
  return target;
}

/** True when the last path segment looks like a file name (has an extension). */
function looksLikeAsset(urlPathname: string): boolean {
  const last = urlPathname.split('/').pop() ?? '';
  return last.includes('.');
}

export interface StaticResponse {
  readonly status: 200 | 400 | 404 | 405;
  readonly contentType: string;
  readonly body: Buffer;
  /** index.html must be revalidated; content-hashed assets may be cached. */
  readonly cacheControl: string;
}

async function readInside(rootReal: string, candidate: string): Promise<Buffer | null> {
  try {
    const real = await realpath(candidate);
    if (real !== rootReal && !real.startsWith(rootReal + sep)) return null; // a symlink out of root
    const info = await stat(real);
    if (!info.isFile()) return null;
    return await readFile(real);
  } catch {
    return null;
  }
}

function textResponse(status: StaticResponse['status'], text: string): StaticResponse {
  return { status, contentType: 'text/plain; charset=utf-8', body: Buffer.from(text), cacheControl: 'no-store' };
}

/**
 * Answer a GET/HEAD for the renderer. A path with no extension that is not a
 * file falls back to index.html (the SPA's client-side routes); a missing
 * asset is a plain 404 so a broken build is not masked by HTML.
 */
export async function readStaticFile(root: string, method: string, urlPathname: string): Promise<StaticResponse> {
  if (method !== 'GET' && method !== 'HEAD') return textResponse(405, 'Method not allowed');
  const candidate = resolveStaticPath(root, urlPathname);
  if (candidate === null) return textResponse(400, 'Bad path');
  let rootReal: string;
  try {
    rootReal = await realpath(root);
  } catch {
    return textResponse(404, 'The renderer is not built (out/renderer is missing).');
  }
  let file = candidate;
  let body = await readInside(rootReal, candidate);
  if (body === null && !looksLikeAsset(urlPathname)) {
    file = join(root, 'index.html');
    body = await readInside(rootReal, file);
  }
  if (body === null) return textResponse(404, 'Not found');
  // Vite puts content-hashed files under /assets/; everything else is revalidated.
  const hashed = urlPathname.startsWith('/assets/') && file === candidate;
  return {
    status: 200,
    contentType: contentTypeFor(file),
    body,
    cacheControl: hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
}

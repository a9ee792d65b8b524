import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { respondToAppRequest } from '../../../src/main/electron/app-protocol';
import { contentSecurityPolicy } from '../../../src/main/transport/csp';
import { resolveStaticPath } from '../../../src/main/transport/static-files';

// A fake install: out/renderer next to a secret the protocol must never serve.
let base: string;
let root: string;
const SECRET = 'TOP-SECRET-CONTENT';

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'swarmdesk-proto-'));
  root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Swarmdesk</title>');
  writeFileSync(join(root, 'assets', 'app-abc.js'), 'console.log(1)');
  writeFileSync(join(root, 'assets', 'style.css'), 'body{}');
  writeFileSync(join(root, '.env'), SECRET);
  writeFileSync(join(base, 'secret.txt'), SECRET);
  writeFileSync(join(base, 'renderer-evil.txt'), SECRET);
  symlinkSync(join(base, 'secret.txt'), join(root, 'assets', 'link.txt'));
  symlinkSync(base, join(root, 'up'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

const get = (url: string, method = 'GET') => respondToAppRequest(root, method, url);

describe('app:// protocol handler', () => {
  it('serves index.html with the strict CSP and content type', async () => {
    const res = await get('app://swarmdesk/index.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(contentSecurityPolicy({ kind: 'electron' }));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toContain('<title>Swarmdesk</title>');
  });

  it('serves assets with their types and falls back to index.html for app routes', async () => {
    expect((await get('app://swarmdesk/assets/app-abc.js')).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await get('app://swarmdesk/assets/style.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
    const route = await get('app://swarmdesk/sessions/abc');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>Swarmdesk</title>');
    expect((await get('app://swarmdesk/assets/missing.js')).status).toBe(404);
  });

  it.each([
    'app://swarmdesk/..%2fsecret.txt',
    'app://swarmdesk/..%2Fsecret.txt',
    'app://swarmdesk/assets/..%2f..%2fsecret.txt',
    'app://swarmdesk/%2e%2e%2fsecret.txt',
    'app://swarmdesk/..%5csecret.txt',
    'app://swarmdesk/assets/link.txt',
    'app://swarmdesk/up/secret.txt',
    'app://swarmdesk/.env',
    'app://swarmdesk/%00index.html',
    'app://swarmdesk/%E0%A4%A',
    'app://swarmdesk/C:%5cWindows%5cwin.ini',
    'app://swarmdesk/../secret.txt',
    'app://swarmdesk/../renderer-evil.txt',
  ])('never serves a file outside the renderer: %s', async (url) => {
    const res = await get(url);
    expect(res.status).not.toBe(200);
    expect(await res.text()).not.toContain(SECRET);
  });

  it('answers only for the app host and only GET/HEAD', async () => {
    expect((await get('app://other/index.html')).status).toBe(404);
    expect((await get('app://swarmdesk/index.html', 'POST')).status).toBe(405);
    const head = await get('app://swarmdesk/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});

describe('resolveStaticPath (shared by app:// and web mode)', () => {
  it('maps / to index.html and plain paths inside the root', () => {
    expect(resolveStaticPath('/r', '/')).toBe('/r/index.html');
    expect(resolveStaticPath('/r', '/assets/a.js')).toBe('/r/assets/a.js');
  });

  it.each(['/../x', '/a/../../x', '/%2e%2e/x', '/a%2f..%2f..%2fx', '/a\\..\\x', '/.git/config', '/x%00', 'relative', '/%ZZ'])(
    'refuses %s',
    (p) => {
      expect(resolveStaticPath('/r', p)).toBeNull();
    },
  );
});

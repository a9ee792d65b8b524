import { describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  decideNavigation,
  decidePermission,
  decideWindowOpen,
  isAppUrl,
  isTrustedSender,
  mainWindowOptions,
  safeExternalUrl,
  safeStorageReallyEncrypts,
} from '../../../src/main/electron/policy';

describe('main window options (SPEC §11: sandbox, isolation, no node)', () => {
  const prefs = mainWindowOptions('/x/preload/index.cjs', { packaged: true, platform: 'linux' }).webPreferences ?? {};

  it('sandboxes and isolates the renderer', () => {
    expect(prefs.sandbox).toBe(true);
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.webSecurity).toBe(true);
  });

  it('gives the page no node and no webview', () => {
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.experimentalFeatures).toBe(false);
  });

  it('loads the given preload and nothing that weakens it', () => {
    expect(prefs.preload).toBe('/x/preload/index.cjs');
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
    expect(prefs).not.toHaveProperty('additionalArguments');
  });

  it('a release build has no DevTools; a development build has them', () => {
    expect(prefs.devTools).toBe(false);
    expect(mainWindowOptions('/p', { packaged: false, platform: 'linux' }).webPreferences?.devTools).toBe(true);
  });

  it('spellchecks only on macOS, with the OS spellchecker (elsewhere Chromium downloads dictionaries from a CDN)', () => {
    expect(prefs.spellcheck).toBe(false);
    expect(mainWindowOptions('/p', { packaged: true, platform: 'win32' }).webPreferences?.spellcheck).toBe(false);
    expect(mainWindowOptions('/p', { packaged: true, platform: 'darwin' }).webPreferences?.spellcheck).toBe(true);
  });

  it('starts on the app:// entry, not file://', () => {
    expect(APP_ENTRY_URL).toBe('app://swarmdesk/index.html');
  });
});

describe('safeExternalUrl: only http(s), re-parsed', () => {
  it.each([
    ['https://example.com/a?b=1#c', 'https://example.com/a?b=1#c'],
    ['http://example.com', 'http://example.com/'],
    ['HTTPS://Example.COM/path', 'https://example.com/path'],
  ])('opens %s as %s', (raw, expected) => {
    expect(safeExternalUrl(raw)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'app://swarmdesk/index.html',
    'ftp://example.com/',
    'smb://host/share',
    'mailto:a@b.c',
    'http://user:pw@example.com/',
    'https://bank.example@evil.example/',
    ' https://example.com',
    'https://example.com ',
    'https://exa mple.com',
    'https://example.com/\npath',
    '\u0000https://example.com',
    'https://example.com/\u0085x',
    '//example.com',
    'example.com',
    '',
    'http://',
    'https://' + 'a'.repeat(3000) + '.com',
  ])('refuses %j', (raw) => {
    expect(safeExternalUrl(raw)).toBeNull();
  });

  it('refuses non-strings', () => {
    expect(safeExternalUrl(undefined)).toBeNull();
    expect(safeExternalUrl({ toString: () => 'https://x.com' })).toBeNull();
  });
});

describe('navigation, new windows and permissions are denied', () => {
  it('never allows a navigation; a web link goes to the OS browser', () => {
    expect(decideNavigation('https://example.com/')).toEqual({ allow: false, openExternally: 'https://example.com/' });
    expect(decideNavigation('app://swarmdesk/other')).toEqual({ allow: false, openExternally: null });
    expect(decideNavigation('file:///etc/passwd')).toEqual({ allow: false, openExternally: null });
    expect(decideNavigation('javascript:alert(1)')).toEqual({ allow: false, openExternally: null });
  });

  it('denies every window.open; only http(s) is handed out', () => {
    expect(decideWindowOpen('https://example.com/x')).toEqual({ action: 'deny', openExternally: 'https://example.com/x' });
    expect(decideWindowOpen('about:blank')).toEqual({ action: 'deny', openExternally: null });
    expect(decideWindowOpen('http://u:p@example.com')).toEqual({ action: 'deny', openExternally: null });
  });

  const app = { requestingUrl: 'app://swarmdesk/index.html', isMainFrame: true };

  it('refuses every permission but the clipboard write, even to the app', () => {
    for (const p of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal', 'fullscreen']) {
      expect(decidePermission(p, app)).toBe(false);
    }
  });

  it('grants clipboard-sanitized-write to the app top frame only (Copy buttons, the terminal copy)', () => {
    expect(decidePermission('clipboard-sanitized-write', app)).toBe(true);
    expect(decidePermission('clipboard-sanitized-write', { ...app, requestingUrl: 'app://swarmdesk' })).toBe(true);
    for (const url of ['https://example.com/', 'file:///etc/passwd', 'app://evil/index.html', 'app://user@swarmdesk/', 'garbage', undefined]) {
      expect(decidePermission('clipboard-sanitized-write', { ...app, requestingUrl: url }), String(url)).toBe(false);
    }
    expect(decidePermission('clipboard-sanitized-write', { ...app, isMainFrame: false })).toBe(false);
  });
});

describe('sender validation', () => {
  const ours = 7;
  const good = { webContentsId: ours, isMainFrame: true, frameUrl: 'app://swarmdesk/index.html' };

  it('trusts our window top frame on app://swarmdesk', () => {
    expect(isTrustedSender(good, ours)).toBe(true);
    expect(isTrustedSender({ ...good, frameUrl: 'app://swarmdesk/sessions/abc?x=1' }, ours)).toBe(true);
  });

  it.each([
    ['another webContents', { ...good, webContentsId: 8 }],
    ['an iframe', { ...good, isMainFrame: false }],
    ['a disposed frame', { ...good, frameUrl: null }],
    ['a file:// page', { ...good, frameUrl: 'file:///tmp/index.html' }],
    ['a web page', { ...good, frameUrl: 'https://swarmdesk/' }],
    ['another app:// host', { ...good, frameUrl: 'app://evil/index.html' }],
    ['a look-alike host', { ...good, frameUrl: 'app://swarmdesk.evil/index.html' }],
    ['credentials in the URL', { ...good, frameUrl: 'app://x@swarmdesk/' }],
    ['an unparsable URL', { ...good, frameUrl: 'not a url' }],
  ])('refuses %s', (_label, facts) => {
    expect(isTrustedSender(facts, ours)).toBe(false);
  });

  it('refuses everything while there is no window', () => {
    expect(isTrustedSender(good, null)).toBe(false);
  });

  it('isAppUrl accepts only our origin', () => {
    expect(isAppUrl('app://swarmdesk/')).toBe(true);
    expect(isAppUrl('app://swarmdesk:8080/')).toBe(false);
    expect(isAppUrl('http://swarmdesk/')).toBe(false);
  });
});

describe('safeStorage counts as encryption only when it really encrypts (SPEC §11)', () => {
  it("Linux's basic_text (and unknown) fallback is not encryption; a keyring, macOS and Windows are", () => {
    expect(safeStorageReallyEncrypts('linux', true, () => 'basic_text')).toBe(false);
    expect(safeStorageReallyEncrypts('linux', true, () => 'unknown')).toBe(false);
    expect(safeStorageReallyEncrypts('linux', true, () => 'gnome_libsecret')).toBe(true);
    expect(safeStorageReallyEncrypts('linux', true, () => 'kwallet6')).toBe(true);
    expect(safeStorageReallyEncrypts('darwin', true, () => 'basic_text')).toBe(true);
    expect(safeStorageReallyEncrypts('win32', true, () => 'unknown')).toBe(true);
    expect(safeStorageReallyEncrypts('darwin', false, () => 'gnome_libsecret')).toBe(false);
  });
});

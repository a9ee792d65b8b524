import { afterEach, describe, expect, it } from 'vitest';
import { resolveDataDir } from '../../../src/main/core/store';
import { startCore, type Harness } from './harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.core.close();
  h = undefined;
});

describe('app:info', () => {
  it('reports version, platform, transport, folders and start-up notices', async () => {
    h = startCore();
    expect(await h.ok('app:info', {})).toEqual({
      version: '9.9.9',
      platform: process.platform,
      transport: 'web',
      dataDir: h.dataDir,
      defaultFolder: '/home/tester',
      notices: [],
      notifications: true,
      notifyDone: false,
      theme: 'system',
      lastFolder: null,
    });
  });
});

describe('notifications and the badge', () => {
  it('web mode has neither from main: the renderer uses the browser (UNAVAILABLE)', async () => {
    h = startCore();
    const row = await h.ok('sessions:create', { kind: 'chat', folder: h.dataDir });
    expect(await h.call('app:notify', { sessionId: row.id, title: 'Waiting', body: 'x' })).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
    expect(await h.call('app:setBadge', { count: 2 })).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
  });

  it('the desktop shows the notification; a click pushes app:openSession for that session', async () => {
    const shown: Array<{ title: string; body: string; click: () => void }> = [];
    const badges: number[] = [];
    h = startCore({
      platform: {
        transport: 'electron',
        notify: (n, onClick) => shown.push({ ...n, click: onClick }) > 0,
        setBadgeCount: (count) => badges.push(count) > 0,
      },
    });
    const row = await h.ok('sessions:create', { kind: 'chat', folder: h.dataDir });
    expect(await h.ok('app:notify', { sessionId: row.id, title: 'Fix the build', body: 'Waiting for you' })).toEqual({ shown: true });
    expect(shown.map(({ title, body }) => ({ title, body }))).toEqual([{ title: 'Fix the build', body: 'Waiting for you' }]);
    expect(h.eventsOf('app:openSession')).toEqual([]);
    shown[0]?.click();
    expect(h.eventsOf('app:openSession')).toEqual([{ sessionId: row.id }]);
    expect(await h.ok('app:setBadge', { count: 3 })).toEqual({ shown: true });
    expect(badges).toEqual([3]);
  });

  it('the off switch is kept across a restart, clears the badge, and silences notify', async () => {
    const shown: string[] = [];
    const badges: number[] = [];
    const platform = {
      transport: 'electron' as const,
      notify: (n: { title: string }) => shown.push(n.title) > 0,
      setBadgeCount: (count: number) => badges.push(count) > 0,
    };
    h = startCore({ platform });
    const dataDir = h.dataDir;
    const row = await h.ok('sessions:create', { kind: 'chat', folder: dataDir });
    expect(await h.ok('app:setNotifications', { enabled: false })).toEqual({ enabled: false });
    expect(badges).toEqual([0]);
    await h.core.close();
    h = startCore({ dataDir, platform });
    expect((await h.ok('app:info', {})).notifications).toBe(false);
    expect(await h.ok('app:notify', { sessionId: row.id, title: 'Quiet', body: '' })).toEqual({ shown: false });
    await h.ok('app:setBadge', { count: 4 });
    expect(shown).toEqual([]);
    expect(badges).toEqual([0, 0]);
    await h.ok('app:setNotifications', { enabled: true });
    expect((await h.ok('app:info', {})).notifications).toBe(true);
  });
});

describe('app:openExternal', () => {
  it('opens plain http(s) URLs, normalised', async () => {
    h = startCore();
    expect(await h.ok('app:openExternal', { url: 'https://example.com/a%20b?q=1' })).toEqual({ opened: true });
    expect(await h.ok('app:openExternal', { url: 'HTTP://Example.com' })).toEqual({ opened: true });
    // Whitespace the parser would quietly fix means what was shown is not what opens: refused.
    expect(await h.ok('app:openExternal', { url: 'https://example.com/a b' })).toEqual({ opened: false });
    expect(h.opened).toEqual(['https://example.com/a%20b?q=1', 'http://example.com/']);
  });

  it('refuses every other scheme, credentials and junk without calling the platform', async () => {
    h = startCore();
    const refused = [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'smb://host/share',
      'https://user:pass@example.com/',
      'https://user@example.com/',
      'not a url',
      '//example.com/no-scheme',
      ' javascript:alert(1)',
      'app://swarmdesk/index.html',
    ];
    for (const url of refused) expect(await h.ok('app:openExternal', { url }), url).toEqual({ opened: false });
    expect(h.opened).toEqual([]);
  });
});

describe('resolveDataDir', () => {
  const home = '/home/u';
  it('prefers SWARMDESK_DATA_DIR everywhere', () => {
    for (const p of ['linux', 'darwin', 'win32'] as const) {
      expect(resolveDataDir({ SWARMDESK_DATA_DIR: '/data/sd' }, p, home)).toBe('/data/sd');
    }
  });
  it('uses each OS per-user app data folder', () => {
    expect(resolveDataDir({}, 'linux', home)).toBe('/home/u/.local/share/swarmdesk');
    expect(resolveDataDir({ XDG_DATA_HOME: '/xdg' }, 'linux', home)).toBe('/xdg/swarmdesk');
    expect(resolveDataDir({ XDG_DATA_HOME: 'relative/ignored' }, 'linux', home)).toBe('/home/u/.local/share/swarmdesk');
    expect(resolveDataDir({}, 'darwin', home)).toBe('/home/u/Library/Application Support/Swarmdesk');
    expect(resolveDataDir({ APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'win32', 'C:\\Users\\u')).toBe(
      'C:\\Users\\u\\AppData\\Roaming\\Swarmdesk',
    );
  });
});

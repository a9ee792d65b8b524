import type { AppInfo } from '../../../shared/ipc/app';
import { AppError } from '../../../shared/result';
import type { FrontAbilities, Platform } from '../core';
import type { CoreEvents } from '../events';
import type { SettingsRepo } from '../store/repos/settings';
import type { Preferences } from './preferences';
import { createLogger } from '../logger';

const log = createLogger('app');

export interface AppServiceDeps {
  readonly platform: Platform;
  readonly version: string;
  readonly platformName: string;
  readonly dataDir: string;
  readonly defaultFolder: string;
  readonly notices: readonly string[];
  readonly events: CoreEvents;
  readonly settings: SettingsRepo;
  /** The theme and the last folder, for the renderer's start. */
  readonly preferences?: Preferences;
}

const NOTIFICATIONS_KEY = 'app.notifications';
const NOTIFY_DONE_KEY = 'app.notifyDone';

/** Start-up facts and the one way out of the app to a browser. */
export class AppService {
  constructor(private readonly deps: AppServiceDeps) {}

  /** `front`: the requesting front under the session host (its kind, not the host's). */
  info(front?: FrontAbilities): AppInfo {
    const d = this.deps;
    return {
      version: d.version,
      platform: d.platformName,
      transport: (front ?? d.platform).transport,
      dataDir: d.dataDir,
      defaultFolder: d.defaultFolder,
      notices: [...d.notices],
      notifications: this.notificationsEnabled(),
      notifyDone: this.notifyDone(),
      theme: d.preferences?.theme() ?? 'system',
      lastFolder: d.preferences?.lastFolder() ?? null,
    };
  }

  /** The settings switch for notifications and the badge; on unless the user turned it off. */
  notificationsEnabled(): boolean {
    return this.deps.settings.get(NOTIFICATIONS_KEY) !== false;
  }

  /** The opt-in for a notification when a turn finishes (done); off unless the user turned it on. */
  notifyDone(): boolean {
    return this.deps.settings.get(NOTIFY_DONE_KEY) === true;
  }

  setNotifyDone(enabled: boolean): { enabled: boolean } {
    this.deps.settings.set(NOTIFY_DONE_KEY, enabled);
    return { enabled };
  }

  async setNotifications(enabled: boolean, front?: FrontAbilities): Promise<{ enabled: boolean }> {
    this.deps.settings.set(NOTIFICATIONS_KEY, enabled);
    // The badge goes with the switch: turned off, no number stays on the icon.
    if (!enabled) await this.abilities(front).setBadgeCount?.(0);
    return { enabled };
  }

  /** An OS notification for a session (desktop app); a click brings the session on screen through an `app:openSession` push. */
  async notify(sessionId: string, title: string, body: string, front?: FrontAbilities): Promise<{ shown: boolean }> {
    const notify = this.abilities(front).notify;
    if (!notify) throw new AppError('UNAVAILABLE', 'OS notifications from main are only in the desktop app; the browser shows its own.');
    if (!this.notificationsEnabled()) return { shown: false };
    return { shown: await notify({ title, body, sessionId }) };
  }

  async setBadge(count: number, front?: FrontAbilities): Promise<{ shown: boolean }> {
    const setBadgeCount = this.abilities(front).setBadgeCount;
    if (!setBadgeCount) throw new AppError('UNAVAILABLE', 'The icon badge is only in the desktop app; the browser tab title shows the count.');
    return { shown: await setBadgeCount(this.notificationsEnabled() ? count : 0) };
  }

  /** The requesting front's abilities, else (in-process) the core's own Platform's. */
  private abilities(front: FrontAbilities | undefined): FrontAbilities {
    if (front) return front;
    const p = this.deps.platform;
    const events = this.deps.events;
    return {
      transport: p.transport,
      openExternal: (url) => p.openExternal(url),
      ...(p.pickFolder && { pickFolder: (defaultPath: string | undefined) => p.pickFolder!(defaultPath) }),
      ...(p.notify && {
        notify: async (n: { title: string; body: string; sessionId: string }) =>
          p.notify!({ title: n.title, body: n.body }, () => events.emit('app:openSession', { sessionId: n.sessionId })),
      }),
      ...(p.setBadgeCount && { setBadgeCount: async (count: number) => p.setBadgeCount!(count) }),
    };
  }

  /** Opens only plain http(s) URLs without credentials, re-parsed here whatever the renderer checked. */
  async openExternal(url: string, front?: FrontAbilities): Promise<{ opened: boolean }> {
    const safe = safeExternalUrl(url);
    if (safe === null) {
      log.warn('refused to open a URL', { scheme: url.slice(0, 12) });
      return { opened: false };
    }
    try {
      return { opened: await this.abilities(front).openExternal(safe) };
    } catch (err) {
      log.error('platform failed to open a URL', { err });
      return { opened: false };
    }
  }

  /** "Browse…" in the new-session dialog (the folder is still checked on create). */
  async pickFolder(defaultPath: string | undefined, front?: FrontAbilities): Promise<{ folder: string | null }> {
    const pickFolder = this.abilities(front).pickFolder;
    if (!pickFolder) throw new AppError('UNAVAILABLE', 'The folder picker is only in the desktop app; type the folder path instead.');
    return { folder: await pickFolder(defaultPath) };
  }
}

const MAX_EXTERNAL_URL = 2048;

/**
 * The only URLs the OS browser may receive: http(s), re-parsed with `new URL`,
 * no credentials (a `https://bank.example@evil.example` look-alike), no
 * whitespace or control characters anywhere (the parser would silently trim
 * them, so what the user saw and what opens could differ). Returns the
 * re-serialised URL to open, or null.
 */
export function safeExternalUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_EXTERNAL_URL) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f-\u009f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  if (url.hostname === '') return null;
  return url.href;
}

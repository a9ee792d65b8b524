import type { AppInfo } from '../../../shared/ipc/app';
import type { Platform } from '../core';
import { createLogger } from '../logger';

const log = createLogger('app');

export interface AppServiceDeps {
  readonly platform: Platform;
  readonly version: string;
  readonly platformName: string;
  readonly dataDir: string;
  readonly defaultFolder: string;
  readonly notices: readonly string[];
}

/** Start-up facts and the one way out of the app to a browser. */
export class AppService {
  constructor(private readonly deps: AppServiceDeps) {}

  info(): AppInfo {
    const d = this.deps;
    return {
      version: d.version,
      platform: d.platformName,
      transport: d.platform.transport,
      dataDir: d.dataDir,
      defaultFolder: d.defaultFolder,
      notices: [...d.notices],
    };
  }

  /** Opens only plain http(s) URLs without credentials, re-parsed here whatever the renderer checked. */
  async openExternal(url: string): Promise<{ opened: boolean }> {
    const safe = safeExternalUrl(url);
    if (safe === null) {
      log.warn('refused to open a URL', { scheme: url.slice(0, 12) });
      return { opened: false };
    }
    try {
      return { opened: await this.deps.platform.openExternal(safe) };
    } catch (err) {
      log.error('platform failed to open a URL', { err });
      return { opened: false };
    }
  }
}

/** The normalised URL when it is http(s) with no user name or password, else null. */
export function safeExternalUrl(raw: string): string | null {
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

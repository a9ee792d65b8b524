import type { AppInfo } from '../../shared/ipc/app';
import type { SecretBox } from './models/credentials';
import type { CoreEvents } from './events';
import type { Router } from './router/router';
export type { FrontAbilities } from './router/router';

/**
 * What the Electron entry or the web server gets from the core: one router, one
 * event stream, start-up facts. Platform-only work is injected via `Platform`.
 */
export interface Platform {
  readonly transport: 'electron' | 'web';
  /** Open an http(s) URL outside the app; the core has already re-parsed it. */
  openExternal(url: string): Promise<boolean>;
  /** Encrypts API keys at rest (Electron safeStorage); absent in web mode, where keys come from env or are kept as plain text with a warning. */
  readonly secrets?: SecretBox;
  /** The OS folder picker (Electron); absent in web mode, where the path is typed. Null: cancelled. */
  pickFolder?(defaultPath: string | undefined): Promise<string | null>;
  /** An OS notification (Electron); absent in web mode, where the renderer uses the browser's. `onClick` runs when the user clicks it. */
  notify?(notification: { title: string; body: string }, onClick: () => void): boolean;
  /** The number on the dock/taskbar icon (Electron); absent in web mode. */
  setBadgeCount?(count: number): boolean;
}

export interface CoreOptions {
  readonly dataDir: string;
  readonly platform: Platform;
  readonly env?: NodeJS.ProcessEnv;
  readonly version?: string;
}

export interface Core<S = unknown> {
  readonly router: Router<S>;
  readonly events: CoreEvents;
  info(): AppInfo;
  close(): Promise<void>;
}

import type { App } from 'electron';

/**
 * macOS relaunch (issue 29). The session host runs as the app's own bundle
 * binary, so macOS counts it as a running copy of the app: after a quit that
 * keeps agents running, a Dock click can reach the hidden host (`activate`),
 * which has no window to show. The host hands that click to a new front;
 * should a front already run, the new one loses the single-instance lock and
 * its `second-instance` focuses that front's window instead.
 */
export interface FrontCommand {
  readonly command: string;
  readonly args: string[];
}

/** How to start a front from the host: the same binary, with the app folder in development, without the host flag. */
export function frontCommand(execPath: string, appPath: string, packaged: boolean): FrontCommand {
  return { command: execPath, args: packaged ? [] : [appPath] };
}

export interface HandoffOptions {
  readonly launchFront: () => void;
  /** Clicks closer together than this start one front (the Dock sends `activate` again while the first starts). */
  readonly minGapMs?: number;
  readonly now?: () => number;
  readonly log: { info(msg: string, fields?: Record<string, unknown>): void; error(msg: string, fields?: Record<string, unknown>): void };
}

export function handActivateToFront(app: Pick<App, 'on'>, opts: HandoffOptions): void {
  const minGapMs = opts.minGapMs ?? 5_000;
  const now = opts.now ?? Date.now;
  let last = -Infinity;
  app.on('activate', () => {
    const t = now();
    if (t - last < minGapMs) return;
    last = t;
    opts.log.info('the app was activated in the session host; starting a window');
    try {
      opts.launchFront();
    } catch (err) {
      opts.log.error('could not start a window from the session host', { err });
    }
  });
}

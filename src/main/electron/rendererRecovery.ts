import type { App, Details, RenderProcessGoneDetails } from 'electron';

/**
 * A crashed or hung renderer left a blank window (issue 29). The window's
 * renderer is reloaded in a fresh process when it dies or stays unresponsive,
 * at most `maxReloads` times within `windowMs`; past that the user is told
 * (`giveUp`) instead of the window flashing forever. Narrow ports, so the
 * rules are unit-tested without Electron.
 */
export interface RecoverableWindow {
  on(event: 'unresponsive' | 'responsive' | 'closed', listener: () => void): unknown;
  isDestroyed(): boolean;
  readonly webContents: {
    on(event: 'render-process-gone', listener: (event: unknown, details: Pick<RenderProcessGoneDetails, 'reason' | 'exitCode'>) => void): unknown;
    reload(): void;
    forcefullyCrashRenderer(): void;
  };
}

type Log = { info(msg: string, fields?: Record<string, unknown>): void; warn(msg: string, fields?: Record<string, unknown>): void; error(msg: string, fields?: Record<string, unknown>): void };

export interface RecoveryOptions {
  readonly log: Log;
  /** Called once when the reloads are spent: say so (the window stays, blank). */
  readonly giveUp: (reason: string) => void;
  readonly maxReloads?: number;
  readonly windowMs?: number;
  /** How long an unresponsive page may stay so before its renderer is replaced. */
  readonly hangMs?: number;
  readonly now?: () => number;
}

export const RECOVERY_DEFAULTS = { maxReloads: 3, windowMs: 5 * 60_000, hangMs: 15_000 } as const;

export function watchRenderer(win: RecoverableWindow, opts: RecoveryOptions): void {
  const maxReloads = opts.maxReloads ?? RECOVERY_DEFAULTS.maxReloads;
  const windowMs = opts.windowMs ?? RECOVERY_DEFAULTS.windowMs;
  const hangMs = opts.hangMs ?? RECOVERY_DEFAULTS.hangMs;
  const now = opts.now ?? Date.now;
  const reloads: number[] = [];
  let gaveUp = false;
  let hang: ReturnType<typeof setTimeout> | null = null;
  const clearHang = (): void => {
    if (hang !== null) clearTimeout(hang);
    hang = null;
  };

  win.webContents.on('render-process-gone', (_event, details) => {
    clearHang();
    if (details.reason === 'clean-exit' || win.isDestroyed()) return;
    opts.log.error('the window renderer is gone', { reason: details.reason, exitCode: details.exitCode });
    if (gaveUp) return;
    const t = now();
    while (reloads.length > 0 && t - (reloads[0] ?? t) > windowMs) reloads.shift();
    if (reloads.length >= maxReloads) {
      gaveUp = true;
      opts.giveUp(details.reason);
      return;
    }
    reloads.push(t);
    opts.log.info('reloading the window', { attempt: reloads.length });
    win.webContents.reload();
  });
  win.on('unresponsive', () => {
    opts.log.warn('the window is not responding');
    if (hang !== null) return;
    // Still hung after hangMs: end its renderer; render-process-gone then reloads it in a fresh process.
    hang = setTimeout(() => {
      hang = null;
      if (win.isDestroyed()) return;
      opts.log.error('the window stayed unresponsive; restarting its renderer', { hangMs });
      win.webContents.forcefullyCrashRenderer();
    }, hangMs);
  });
  win.on('responsive', () => {
    if (hang !== null) opts.log.info('the window responds again');
    clearHang();
  });
  win.on('closed', clearHang);
}

/** Other Chromium processes (GPU, utility) that die: logged; Chromium restarts the ones it needs. */
export function logChildProcessGone(app: Pick<App, 'on'>, log: Log): void {
  app.on('child-process-gone', (_event, details: Details) => {
    if (details.reason === 'clean-exit') return;
    log.warn('a Chromium helper process is gone', { type: details.type, reason: details.reason, exitCode: details.exitCode, name: details.name });
  });
}

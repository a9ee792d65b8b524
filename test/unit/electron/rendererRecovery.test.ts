import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logChildProcessGone, watchRenderer, type RecoverableWindow } from '../../../src/main/electron/rendererRecovery';

/** A window whose events a test fires, counting what recovery does to it. */
function fakeWindow() {
  const win = new EventEmitter();
  const contents = new EventEmitter();
  const did = { reloads: 0, crashes: 0, destroyed: false };
  const port = Object.assign(win, {
    isDestroyed: () => did.destroyed,
    webContents: Object.assign(contents, {
      reload: () => void did.reloads++,
      forcefullyCrashRenderer: () => {
        did.crashes++;
        contents.emit('render-process-gone', {}, { reason: 'killed', exitCode: 9 });
      },
    }),
  }) as unknown as RecoverableWindow & EventEmitter & { webContents: EventEmitter };
  return { win: port, did, gone: (reason = 'crashed') => port.webContents.emit('render-process-gone', {}, { reason, exitCode: 1 }) };
}

function recordingLog() {
  const lines: string[] = [];
  const at = (level: string) => (msg: string) => void lines.push(`${level} ${msg}`);
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

afterEach(() => vi.useRealTimers());

describe('a crashed or hung renderer recovers (issue 29: a blank window)', () => {
  it('a crash is logged and reloaded, up to the bound; then the user is told once', () => {
    const { win, did, gone } = fakeWindow();
    const { lines, log } = recordingLog();
    const gaveUp: string[] = [];
    const t = 0;
    watchRenderer(win, { log, giveUp: (r) => gaveUp.push(r), maxReloads: 3, windowMs: 60_000, now: () => t });
    for (let i = 0; i < 3; i++) gone('oom');
    expect(did.reloads).toBe(3);
    expect(lines.filter((l) => l.startsWith('error the window renderer is gone'))).toHaveLength(3);
    gone();
    gone();
    expect(did.reloads).toBe(3);
    expect(gaveUp).toEqual(['crashed']);
  });

  it('the bound is per time window: crashes far apart keep reloading', () => {
    const { did, win, gone } = fakeWindow();
    let t = 0;
    watchRenderer(win, { log: recordingLog().log, giveUp: () => undefined, maxReloads: 2, windowMs: 1_000, now: () => t });
    for (let i = 0; i < 5; i++) {
      gone();
      t += 2_000;
    }
    expect(did.reloads).toBe(5);
  });

  it('a clean exit, or a window being closed, is not a crash', () => {
    const { did, win, gone } = fakeWindow();
    watchRenderer(win, { log: recordingLog().log, giveUp: () => undefined });
    gone('clean-exit');
    did.destroyed = true;
    gone('crashed');
    expect(did.reloads).toBe(0);
  });

  it('a page unresponsive past the limit gets a fresh renderer; one that answers again is left alone', () => {
    vi.useFakeTimers();
    const { win, did } = fakeWindow();
    watchRenderer(win, { log: recordingLog().log, giveUp: () => undefined, hangMs: 10_000 });
    win.emit('unresponsive');
    vi.advanceTimersByTime(5_000);
    win.emit('responsive');
    vi.advanceTimersByTime(20_000);
    expect(did.crashes).toBe(0);
    win.emit('unresponsive');
    win.emit('unresponsive'); // Chromium repeats it; one timer
    vi.advanceTimersByTime(10_000);
    expect(did.crashes).toBe(1);
    expect(did.reloads).toBe(1); // render-process-gone (killed) reloaded it in a new process
  });

  it('other Chromium processes that die are logged', () => {
    const app = new EventEmitter();
    const { lines, log } = recordingLog();
    logChildProcessGone(app as never, log);
    app.emit('child-process-gone', {}, { type: 'GPU', reason: 'crashed', exitCode: 139 });
    app.emit('child-process-gone', {}, { type: 'Utility', reason: 'clean-exit', exitCode: 0 });
    expect(lines).toEqual(['warn a Chromium helper process is gone']);
  });

  it('the entry watches every window it creates and the app-wide helpers', async () => {
    const { readFileSync } = await import('node:fs');
    const entry = readFileSync('src/main/index.ts', 'utf8');
    expect(entry).toMatch(/win = createMainWindow\(PRELOAD_PATH\);\s*watchRenderer\(win, /);
    expect(entry).toMatch(/logChildProcessGone\(app, log\)/);
  });
});

import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { installQuitStep, QUIT_STEP_LIMIT_MS, type QuitApp } from '../../../src/main/electron/quitStep';
import { until } from '../../support/until';

/** An `app` whose quit emits `will-quit` as Electron's does; a quit not prevented ends it. */
function fakeApp() {
  const emitter = new EventEmitter();
  const state = { ended: false, quits: 0, prevented: 0 };
  const app = {
    on: (name: string, listener: (...args: unknown[]) => void) => {
      emitter.on(name, listener);
      return app;
    },
    quit: () => {
      state.quits++;
      let prevented = false;
      emitter.emit('will-quit', { preventDefault: () => (prevented = true) });
      if (prevented) state.prevented++;
      else state.ended = true;
    },
  };
  return { app: app as unknown as QuitApp, state };
}

const quietLog = { warn: () => undefined, error: () => undefined };

describe('quitting is bounded (issue 29: quit could hang on a stuck host)', () => {
  it('the limit is about 3 seconds', () => {
    expect(QUIT_STEP_LIMIT_MS).toBeGreaterThanOrEqual(2_000);
    expect(QUIT_STEP_LIMIT_MS).toBeLessThanOrEqual(5_000);
  });

  it('a step that never ends holds the quit only until the limit', async () => {
    const { app, state } = fakeApp();
    const warned: string[] = [];
    installQuitStep(app, { limitMs: 150, log: { ...quietLog, warn: (m) => warned.push(m) }, step: () => () => new Promise<void>(() => undefined) });
    const t0 = Date.now();
    app.quit();
    expect(state.prevented).toBe(1);
    expect(state.ended).toBe(false);
    await until(() => state.ended, { timeoutMs: 5_000 });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    expect(warned).toHaveLength(1);
  });

  it('a step that ends or throws quits at once, and runs once even if quit is asked again meanwhile', async () => {
    for (const outcome of ['ok', 'throws'] as const) {
      const { app, state } = fakeApp();
      let runs = 0;
      let finish!: () => void;
      installQuitStep(app, {
        limitMs: 60_000,
        log: quietLog,
        step: () => () => {
          runs++;
          return new Promise<void>((resolve, reject) => (finish = () => (outcome === 'ok' ? resolve() : reject(new Error('socket closed')))));
        },
      });
      app.quit();
      app.quit(); // a second Cmd+Q while the host is told
      expect(runs).toBe(1);
      expect(state.ended).toBe(false);
      finish();
      await until(() => state.ended, { timeoutMs: 2_000 });
    }
  });

  it('with no host to leave the quit is not held', () => {
    const { app, state } = fakeApp();
    installQuitStep(app, { limitMs: 60_000, log: quietLog, step: () => null });
    app.quit();
    expect(state.ended).toBe(true);
  });
});

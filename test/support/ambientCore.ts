import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createCore, type SwarmCore } from '../../src/main/core/app';
import type { ManualClock } from '../../src/main/core/services';
import { startModelServer, type ModelServer } from './model-server';

export interface AmbientCores {
  /** This test's stand-in model server (a fresh one per test). */
  readonly server: ModelServer;
  /** This test's data folder: every core started here opens it, so a second start is a restart. */
  readonly dataDir: string;
  /** A real core on the data folder with exactly `env`, on the real clock unless one is given; closed after the test. */
  start: (env: NodeJS.ProcessEnv, clock?: ManualClock) => SwarmCore;
  /** Closes a core started here before the test ends (to start another on the same data folder). */
  close: (core: SwarmCore) => Promise<void>;
  /** The real Anthropic SDK against this test's stand-in. */
  anthropicEnv: () => NodeJS.ProcessEnv;
}

/**
 * Registers a test file's hooks for the ambient engine in real cores (real SQLite file, real router):
 * a fresh stand-in model server and data folder per test, every core started closed after it.
 */
export function ambientCores(prefix: string): AmbientCores {
  const open: SwarmCore[] = [];
  let server: ModelServer | null = null;
  let dataDir: string | null = null;
  const fx: AmbientCores = {
    get server() {
      if (!server) throw new Error('the stand-in model server starts in beforeEach');
      return server;
    },
    get dataDir() {
      if (!dataDir) throw new Error('the data folder is made in beforeEach');
      return dataDir;
    },
    start: (env, clock) => {
      const c = createCore({ dataDir: fx.dataDir, platform: { transport: 'web', openExternal: async () => false }, env, defaultFolder: '/tmp', ...(clock ? { clock } : {}) });
      open.push(c);
      return c;
    },
    close: async (core) => {
      open.splice(open.indexOf(core), 1);
      await core.close();
    },
    anthropicEnv: () => ({ ANTHROPIC_API_KEY: 'x', ANTHROPIC_BASE_URL: fx.server.url, PATH: process.env.PATH }),
  };
  beforeEach(async () => {
    server = await startModelServer();
    dataDir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
    await server?.close();
    server = null;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = null;
  });
  return fx;
}

/** One user turn as the agent runtime drives it: user entry, assistant answer, then the turn-completed hook. */
export function turn(c: SwarmCore, id: string, user: string, assistant: string): void {
  c.services.sessions.appendEntry(id, 'user', user);
  c.services.sessions.appendEntry(id, 'assistant', assistant);
  c.services.hooks.emit('turnCompleted', c.services.sessions.get(id));
}

/** Waits until the ambient scheduler stays idle (jobs chain: a result may start another). */
export async function settle(c: SwarmCore): Promise<void> {
  for (let i = 0; i < 5; i += 1) {
    await c.services.ambient.engine.scheduler.idle();
    await new Promise((r) => setTimeout(r, 20));
  }
}

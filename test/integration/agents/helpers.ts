import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCore, type SwarmCore } from '../../../src/main/core/app';
import type { SessionRow } from '../../../src/shared/domain/session';
import type { AgentEvent } from '../../../src/main/core/agents/types';
import type { ClaudeCodeSession } from '../../../src/main/core/agents/claude/backend';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { coreGitEnv } from '../../support/gitRepo';
import { startModelServer, type ModelServer } from '../../support/model-server';
import { sessionRow } from '../../support/sessionRow';

const here = dirname(fileURLToPath(import.meta.url));
export const REAL_CLAUDE = resolve(here, '../../../node_modules/.bin/claude');
export const FAKE_CLAUDE = resolve(here, 'fixtures/fake-claude.mjs');

export function tempDir(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), `swarmdesk-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export function makeRow(over: Partial<SessionRow> = {}): SessionRow {
  return sessionRow({ id: 'sess-1', kind: 'claude-code', folder: tmpdir(), ...over });
}

/** Records a session's events and waits for one that matches. */
export class Recorder {
  readonly events: AgentEvent[] = [];
  private waiters: Array<{ test: (e: AgentEvent) => boolean; resolve: (e: AgentEvent) => void }> = [];
  readonly sink = (e: AgentEvent): void => {
    this.events.push(e);
    for (const w of [...this.waiters]) {
      if (w.test(e)) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(e);
      }
    }
  };

  /** The next event (from now, or already seen after `from`) matching `test`. */
  waitFor(test: (e: AgentEvent) => boolean, timeoutMs = 30_000, from = 0): Promise<AgentEvent> {
    const seen = this.events.slice(from).find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolvePromise, reject) => {
      const t = setTimeout(() => reject(new Error(`no matching event in ${timeoutMs} ms; saw ${JSON.stringify(this.events.map((e) => e.type))}`)), timeoutMs);
      this.waiters.push({ test, resolve: (e) => { clearTimeout(t); resolvePromise(e); } });
    });
  }

  entries(kind?: string): Array<Extract<AgentEvent, { type: 'entry' }>> {
    return this.events.filter((e): e is Extract<AgentEvent, { type: 'entry' }> => e.type === 'entry' && (!kind || e.entry.kind === kind));
  }

  /** The statuses the backend set, and `answered` where it ended a turn with its answer (the runtime then decides waiting or idle). */
  statuses(child?: string): string[] {
    return this.events.flatMap((e) => (e.type === 'status' && e.child === child ? [e.status] : e.type === 'answered' && !child ? ['answered'] : []));
  }
}

export const isStatus = (status: string, child?: string) => (e: AgentEvent) => e.type === 'status' && e.status === status && e.child === child;

/** Whether any process in group `pgid` is still alive (zombies count as gone). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  // Signal 0 succeeds for zombies; look at /proc where it exists.
  try {
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(rest[2]) === pgid && rest[0] !== 'Z') return true;
      } catch {
        // gone meanwhile
      }
    }
    return false;
  } catch {
    return true;
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** The environment the real Claude CLI gets against a stand-in model server: no network beyond it, its own HOME. */
export function claudeEnv(serverUrl: string, home: string): NodeJS.ProcessEnv {
  return { ANTHROPIC_BASE_URL: serverUrl, ANTHROPIC_API_KEY: 'x', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', HOME: home };
}

/** A real core's environment for the agent tests: the real CLI and the chat against the stand-in, no ambient, no import. */
export function agentCoreEnv(serverUrl: string, home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    ...claudeEnv(serverUrl, home),
    SWARMDESK_AMBIENT_PROVIDER: 'off',
    SWARMDESK_IMPORT: '0',
    SWARMDESK_CHAT_PROVIDER: 'anthropic',
    SWARMDESK_CLAUDE_PATH: REAL_CLAUDE,
    ...extra,
  };
}

export interface ClaudeFixture {
  server: ModelServer;
  home: ReturnType<typeof tempDir>;
  work: ReturnType<typeof tempDir>;
  /** Sessions to dispose after each test (before the server closes, so no CLI outlives its model). */
  readonly open: ClaudeCodeSession[];
}

/** Registers a test file's hooks for the real CLI: a HOME and a work folder per file, a fresh stand-in server per test. */
export function claudeFixture(prefix: string): ClaudeFixture {
  const fx = { open: [] } as unknown as ClaudeFixture;
  beforeAll(() => {
    fx.home = tempDir(`${prefix}-home`);
    fx.work = tempDir(`${prefix}-work`);
  });
  beforeEach(async () => {
    fx.server = await startModelServer();
  });
  afterEach(async () => {
    await Promise.all(fx.open.splice(0).map((s) => s.dispose()));
    await fx.server.close();
  });
  afterAll(() => {
    fx.home.remove();
    fx.work.remove();
  });
  return fx;
}

export interface AgentCores {
  /** This test's stand-in model server (a fresh one per test). */
  readonly server: ModelServer;
  /** This test's folder: the cores' HOME and default folder, their data in `data/` under it (a second start is a restart). */
  readonly dir: ReturnType<typeof tempDir>;
  /** A real core with the real agents against the stand-in (`agentCoreEnv`) and the tests' git; closed after the test. */
  start: () => SwarmCore;
  /** Closes a core started here before the test ends (to start another on the same data folder). */
  close: (core: SwarmCore) => Promise<void>;
}

/** Registers a test file's hooks for real cores running real agents: a fresh stand-in and folder per test, every core closed after it. */
export function agentCores(prefix: string): AgentCores {
  const open: SwarmCore[] = [];
  let server: ModelServer | null = null;
  let dir: ReturnType<typeof tempDir> | null = null;
  const fx: AgentCores = {
    get server() {
      if (!server) throw new Error('the stand-in model server starts in beforeEach');
      return server;
    },
    get dir() {
      if (!dir) throw new Error('the folder is made in beforeEach');
      return dir;
    },
    start: () => {
      const env = agentCoreEnv(fx.server.url, fx.dir.path, coreGitEnv());
      const core = createCore({ dataDir: join(fx.dir.path, 'data'), platform: { transport: 'web', openExternal: async () => false }, env, defaultFolder: fx.dir.path });
      open.push(core);
      return core;
    },
    close: async (core) => {
      open.splice(open.indexOf(core), 1);
      await core.close();
    },
  };
  beforeEach(async () => {
    server = await startModelServer();
    dir = tempDir(prefix);
  });
  afterEach(async () => {
    for (const core of open.splice(0)) await core.close();
    await server?.close();
    server = null;
    dir?.remove();
    dir = null;
  });
  return fx;
}

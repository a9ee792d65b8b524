import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { setLogSink } from '../../src/main/core/logger';
import type { PermissionRequest } from '../../src/shared/ipc/acp';
import { GEMINI_BIN, makeGeminiHome, type GeminiHome } from '../support/geminiHome';
import { startGeminiStandIn, type GeminiStandIn } from '../support/geminiStandIn';
import { coreGitEnv } from '../support/gitRepo';
import { until } from '../support/until';
import { live, ok, pushed, startCore, type Harness } from './acp/harness';
import { groupAlive, tempDir } from './agents/helpers';

/**
 * A Swarmdesk core with the real Gemini CLI as its built-in agent `gemini` (found through
 * SWARMDESK_GEMINI_PATH), against the loopback stand-in of the Gemini API: one stand-in
 * and one gemini home per file, a core over a fresh data folder per test, and at each
 * test's end every gemini it started gone with its process group.
 */

export const TURN_MS = 60_000;
/** Keys of other providers in Swarmdesk's environment: gemini must get none of them. */
export const FOREIGN_KEYS = { ANTHROPIC_API_KEY: 'sk-ant-not-for-gemini', OPENAI_API_KEY: 'sk-openai-not-for-gemini' };

export interface GeminiCore {
  readonly standIn: GeminiStandIn;
  readonly h: Harness;
  /** The test's root (the core's data, work and state folders inside). */
  readonly root: string;
  /** Starts a core again over the same data folder (after `h.core.close()`: a restart). */
  restart(): Harness;
  /** A new `acp` session with agent `gemini` in the work folder: its id and the folder's real path. */
  session(): Promise<{ id: string; folder: string }>;
  /** Gemini's pid once it runs (recorded: the test's end checks its group is gone). */
  pid(id: string): Promise<number>;
  /** The `<date>T<HH>-<MM>` gemini named its record of conversation `acpSessionId` by (see the restart test), or null. */
  chatFileMinute(acpSessionId: string): string | null;
  /** The session's next permission request (pushed, and what `acp:permission` answers), other than `after`. */
  permissionAsked(id: string, after: string | null): Promise<PermissionRequest>;
}

/** Registers the hooks; the returned object's fields are valid inside tests. */
export function useGeminiCore(): GeminiCore {
  setLogSink(() => {});
  let standIn: GeminiStandIn;
  let gh: GeminiHome;
  let dir: ReturnType<typeof tempDir>;
  let h: Harness;
  let pids: number[] = [];
  const env = (): NodeJS.ProcessEnv => ({ ...gh.env, ...FOREIGN_KEYS, ...coreGitEnv(), SWARMDESK_GEMINI_PATH: GEMINI_BIN });

  beforeAll(async () => {
    standIn = await startGeminiStandIn();
    gh = makeGeminiHome(standIn.url);
  });
  afterAll(async () => {
    await standIn.close();
    gh.remove();
  });
  beforeEach(() => {
    dir = tempDir('acp-gemini');
    h = startCore(dir.path, { env: env() });
    pids = [];
  });
  afterEach(async () => {
    await h.core.close();
    // Closing the core ends every agent's process group (gemini relaunches itself as a child: both go).
    for (const pid of pids) await until(() => !groupAlive(pid), { timeoutMs: 15_000, message: `gemini's group ${pid} to be gone` });
    dir.remove();
  });

  return {
    get standIn() {
      return standIn;
    },
    get h() {
      return h;
    },
    get root() {
      return dir.path;
    },
    restart: () => {
      h = startCore(dir.path, { env: env() });
      return h;
    },
    session: async () => {
      const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'gemini', folder: h.work });
      return { id: row.id, folder: realpathSync(h.work) };
    },
    pid: async (id) => {
      const pid = await until(() => live(h, id).pid, { timeoutMs: TURN_MS, message: 'gemini to be started' });
      if (!pids.includes(pid)) pids.push(pid);
      return pid;
    },
    chatFileMinute: (acpSessionId) => {
      const tmp = join(gh.home, '.gemini', 'tmp');
      for (const project of existsSync(tmp) ? readdirSync(tmp) : []) {
        const chats = join(tmp, project, 'chats');
        const file = (existsSync(chats) ? readdirSync(chats) : []).find((f) => f.includes(acpSessionId.slice(0, 8)));
        const m = file ? /^session-(\d{4}-\d\d-\d\dT\d\d-\d\d)-/.exec(file) : null;
        if (m?.[1]) return m[1];
      }
      return null;
    },
    permissionAsked: async (id, after) => {
      const request = await until(
        () => pushed(h, 'acp:permission').find((p) => p.sessionId === id && p.request !== null && p.request.requestId !== after)?.request,
        { timeoutMs: TURN_MS, message: 'a permission request' },
      );
      expect((await ok(h, 'acp:permission', { id })).request).toEqual(request);
      return request;
    },
  };
}

/** Now, as gemini names its chat files (`<date>T<HH>-<MM>`, UTC). */
export function minuteNow(): string {
  return new Date().toISOString().slice(0, 16).replace(':', '-');
}

/** A process's environment, from /proc. */
export function environOf(pid: number): Map<string, string> {
  const raw = readFileSync(`/proc/${pid}/environ`, 'utf8');
  return new Map(raw.split('\0').filter((kv) => kv.includes('=')).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
}

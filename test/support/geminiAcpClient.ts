/**
 * The real `gemini --acp` driven straight through the SDK's client side
 * (`@agentclientprotocol/sdk` 2.4, no Swarmdesk code in between): the evidence that
 * the stand-in and the settings in `geminiHome.ts` make the real agent speak the
 * real protocol. It spawns gemini in a process group of its own, answers the
 * agent's client-side requests the way an editor would (fs/* confined to the
 * folder, permission requests held until the test answers them) and records
 * everything. `stop()` ends the whole group and waits until it is gone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import { groupAlive } from '../integration/agents/helpers';
import { GEMINI_BIN } from './geminiHome';
import { until } from './until';

/** A permission request the agent waits on, until the test answers it. */
export interface HeldPermission {
  readonly params: acp.RequestPermissionRequest;
  /** Sends the chosen option back to the agent. */
  answer(optionId: string): void;
  readonly answered: boolean;
}

export interface FsCall {
  readonly method: 'fs/read_text_file' | 'fs/write_text_file';
  readonly path: string;
  /** What was written (writes only). */
  readonly content?: string;
  /** Refused: outside the folder. */
  readonly refused: boolean;
}

export interface GeminiAcp {
  readonly child: ChildProcess;
  readonly pid: number;
  /** The connection's agent side: `request('session/new', …)`, `notify('session/cancel', …)`. */
  readonly agent: acp.ClientContext;
  readonly updates: acp.SessionUpdate[];
  readonly permissions: HeldPermission[];
  readonly fsCalls: FsCall[];
  /** Milliseconds from spawn to the `initialize` answer. */
  readonly startupMs: number;
  readonly initialize: acp.InitializeResponse;
  stderr(): string;
  /** The agent's message text since update number `from`. */
  messageText(from?: number): string;
  /** Ends the process group (TERM, then KILL after 5 s) and waits until none of it is left. */
  stop(): Promise<void>;
}

/** `promise`, or a rejection naming `what` once `ms` have passed: nothing here waits unbounded. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`gave up after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function inside(folder: string, path: string): boolean {
  if (!isAbsolute(path)) return false;
  const rel = relative(folder, resolve(path));
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

export interface GeminiAcpOptions {
  /** Advertise `fs.readTextFile` (default true); without it gemini reads the disk itself. */
  readonly readTextFile?: boolean;
  /** Bound on the `initialize` answer (default 60 s). */
  readonly timeoutMs?: number;
}

export async function startGeminiAcp(folder: string, env: Record<string, string>, options: GeminiAcpOptions = {}): Promise<GeminiAcp> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const root = realpathSync(folder);
  const updates: acp.SessionUpdate[] = [];
  const permissions: HeldPermission[] = [];
  const fsCalls: FsCall[] = [];
  let stderr = '';

  const started = performance.now();
  const child = spawn(GEMINI_BIN, ['--acp'], { cwd: root, env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  const pid = child.pid;
  if (pid === undefined) throw new Error('gemini --acp did not start');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => {
    stderr += d;
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  const refuse = (method: FsCall['method'], path: string): never => {
    fsCalls.push({ method, path, refused: true });
    throw acp.RequestError.invalidParams({ path }, `${path} is outside the session's folder`);
  };

  const app = acp
    .client({ name: 'swarmdesk-test' })
    .onNotification('session/update', ({ params }) => {
      updates.push(params.update);
    })
    .onRequest('session/request_permission', ({ params }) => {
      return new Promise<acp.RequestPermissionResponse>((answerWith) => {
        let answered = false;
        permissions.push({
          params,
          answer: (optionId) => {
            answered = true;
            answerWith({ outcome: { outcome: 'selected', optionId } });
          },
          get answered() {
            return answered;
          },
        });
      });
    })
    .onRequest('fs/read_text_file', ({ params }) => {
      if (!inside(root, params.path)) return refuse('fs/read_text_file', params.path);
      fsCalls.push({ method: 'fs/read_text_file', path: params.path, refused: false });
      // A missing file is ACP's "resource not found" (-32002), as an editor answers it.
      if (!existsSync(params.path)) throw acp.RequestError.resourceNotFound(params.path);
      return { content: readFileSync(params.path, 'utf8') };
    })
    .onRequest('fs/write_text_file', ({ params }) => {
      if (!inside(root, params.path)) return refuse('fs/write_text_file', params.path);
      fsCalls.push({ method: 'fs/write_text_file', path: params.path, content: params.content, refused: false });
      writeFileSync(params.path, params.content);
      return {};
    });

  const stream = acp.ndJsonStream(
    Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
    Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
  );
  const connection = app.connect(stream);

  const stop = async (): Promise<void> => {
    connection.close();
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // already gone
    }
    const killer = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }, 5_000);
    try {
      await exited;
      await until(() => !groupAlive(pid), { timeoutMs: 15_000, message: `gemini's process group ${pid} to be gone` });
    } finally {
      clearTimeout(killer);
    }
  };

  let initialize: acp.InitializeResponse;
  try {
    const asked = connection.agent.request(
      'initialize',
      {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientCapabilities: { fs: { readTextFile: options.readTextFile ?? true, writeTextFile: true }, terminal: false },
        clientInfo: { name: 'swarmdesk-test', version: '0' },
      },
    );
    initialize = await within(asked, timeoutMs, 'the answer to initialize');
  } catch (error) {
    await stop();
    throw new Error(`gemini --acp did not answer initialize: ${String(error)}; stderr: ${stderr.slice(-2_000)}`);
  }
  const startupMs = performance.now() - started;

  return {
    child,
    pid,
    agent: connection.agent,
    updates,
    permissions,
    fsCalls,
    startupMs,
    initialize,
    stderr: () => stderr,
    messageText: (from = 0) =>
      updates
        .slice(from)
        .flatMap((u) => (u.sessionUpdate === 'agent_message_chunk' && u.content.type === 'text' ? [u.content.text] : []))
        .join(''),
    stop,
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import { ndJsonStream, type AnyMessage, type Stream } from '@agentclientprotocol/sdk';
import { MAX_PEER_DEPTH, valueDeeperThan } from '../../../../shared/jsonDepth';
import { createLogger } from '../../logger';
import { RateLimitedWarnings } from '../../rateLimitedLog';
import { childEnv } from '../../spawn/childEnv';
import type { LiveAgentsPort } from '../liveAgentsRecord';
import type { ReportTokenPort } from '../sessionReports/sessionTokens';
import type { AcpLaunch } from './catalog';
import { KNOWN_UPDATE_KINDS } from './translate';

/*
 * One ACP agent process: spawned detached (its own process group, so a stop ends all of it)
 * with the environment its audience may have, its stdio turned into the SDK's ndJSON stream.
 * The framing is the SDK's; this only watches the bytes go by: any stdout is activity (the
 * idle watchdog), and a parse-error reply the SDK sends back means the agent printed a line
 * that is not JSON (the SDK answers it and reads on: for us it is a typed error).
 */

const STDERR_TAIL = 4_000;
const STDOUT_TAIL = 2_000;
/** A single ACP message larger than this ends the connection (a flood in one line). */
export const MAX_ACP_MESSAGE_BYTES = 64 * 1024 * 1024;

export interface AgentProcessHandlers {
  onActivity(): void;
  /** The agent printed a line that is not JSON (`line`: our best guess at it, clipped). */
  onGarbage(line: string): void;
  /** A `session/update` of a kind ACP does not define: taken out before the SDK (which would drop it unseen). */
  onUnknownUpdate(sessionId: unknown, kind: string): void;
  /** Once, when the process is gone (or could not start: `err`). */
  onExit(code: number | null, sig: NodeJS.Signals | null, err?: Error): void;
}

export interface AgentProcess {
  readonly child: ChildProcess;
  /** The report variables this process was given (its session's token), for our MCP server's entry; empty when none. */
  readonly reportEnv: Readonly<Record<string, string>>;
  readonly stream: Stream;
  readonly exited: Promise<void>;
  stderrTail(): string;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();
/** Agents' messages set aside as nested too deeply: at most 10 lines a minute, then a count. */
const tooDeep = new RateLimitedWarnings(createLogger('acp'), 10, 60_000);

/**
 * A message nested deeper than MAX_PEER_DEPTH (JSON.parse does not recurse; the SDK's schemas and our
 * JSON.stringify do): a reply to us becomes an error reply for its request, a request from the agent
 * is answered with an error (`refuse`), a notification is dropped. The agent carries on either way.
 */
function boundDepth(message: AnyMessage, refuse: (line: Uint8Array) => void): AnyMessage | null {
  if (!valueDeeperThan(message, MAX_PEER_DEPTH)) return message;
  const m = message as { id?: unknown; method?: unknown };
  const id = typeof m.id === 'string' || typeof m.id === 'number' ? m.id : null;
  const method = typeof m.method === 'string' ? m.method.slice(0, 80) : null;
  tooDeep.warn('an agent sent a message nested too deeply; set aside', { method, id });
  const error = { code: -32600, message: `Message nested too deeply (more than ${MAX_PEER_DEPTH} levels).` };
  if (id !== null && method === null) return { jsonrpc: '2.0', id, error } as AnyMessage;
  if (id !== null) refuse(encoder.encode(`${JSON.stringify({ jsonrpc: '2.0', id, error })}\n`));
  return null;
}

function isParseErrorReply(chunk: Uint8Array): boolean {
  if (chunk.byteLength > 4_096) return false;
  const text = decoder.decode(chunk);
  return text.includes('"id":null') && text.includes('"code":-32700');
}

/** The last line of `tail` that does not look like a JSON message. */
function lastNonJsonLine(tail: string): string {
  const lines = tail.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('{'));
  return (lines.at(-1) ?? '').slice(0, 200);
}

function unknownUpdateKind(message: AnyMessage): string | null {
  if (!('method' in message) || message.method !== 'session/update' || 'id' in message) return null;
  const kind = (message.params as { update?: { sessionUpdate?: unknown } } | undefined)?.update?.sessionUpdate;
  return typeof kind === 'string' && !KNOWN_UPDATE_KINDS.has(kind) ? kind : null;
}

/** `record`: the live agents record, where the group is added once spawned and removed once gone. */
export function startAgentProcess(
  launch: AcpLaunch,
  cwd: string,
  baseEnv: NodeJS.ProcessEnv,
  coreEnv: NodeJS.ProcessEnv,
  on: AgentProcessHandlers,
  record?: { readonly port: LiveAgentsPort; readonly sessionId: string },
  /** A report token of this session in the agent's environment (issue 33's MCP server), revoked once it is gone. */
  report?: { readonly port: ReportTokenPort; readonly sessionId: string },
): AgentProcess {
  const issued = report?.port.issue(report.sessionId);
  // The user's own variables for a user-defined agent go on top as given (they chose them for it); the token
  // last, after childEnv (which keeps every SWARMDESK_…TOKEN out): it is this process's own.
  const env = { ...childEnv(baseEnv, launch.audience, coreEnv), ...launch.ownEnv, ...issued?.env };
  let child: ChildProcess;
  try {
    child = spawn(launch.command, [...launch.args], { cwd, detached: true, stdio: ['pipe', 'pipe', 'pipe'], env });
  } catch (err) {
    issued?.token.revoke();
    throw err;
  }
  const pid = child.pid;
  if (pid !== undefined) record?.port.add(pid, 'acp', record.sessionId);
  let stderr = '';
  let stdoutTail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
  });
  // Writing to an agent that died meanwhile: the exit handler reports it, not an unhandled error.
  child.stdin?.on('error', () => undefined);
  const stdin = Writable.toWeb(child.stdin as Writable) as WritableStream<Uint8Array>;
  const writer = stdin.getWriter();
  const output = new WritableStream<Uint8Array>({
    async write(chunk) {
      if (isParseErrorReply(chunk)) on.onGarbage(lastNonJsonLine(stdoutTail));
      await writer.write(chunk).catch(() => undefined);
    },
    async close() {
      await writer.close().catch(() => undefined);
    },
  });
  const watched = (Readable.toWeb(child.stdout as Readable) as ReadableStream<Uint8Array>).pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        on.onActivity();
        stdoutTail = (stdoutTail + decoder.decode(chunk.byteLength > STDOUT_TAIL ? chunk.subarray(chunk.byteLength - STDOUT_TAIL) : chunk)).slice(-STDOUT_TAIL);
        controller.enqueue(chunk);
      },
    }),
  );
  const framed = ndJsonStream(output, watched, { maxMessageBytes: MAX_ACP_MESSAGE_BYTES });
  const stream: Stream = {
    writable: framed.writable,
    readable: framed.readable.pipeThrough(
      new TransformStream<AnyMessage, AnyMessage>({
        transform(received, controller) {
          const message = boundDepth(received, (line) => void writer.write(line).catch(() => undefined));
          if (message === null) return;
          const kind = unknownUpdateKind(message);
          if (kind === null) controller.enqueue(message);
          else on.onUnknownUpdate((message as { params?: { sessionId?: unknown } }).params?.sessionId, kind);
        },
      }),
    ),
  };
  const exited = new Promise<void>((resolve) => {
    let settled = false;
    const done = (code: number | null, sig: NodeJS.Signals | null, err?: Error): void => {
      if (settled) return;
      settled = true;
      if (pid !== undefined) record?.port.remove(pid);
      issued?.token.revoke();
      on.onExit(code, sig, err);
      resolve();
    };
    child.once('error', (err) => done(null, null, err));
    child.once('close', (code, sig) => done(code, sig));
  });
  return { child, reportEnv: issued?.env ?? {}, stream, exited, stderrTail: () => stderr };
}

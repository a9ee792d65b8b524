import { spawn, type ChildProcess } from 'node:child_process';
import { childEnv } from '../../spawn/childEnv';
import { BoundedLineReader } from '../lineReader';
import type { LiveAgentsPort } from '../liveAgentsRecord';
import type { ReportTokenPort } from '../sessionReports/sessionTokens';

const STDERR_TAIL = 4_000;

export interface CliProcessOptions {
  readonly path: string;
  readonly args: readonly string[];
  readonly cwd: string;
  /** Added to the process environment (through `childEnv`: no foreign secrets). */
  readonly env?: NodeJS.ProcessEnv;
  readonly maxLineBytes: number;
  /** The live agents record: the group is added once spawned, removed once gone. */
  readonly record?: { readonly port: LiveAgentsPort; readonly sessionId: string };
  /** A report token of this session in its environment (issue 33's MCP server uses it), revoked once the process is gone. */
  readonly report?: { readonly port: ReportTokenPort; readonly sessionId: string };
}

export interface CliProcessHandlers {
  /** Any stdout at all (the idle watchdog's touch). */
  onActivity(): void;
  onLine(line: string): void;
  onOversize(bytes: number): void;
  /** Once, when the process is gone (or could not start: `err`). */
  onExit(code: number | null, sig: NodeJS.Signals | null, err?: Error): void;
}

/** One started CLI: its child, when it is gone, and the end of what it printed on stderr. */
export interface CliProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<void>;
  stderrTail(): string;
}

/**
 * Starts the CLI detached (its own process group: a stop ends the whole group) with
 * pipes on all three streams, stdout read line by line with a bound. Throws when
 * spawn itself throws; a missing executable arrives as `onExit` with an error.
 */
export function startCliProcess(opts: CliProcessOptions, on: CliProcessHandlers): CliProcess {
  const issued = opts.report?.port.issue(opts.report.sessionId);
  let child: ChildProcess;
  try {
    child = spawn(opts.path, [...opts.args], {
      cwd: opts.cwd,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      // The token after childEnv, which keeps every SWARMDESK_…TOKEN out: this one is the process's own.
      env: { ...childEnv(process.env, 'claude', opts.env), ...issued?.env },
    });
  } catch (err) {
    issued?.token.revoke();
    throw err;
  }
  const pid = child.pid;
  if (pid !== undefined) opts.record?.port.add(pid, 'claude-code', opts.record.sessionId);
  let tail = '';
  const reader = new BoundedLineReader({ maxLineBytes: opts.maxLineBytes, onLine: on.onLine, onOversize: on.onOversize });
  child.stdout?.on('data', (chunk: Buffer) => {
    on.onActivity();
    reader.push(chunk);
  });
  child.stdout?.on('end', () => reader.end());
  child.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-STDERR_TAIL);
  });
  const exited = new Promise<void>((resolve) => {
    let settled = false;
    const done = (code: number | null, sig: NodeJS.Signals | null, err?: Error): void => {
      if (settled) return;
      settled = true;
      if (pid !== undefined) opts.record?.port.remove(pid);
      issued?.token.revoke();
      on.onExit(code, sig, err);
      resolve();
    };
    child.once('error', (err) => done(null, null, err));
    child.once('close', (code, sig) => done(code, sig));
  });
  return { child, exited, stderrTail: () => tail };
}

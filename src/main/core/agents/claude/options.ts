import type { LiveAgentsPort } from '../liveAgentsRecord';
import type { ReportTokenPort } from '../sessionReports/sessionTokens';
import { isPermissionMode } from './args';

export interface ClaudeBackendOptions {
  /** The `claude` executable (`SWARMDESK_CLAUDE_PATH`, else settings, else `claude` on PATH); read per run. */
  readonly claudePath: string | (() => string);
  /** Added to the process environment (tests pass the stand-in server and a temp HOME). */
  readonly env?: NodeJS.ProcessEnv;
  /** Silence (no line at all) that ends a running turn. Default 15 min: a foreground tool may run 10. */
  readonly idleMs?: number;
  /** After the model ends its turn, the `result` line must follow within this. Default 60 s. */
  readonly resultMs?: number;
  /** Once asked to end (stdin closed), the process must exit within this. Default 10 s. */
  readonly exitMs?: number;
  /**
   * How long a live CLI waits between turns before it is ended (the next turn resumes it
   * with `--resume`). Read at each turn's end. Default 10 min (`SWARMDESK_CLAUDE_KEEPALIVE_SECONDS`).
   */
  readonly keepAliveMs?: number | (() => number);
  /** Live CLIs kept waiting between turns, across sessions; past it the oldest idle one is ended. Default 8. */
  readonly maxIdleProcesses?: number;
  /** After a stop's interrupt request, the CLI must end the turn within this, else its group is killed. Default 500 ms (it answers in tens). */
  readonly interruptMs?: number;
  /** Longest stdout line kept; a longer one becomes an error entry. Default 16 MB. */
  readonly maxLineBytes?: number;
  /** Live text is pushed at most this often. Default 50 ms. */
  readonly streamThrottleMs?: number;
  /** The live agents record (each CLI's process group); absent: not recorded. */
  readonly liveAgents?: LiveAgentsPort;
  /** Gives each CLI process a report token of its session (`agents/sessionReports/`); absent: none. */
  readonly reports?: ReportTokenPort;
}

/** The environment overrides the setting (SPEC §10). */
export function resolveClaudePath(settingsPath: string | null | undefined, env: NodeJS.ProcessEnv): string {
  return env.SWARMDESK_CLAUDE_PATH?.trim() || settingsPath?.trim() || 'claude';
}

/** The mode as the command line carries it (`default` and unknown values are no flag). */
export function effectiveMode(mode: string | null): string | null {
  return mode && mode !== 'default' && isPermissionMode(mode) ? mode : null;
}

export function pathOf(opts: ClaudeBackendOptions): string {
  return typeof opts.claudePath === 'function' ? opts.claudePath() : opts.claudePath;
}

export const DEFAULT_KEEPALIVE_MS = 10 * 60_000;

/** The keep-alive from the environment (whole seconds), else the default. */
export function resolveKeepAliveMs(env: NodeJS.ProcessEnv): number {
  const raw = env.SWARMDESK_CLAUDE_KEEPALIVE_SECONDS?.trim();
  const seconds = raw ? Number(raw) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : DEFAULT_KEEPALIVE_MS;
}

/** The keep-alive in effect now (the option may be read from settings each time). */
export function keepAliveOf(opts: ClaudeBackendOptions): number {
  return typeof opts.keepAliveMs === 'function' ? opts.keepAliveMs() : (opts.keepAliveMs ?? DEFAULT_KEEPALIVE_MS);
}

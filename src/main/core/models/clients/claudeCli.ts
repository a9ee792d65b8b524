/**
 * One-shot text calls through the user's Claude Code CLI (`claude -p`): no API key needed where
 * the user is logged in, so it spends their own plan and is only used when chosen. Our
 * system prompt replaces the agent's, no tools are offered, nothing is saved as a session,
 * and the run happens in a scratch folder so no project instructions are read. The whole
 * process group is ended when the total bound passes.
 */
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { childEnv } from '../../spawn/childEnv';
import { ModelError } from '../errors';
import { CallWatchdog } from '../watchdog';

const KILL_GRACE_MS = 2_000;
const MAX_OUTPUT = 1_000_000;

export interface ClaudeCliOptions {
  /** Path of the `claude` executable (SWARMDESK_CLAUDE_PATH or the settings); default `claude` on PATH. */
  readonly path?: string;
  readonly model: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
}

interface CliResult {
  result?: unknown;
  is_error?: unknown;
  usage?: { input_tokens?: unknown; output_tokens?: unknown; cache_read_input_tokens?: unknown; cache_creation_input_tokens?: unknown };
}

function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

/** The CLI's one JSON result object (the last line that parses). */
function parseResult(stdout: string): CliResult | null {
  const lines = stdout.trim().split('\n').reverse();
  for (const l of lines) {
    const t = l.trim();
    if (!t.startsWith('{')) continue;
    try {
      return JSON.parse(t) as CliResult;
    } catch {
      continue;
    }
  }
  return null;
}

export function cliArgs(system: string, model: string): string[] {
  return [
    '-p',
    '--system-prompt', system,
    '--model', model,
    '--output-format', 'json',
    '--tools', '',
    '--max-turns', '1',
    '--no-session-persistence',
    '--strict-mcp-config',
    '--disable-slash-commands',
  ];
}

export interface CliReply {
  readonly text: string;
  readonly model: string;
  readonly tokensIn: number;
  readonly tokensOut: number;
}

export interface ClaudeCliClient {
  readonly model: string;
  complete(prompt: { readonly system: string; readonly user: string }, totalMs: number, signal?: AbortSignal): Promise<CliReply>;
}

export function createClaudeCliClient(opts: ClaudeCliOptions): ClaudeCliClient {
  const model = opts.model;
  const path = opts.path || 'claude';
  return {
    model,
    complete(prompt, total, signal): Promise<CliReply> {
      // The CLI prints nothing until it is done: only the total bound applies.
      const deadline = new CallWatchdog({ connectMs: total, idleMs: total, totalMs: total }, signal);
      return new Promise<CliReply>((resolve, reject) => {
        let stdout = '';
        let stderr = '';
        let killTimer: ReturnType<typeof setTimeout> | null = null;
        const child = spawn(path, cliArgs(prompt.system, model), {
          cwd: opts.cwd ?? tmpdir(),
          env: childEnv(opts.env ?? process.env, 'claude'),
          stdio: ['pipe', 'pipe', 'pipe'],
          detached: true, // its own process group, so ending it ends its children too
        });
        const killGroup = (signal: NodeJS.Signals): void => {
          try {
            if (child.pid) process.kill(-child.pid, signal);
          } catch {
            /* already gone */
          }
        };
        const onAbort = (): void => {
          killGroup('SIGTERM');
          killTimer = setTimeout(() => killGroup('SIGKILL'), KILL_GRACE_MS);
        };
        deadline.signal.addEventListener('abort', onAbort, { once: true });
        child.stdout.on('data', (d: Buffer) => {
          if (stdout.length < MAX_OUTPUT) stdout += d.toString('utf8');
        });
        child.stderr.on('data', (d: Buffer) => {
          if (stderr.length < 10_000) stderr += d.toString('utf8');
        });
        child.stdin.on('error', () => undefined); // a CLI that exits early closes its stdin
        child.stdin.end(prompt.user);
        const finish = (err: ModelError | null, reply?: CliReply): void => {
          deadline.signal.removeEventListener('abort', onAbort);
          if (killTimer) clearTimeout(killTimer);
          deadline.dispose();
          if (err) reject(err);
          else if (reply) resolve(reply);
        };
        child.on('error', (err: NodeJS.ErrnoException) => {
          finish(
            err.code === 'ENOENT'
              ? new ModelError('config', `Claude Code CLI not found at "${path}". Install it or set its path in Settings (SWARMDESK_CLAUDE_PATH).`)
              : new ModelError('cli', `claude-cli: ${err.message}`),
          );
        });
        child.on('close', (code) => {
          if (deadline.reason !== null) {
            finish(new ModelError(deadline.reason === 'caller' ? 'aborted' : 'timeout', `claude-cli: no answer within ${total} ms`));
            return;
          }
          const parsed = parseResult(stdout);
          if (!parsed || typeof parsed.result !== 'string') {
            finish(new ModelError('cli', `claude-cli exited ${code ?? 'by signal'} without a result${stderr ? `: ${stderr.trim().slice(0, 200)}` : ''}`));
            return;
          }
          if (parsed.is_error === true) {
            finish(new ModelError('cli', `claude-cli: ${parsed.result.slice(0, 200)}`));
            return;
          }
          const u = parsed.usage ?? {};
          finish(null, {
            text: parsed.result,
            model,
            tokensIn: num(u.input_tokens) + num(u.cache_read_input_tokens) + num(u.cache_creation_input_tokens),
            tokensOut: num(u.output_tokens),
          });
        });
      });
    },
  };
}

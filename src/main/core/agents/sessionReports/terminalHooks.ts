import { createLogger } from '../../logger';
import { AgentShims, reporterCommand, type ReporterCommand, type ShellLaunch } from './agentShims';
import { scriptCommand, type ScriptCommand } from './scriptCommand';
import type { SessionReports } from './reportEndpoint';

const log = createLogger('session-reports');

/** What a terminal's environment gets, and the undo for when its process ends. */
export interface TerminalHookEnv {
  readonly env: Record<string, string>;
  /** Revokes the session's token (the terminal's process ended). */
  readonly revoke: () => void;
}

/**
 * The agent CLIs' own hooks for terminal sessions (SPEC §8, first in the order of trust): the endpoint
 * listening, the shim folder written, and per terminal a token of its own and a PATH starting with the shims.
 */
export class TerminalHooks {
  private readying: Promise<void> | null = null;
  private shims: AgentShims | null = null;

  constructor(
    private readonly reports: SessionReports,
    private readonly dataDir: string,
    private readonly reporter: ReporterCommand | null = reporterCommand(),
    private readonly mcpServer: ScriptCommand | null = scriptCommand('mcp-server'),
  ) {}

  /** The endpoint listens and the shims are written (once); never rejects: without them terminals run unhooked. */
  ready(): Promise<void> {
    this.readying ??= (async () => {
      try {
        await this.reports.listen();
        if (this.reporter === null || process.platform === 'win32') {
          log.info('agent hooks are off here', { reason: this.reporter === null ? 'no reporter in this build' : 'no POSIX shell for the shims' });
          return;
        }
        const shims = new AgentShims(this.dataDir, this.reporter, this.mcpServer);
        shims.write();
        this.shims = shims;
      } catch (err) {
        log.warn('agent hooks are off: the report endpoint or the shims could not be set up', { err });
      }
    })();
    return this.readying;
  }

  /** How the user's interactive shell starts (bash: our rc file; zsh: our ZDOTDIR; each reads theirs); as it is before `ready`. */
  shellLaunch(shell: string, env: Readonly<Record<string, string | undefined>>): ShellLaunch {
    return this.shims?.shellLaunch(shell, env) ?? { args: [], env: {} };
  }

  /** The variables a terminal of `sessionId` starts with (its token, the endpoint, PATH with the shims first). */
  terminalEnv(sessionId: string, path: string | undefined): TerminalHookEnv {
    const shims = this.shims;
    if (shims === null || this.reports.url === null) return { env: {}, revoke: () => undefined };
    const { token, env } = this.reports.issue(sessionId);
    return { env: { ...env, PATH: shims.pathWith(path) }, revoke: token.revoke };
  }
}

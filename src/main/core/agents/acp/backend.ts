import type { SessionRow } from '../../../../shared/domain/session';
import { AppError } from '../../../../shared/result';
import type { AgentBackend, AgentEventSink, AgentSession, AgentSessionContext } from '../types';
import type { AcpBackendOptions } from './options';
import { AcpSession } from './session';

export { AcpSession } from './session';

/** Sessions of kind `acp`: any agent speaking the Agent Client Protocol (issue 16). */
export class AcpBackend implements AgentBackend {
  readonly kind = 'acp' as const;

  constructor(private readonly opts: AcpBackendOptions) {}

  /** Why this session's agent cannot run (none chosen, unknown, not installed), or null. */
  unavailable(row?: SessionRow): string | null {
    if (!row) return null;
    const agent = this.opts.agentOf(row.id);
    if (!agent) return 'This session has no ACP agent chosen; create a new session and pick an agent.';
    try {
      this.opts.catalog.launch(agent);
      return null;
    } catch (err) {
      if (err instanceof AppError) return err.message;
      throw err;
    }
  }

  open(ctx: AgentSessionContext, sink: AgentEventSink): AgentSession {
    return new AcpSession(this.opts, ctx, sink);
  }
}

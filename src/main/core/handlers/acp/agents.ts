import type { Handler } from '../../router/router';
import type { AgentsContext } from '../context';

/** `acp:agents`: every ACP agent, found or not (the New session dialog lists them). */
export const acpAgents: Handler<'acp:agents', AgentsContext> = (_input, s) => ({ agents: s.agents.acp.agents() });

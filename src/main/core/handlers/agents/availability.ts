import type { Handler } from '../../router/router';
import type { AgentsContext } from '../context';

export const agentsAvailability: Handler<'agents:availability', AgentsContext> = (_input, s) => s.agents.availability();

import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { requireAgents } from '../../agents';

export const agentsAvailability: Handler<'agents:availability', Services> = (_input, s) => requireAgents(s.agents).availability();

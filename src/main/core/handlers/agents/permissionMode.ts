import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { requireAgents } from '../../agents';

export const agentsPermissionMode: Handler<'agents:permissionMode', Services> = (input, s) => {
  s.sessions.get(input.id); // NOT_FOUND for a session that does not exist
  return { mode: requireAgents(s.agents).permissionMode(input.id) };
};

import type { Handler } from '../../router/router';
import type { AgentsContext } from '../context';

export const agentsPermissionMode: Handler<'agents:permissionMode', AgentsContext> = (input, s) => {
  s.sessions.get(input.id); // NOT_FOUND for a session that does not exist
  return { mode: s.agents.permissionMode(input.id) };
};

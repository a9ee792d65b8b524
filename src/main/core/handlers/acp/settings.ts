import type { Handler } from '../../router/router';
import type { AgentsContext } from '../context';

export const acpSettings: Handler<'acp:settings', AgentsContext> = (_input, s) => s.agents.acp.settings();

/** Replaces the ACP settings; answers with the agents as found with them. */
export const acpSetSettings: Handler<'acp:setSettings', AgentsContext> = (input, s) => {
  const settings = s.agents.acp.setSettings(input);
  return { settings, agents: s.agents.acp.agents() };
};

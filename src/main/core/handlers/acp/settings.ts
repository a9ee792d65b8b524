import type { AcpSettings } from '../../../../shared/ipc/acp';
import { maskSecrets, unmaskSecrets } from '../../../../shared/secretEnv';
import type { Handler } from '../../router/router';
import type { AgentsContext } from '../context';

/** The settings as the renderer may see them: a user agent's secret values masked (SPEC §11: keys never reach it). */
function masked(settings: AcpSettings): AcpSettings {
  const mcpServers = Object.fromEntries(Object.entries(settings.mcpServers).map(([agent, list]) => [agent, list.map((m) => ({ ...m, env: maskSecrets(m.env) }))]));
  return { ...settings, custom: settings.custom.map((c) => ({ ...c, env: maskSecrets(c.env) })), mcpServers };
}

export const acpSettings: Handler<'acp:settings', AgentsContext> = (_input, s) => masked(s.agents.acp.settings());

/** Replaces the ACP settings (a masked value keeps what that agent had stored); answers with the agents as found with them. */
export const acpSetSettings: Handler<'acp:setSettings', AgentsContext> = (input, s) => {
  const stored = s.agents.acp.settings();
  const before = new Map(stored.custom.map((c) => [c.id, c.env]));
  // An MCP server's masked value keeps what the server of that name (for that agent) had.
  const serverEnv = (agent: string, name: string) => stored.mcpServers[agent]?.find((m) => m.name === name)?.env ?? {};
  const mcpServers = Object.fromEntries(Object.entries(input.mcpServers).map(([agent, list]) => [agent, list.map((m) => ({ ...m, env: unmaskSecrets(m.env, serverEnv(agent, m.name)) }))]));
  const next = { ...input, custom: input.custom.map((c) => ({ ...c, env: unmaskSecrets(c.env, before.get(c.id) ?? {}) })), mcpServers };
  const settings = s.agents.acp.setSettings(next);
  return { settings: masked(settings), agents: s.agents.acp.agents() };
};

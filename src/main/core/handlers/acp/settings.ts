import type { AcpSettings } from '../../../../shared/ipc/acp';
import { maskSecrets, unmaskSecrets } from '../../../../shared/secretEnv';
import type { Handler } from '../../router/router';
import type { AgentsContext } from '../context';

/** The settings as the renderer may see them: a user agent's secret values masked (SPEC §11: keys never reach it). */
function masked(settings: AcpSettings): AcpSettings {
  return { ...settings, custom: settings.custom.map((c) => ({ ...c, env: maskSecrets(c.env) })) };
}

export const acpSettings: Handler<'acp:settings', AgentsContext> = (_input, s) => masked(s.agents.acp.settings());

/** Replaces the ACP settings (a masked value keeps what that agent had stored); answers with the agents as found with them. */
export const acpSetSettings: Handler<'acp:setSettings', AgentsContext> = (input, s) => {
  const before = new Map(s.agents.acp.settings().custom.map((c) => [c.id, c.env]));
  const next = { ...input, custom: input.custom.map((c) => ({ ...c, env: unmaskSecrets(c.env, before.get(c.id) ?? {}) })) };
  const settings = s.agents.acp.setSettings(next);
  return { settings: masked(settings), agents: s.agents.acp.agents() };
};

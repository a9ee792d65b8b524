import { RequestError, type ClientConnection, type InitializeResponse, type NewSessionResponse } from '@agentclientprotocol/sdk';
import type { AcpLaunch } from './catalog';
import { AgentFault } from './fault';

/*
 * `authenticate` only when the agent asks for it (its `session/new` answers auth_required):
 * a method that signs in with an API key is picked when that agent's own key is in its
 * environment (the agent reads the key itself: Swarmdesk never stores or passes it);
 * otherwise a typed error names the agent's methods.
 */

const AUTH_REQUIRED = -32000;

/** The key variables each built-in agent signs in with (what `childEnv` leaves it). */
const KEYS_OF: Record<string, readonly string[]> = {
  'acp-gemini': ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
  'acp-codex': ['OPENAI_API_KEY', 'CODEX_API_KEY'],
  'acp-qwen': ['DASHSCOPE_API_KEY'],
};

function hasKey(launch: AcpLaunch, env: NodeJS.ProcessEnv): boolean {
  const names = KEYS_OF[launch.audience] ?? Object.keys(launch.ownEnv).filter((n) => /KEY|TOKEN/i.test(n));
  return names.some((n) => (env[n] ?? launch.ownEnv[n] ?? '').trim() !== '');
}

export async function authenticateIfAsked(
  conn: ClientConnection,
  init: InitializeResponse,
  launch: AcpLaunch,
  env: NodeJS.ProcessEnv,
  create: () => Promise<NewSessionResponse>,
): Promise<NewSessionResponse> {
  try {
    return await create();
  } catch (err) {
    if (!(err instanceof RequestError) || err.code !== AUTH_REQUIRED) throw err;
  }
  const methods = init.authMethods ?? [];
  const names = methods.map((m) => `“${m.name}”`).join(', ') || 'none offered';
  const byKey = methods.find((m) => /key/i.test(`${m.id} ${m.name}`));
  if (!byKey || !hasKey(launch, env)) {
    throw new AgentFault(`${launch.name} asks to sign in (its methods: ${names}). Give it its API key in its environment, or sign in with ${launch.name} itself once, then try again.`);
  }
  await conn.agent.request('authenticate', { methodId: byKey.id });
  return create();
}

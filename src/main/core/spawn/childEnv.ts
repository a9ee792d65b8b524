/**
 * The environment a child process gets (SPEC §11): the user's environment
 * minus Swarmdesk's own secrets. A terminal session gets none of them (what
 * runs there is the user's shell, not an agent we configured); the Claude
 * Code CLI (the agent and `claude -p`) keeps the Anthropic credentials it is
 * configured by and nothing else; an ACP agent (issue 16) keeps only its own
 * provider's key (Gemini CLI: the Gemini/Google keys; Codex: the OpenAI/Codex
 * keys; Qwen Code: DashScope's), a user-defined one none (it gets what its
 * settings give it). Keys stored in the settings are never put into any
 * child's environment.
 */
export type ChildAudience = 'terminal' | 'claude' | 'acp-gemini' | 'acp-codex' | 'acp-qwen' | 'acp-custom';

/** API keys and tokens Swarmdesk reads from its environment, or hands to one agent only. */
const SECRET_NAMES = [
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'OPENAI_API_KEY',
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
  'CODEX_API_KEY',
  'DASHSCOPE_API_KEY',
] as const;
/** Swarmdesk's own variables that carry a credential (none today; the rule keeps future ones out). */
const SWARMDESK_SECRET = /^SWARMDESK_.*(KEY|TOKEN|SECRET|PASSWORD)/i;

const KEPT_FOR: Record<ChildAudience, ReadonlySet<string>> = {
  terminal: new Set(),
  claude: new Set(['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN']),
  'acp-gemini': new Set(['GEMINI_API_KEY', 'GOOGLE_API_KEY']),
  'acp-codex': new Set(['OPENAI_API_KEY', 'CODEX_API_KEY']),
  'acp-qwen': new Set(['DASHSCOPE_API_KEY']),
  'acp-custom': new Set(),
};

function isSecretName(name: string): boolean {
  return (SECRET_NAMES as readonly string[]).includes(name.toUpperCase()) || SWARMDESK_SECRET.test(name);
}

/**
 * `base` without the secrets `audience` is not configured to use, plus
 * `extra` (layered on top, then filtered the same way: a secret cannot be
 * smuggled back in through it).
 */
export function childEnv(base: NodeJS.ProcessEnv, audience: ChildAudience, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const kept = KEPT_FOR[audience];
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries({ ...base, ...extra })) {
    if (value === undefined) continue;
    if (isSecretName(name) && !kept.has(name.toUpperCase())) continue;
    out[name] = value;
  }
  return out;
}

import type { SessionKind } from '../../../../shared/domain/session';
import type { ChatProviderName, PermissionMode } from '../../../../shared/ipc/agents';

export type CreatableKind = Exclude<SessionKind, 'imported'>;

/** The dialog's agents, in the order SPEC §7.1 lists them; the ACP agents main found follow them. */
export const AGENTS: readonly { kind: Exclude<CreatableKind, 'acp'>; label: string }[] = [
  { kind: 'chat', label: 'Chat' },
  { kind: 'claude-code', label: 'Claude Code' },
  { kind: 'terminal', label: 'Terminal' },
];

export const PROVIDERS: readonly { provider: ChatProviderName; label: string }[] = [
  { provider: 'anthropic', label: 'Anthropic' },
  { provider: 'openai', label: 'OpenAI-compatible' },
];

/** The CLI's permission modes as people say them; `default` (no flag) first. */
export const PERMISSION_MODE_LABELS: Record<PermissionMode, string> = {
  default: 'Default',
  acceptEdits: 'Accept edits',
  plan: 'Plan',
  auto: 'Auto',
  manual: 'Manual',
  dontAsk: "Don't ask",
  bypassPermissions: 'Bypass permissions',
};
export const PERMISSION_MODE_ORDER = Object.keys(PERMISSION_MODE_LABELS) as PermissionMode[];

/** How to fix what keeps a kind from running, added to main's reason where it does not say already: words, then a command. */
export const FIX_HINTS: Partial<Record<CreatableKind, { text: string; command: string }>> = {
  'claude-code': { text: 'To install it:', command: 'npm i -g @anthropic-ai/claude-code' },
};

/**
 * What the Agent combobox holds: a kind, or `acp:<agent id>` for an ACP agent (also what is remembered
 * as the last choice).
 */
export type AgentChoice = Exclude<CreatableKind, 'acp'> | `acp:${string}`;

export function acpChoice(agentId: string): AgentChoice {
  return `acp:${agentId}`;
}

/** The kind a choice creates, and the ACP agent for `acp`. */
export function parseChoice(choice: AgentChoice): { kind: CreatableKind; agent: string | null } {
  return choice.startsWith('acp:') ? { kind: 'acp', agent: choice.slice(4) } : { kind: choice as CreatableKind, agent: null };
}

/** A remembered choice as stored; anything else (an old or foreign value) is null. */
export function storedChoice(value: string | null): AgentChoice | null {
  if (value === null) return null;
  if (AGENTS.some((agent) => agent.kind === value)) return value as AgentChoice;
  return /^acp:[a-z0-9][a-z0-9-]*$/.test(value) ? (value as AgentChoice) : null;
}

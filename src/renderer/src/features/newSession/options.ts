import type { SessionKind } from '../../../../shared/domain/session';
import type { ChatProviderName, PermissionMode } from '../../../../shared/ipc/agents';

export type CreatableKind = Exclude<SessionKind, 'imported'>;

/** The dialog's agents, in the order SPEC §7.1 lists them. */
export const AGENTS: readonly { kind: CreatableKind; label: string }[] = [
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

import type { ChatProviderName } from '../../../../shared/ipc/agents';
import type { ChannelInput } from '../../../../shared/ipc/contract';
import type { WorktreeChoice } from '../../../../shared/ipc/git';
import type { HostName } from '../../../../shared/ipc/hosts';
import type { KindOptions } from './KindFields';
import type { CreatableKind } from './options';

export type NewSessionRequest = ChannelInput<'sessions:create'>;

/**
 * The `sessions:create` input: only what differs from the defaults is sent, so
 * Create with nothing changed asks for exactly `{ kind, folder }` (an ACP agent: `{ kind: 'acp', agent, folder }`;
 * on a remote host, with its `host`).
 */
export function newSessionRequest(
  kind: CreatableKind,
  folder: string,
  options: KindOptions,
  defaultProvider: ChatProviderName | null,
  worktree: WorktreeChoice | null = null,
  agent: string | null = null,
  host: HostName | null = null,
): NewSessionRequest {
  const trimmed = folder.trim();
  // A folder inside a repository always says its worktree choice (main remembers it, checked or not).
  const base: NewSessionRequest = { kind, ...(trimmed ? { folder: trimmed } : {}), ...(worktree ? { worktree } : {}), ...(host !== null ? { host } : {}) };
  if (kind === 'acp' && agent) return { ...base, agent };
  if (kind === 'claude-code' && options.permissionMode !== 'default') return { ...base, permissionMode: options.permissionMode };
  if (kind === 'terminal' && options.command.trim()) return { ...base, command: options.command.trim() };
  if (kind === 'chat') {
    const provider = options.provider !== null && options.provider !== defaultProvider ? options.provider : undefined;
    const model = options.model.trim() || undefined;
    if (provider || model) return { ...base, chat: { ...(provider ? { provider } : {}), ...(model ? { model } : {}) } };
  }
  return base;
}

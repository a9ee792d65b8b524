import { z } from 'zod';
import { AcpAgentIdSchema } from '../../../shared/ipc/acp';
import { ChatProviderSchema, type ChatProviderName, type PermissionMode } from '../../../shared/ipc/agents';
import type { Store } from '../store';
import { isPermissionMode } from './claude/args';

/*
 * Per-session agent options, in the session's own options table (migration
 * 003: deleted with the session): the permission mode of a claude-code
 * session, the provider/model of a chat and the agent of an acp session. Values are checked on read, so a
 * bad stored value means "the default".
 */

/** The mode a session without its own uses (a setting, for all sessions). */
export const DEFAULT_PERMISSION_MODE_KEY = 'agents.permissionMode';

/** The session options it reads and writes; the settings only read (the default mode). */
interface OptionsStore {
  readonly settings: Pick<Store['settings'], 'get'>;
  readonly sessionOptions: Store['sessionOptions'];
}

export interface ChatOverride {
  readonly provider?: ChatProviderName;
  readonly model?: string;
}

const StoredChat = z.object({ provider: ChatProviderSchema.optional(), model: z.string().min(1).max(200).optional() });

export function readPermissionMode(store: OptionsStore, sessionId: string): PermissionMode {
  const own = store.sessionOptions.get(sessionId, 'permissionMode');
  if (isPermissionMode(own)) return own;
  const fallback = store.settings.get(DEFAULT_PERMISSION_MODE_KEY);
  return isPermissionMode(fallback) ? fallback : 'default';
}

export function writePermissionMode(store: Pick<OptionsStore, 'sessionOptions'>, sessionId: string, mode: PermissionMode): void {
  store.sessionOptions.set(sessionId, 'permissionMode', mode);
}

/** The ACP agent an `acp` session runs (its id, checked against the catalog when it starts). */
export function readAcpAgent(store: OptionsStore, sessionId: string): string | null {
  const parsed = AcpAgentIdSchema.safeParse(store.sessionOptions.get(sessionId, 'acpAgent'));
  return parsed.success ? parsed.data : null;
}

export function writeAcpAgent(store: Pick<OptionsStore, 'sessionOptions'>, sessionId: string, agent: string): void {
  store.sessionOptions.set(sessionId, 'acpAgent', AcpAgentIdSchema.parse(agent));
}

export function readChatOverride(store: OptionsStore, sessionId: string): ChatOverride {
  const parsed = StoredChat.safeParse(store.sessionOptions.get(sessionId, 'chat'));
  if (!parsed.success) return {};
  const { provider, model } = parsed.data;
  return { ...(provider ? { provider } : {}), ...(model ? { model } : {}) };
}

/** Stores only what was chosen; nothing chosen stores nothing (the session follows the defaults). */
export function writeChatOverride(store: Pick<OptionsStore, 'sessionOptions'>, sessionId: string, override: ChatOverride): void {
  const model = override.model?.trim();
  const value = { ...(override.provider ? { provider: override.provider } : {}), ...(model ? { model } : {}) };
  if (Object.keys(value).length > 0) store.sessionOptions.set(sessionId, 'chat', value);
}

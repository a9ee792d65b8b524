import { z } from 'zod';
import { ChatProviderSchema, type ChatProviderName, type PermissionMode } from '../../../shared/ipc/agents';
import type { SettingsRepo } from '../store/repos/settings';
import { isPermissionMode } from './claude/args';

/*
 * Per-session agent options, kept as settings keys (no schema change): the
 * permission mode of a claude-code session and the provider/model of a chat.
 * Values are checked on read, so a bad stored value means "the default".
 */

export const permissionModeKey = (sessionId: string): string => `agents.permissionMode.${sessionId}`;
/** The mode a session without its own uses. */
export const DEFAULT_PERMISSION_MODE_KEY = 'agents.permissionMode';
const chatKey = (sessionId: string): string => `agents.chat.${sessionId}`;

export interface ChatOverride {
  readonly provider?: ChatProviderName;
  readonly model?: string;
}

const StoredChat = z.object({ provider: ChatProviderSchema.optional(), model: z.string().min(1).max(200).optional() });

export function readPermissionMode(settings: SettingsRepo, sessionId: string): PermissionMode {
  const own = settings.get(permissionModeKey(sessionId));
  if (isPermissionMode(own)) return own;
  const fallback = settings.get(DEFAULT_PERMISSION_MODE_KEY);
  return isPermissionMode(fallback) ? fallback : 'default';
}

export function writePermissionMode(settings: SettingsRepo, sessionId: string, mode: PermissionMode): void {
  settings.set(permissionModeKey(sessionId), mode);
}

export function readChatOverride(settings: SettingsRepo, sessionId: string): ChatOverride {
  const parsed = StoredChat.safeParse(settings.get(chatKey(sessionId)));
  if (!parsed.success) return {};
  const { provider, model } = parsed.data;
  return { ...(provider ? { provider } : {}), ...(model ? { model } : {}) };
}

/** Stores only what was chosen; nothing chosen stores nothing (the session follows the defaults). */
export function writeChatOverride(settings: SettingsRepo, sessionId: string, override: ChatOverride): void {
  const model = override.model?.trim();
  const value = { ...(override.provider ? { provider: override.provider } : {}), ...(model ? { model } : {}) };
  if (Object.keys(value).length > 0) settings.set(chatKey(sessionId), value);
}

import { z } from 'zod';
import { HostNameSchema } from '../domain/host';
import { channel } from './channel';
import { SessionIdSchema } from '../domain/session';

/** The Claude Code CLI's permission modes (CLI 2.1.332); `default` means no flag. */
export const PERMISSION_MODES = ['default', 'acceptEdits', 'auto', 'bypassPermissions', 'manual', 'dontAsk', 'plan'] as const;
export const PermissionModeSchema = z.enum(PERMISSION_MODES);
export type PermissionMode = z.infer<typeof PermissionModeSchema>;

/** The model providers a chat session can use (SPEC §8 chat). */
export const CHAT_PROVIDERS = ['anthropic', 'openai'] as const;
export const ChatProviderSchema = z.enum(CHAT_PROVIDERS);
export type ChatProviderName = z.infer<typeof ChatProviderSchema>;

const KindAvailability = z.object({
  available: z.boolean(),
  /** Why not, in words the user can act on. */
  reason: z.string().nullable(),
});

const ChatProviderInfo = KindAvailability.extend({
  /** The model a new chat on this provider uses when the user names none. */
  defaultModel: z.string(),
});

/** What the new-session dialog prefills for a chat: the default provider (null: none configured) and each provider's state. */
export const ChatDefaultsSchema = z.object({
  provider: ChatProviderSchema.nullable(),
  providers: z.object({ anthropic: ChatProviderInfo, openai: ChatProviderInfo }),
});
export type ChatDefaults = z.infer<typeof ChatDefaultsSchema>;

export const agentChannels = {
  /** Which agent kinds can run now (the new-session dialog greys out the rest). */
  'agents:availability': channel(
    /** On `host` (absent: this machine): New session lists the agents found on the chosen host. */
    z.object({ host: HostNameSchema.optional() }).strict(),
    z.object({ chat: KindAvailability, 'claude-code': KindAvailability, chatDefaults: ChatDefaultsSchema.optional() }),
  ),
  /** A claude-code session's permission mode, shown in its pane. */
  'agents:permissionMode': channel(z.object({ id: SessionIdSchema }).strict(), z.object({ mode: PermissionModeSchema })),
  /** Sets it; it applies from the session's next turn. */
  'agents:setPermissionMode': channel(
    z.object({ id: SessionIdSchema, mode: PermissionModeSchema }).strict(),
    z.object({ mode: PermissionModeSchema }),
  ),
} as const;

import { z } from 'zod';
import { channel } from './channel';
import { SessionIdSchema } from '../domain/session';

/** The Claude Code CLI's permission modes (CLI 2.1.332); `default` means no flag. */
export const PERMISSION_MODES = ['default', 'acceptEdits', 'auto', 'bypassPermissions', 'manual', 'dontAsk', 'plan'] as const;
export const PermissionModeSchema = z.enum(PERMISSION_MODES);
export type PermissionMode = z.infer<typeof PermissionModeSchema>;

const KindAvailability = z.object({
  available: z.boolean(),
  /** Why not, in words the user can act on. */
  reason: z.string().nullable(),
});

export const agentChannels = {
  /** Which agent kinds can run now (the new-session dialog greys out the rest). */
  'agents:availability': channel(
    z.object({}).strict(),
    z.object({ chat: KindAvailability, 'claude-code': KindAvailability }),
  ),
  /** A claude-code session's permission mode, shown in its pane. */
  'agents:permissionMode': channel(z.object({ id: SessionIdSchema }).strict(), z.object({ mode: PermissionModeSchema })),
  /** Sets it; it applies from the session's next turn. */
  'agents:setPermissionMode': channel(
    z.object({ id: SessionIdSchema, mode: PermissionModeSchema }).strict(),
    z.object({ mode: PermissionModeSchema }),
  ),
} as const;

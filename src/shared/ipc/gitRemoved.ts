import { z } from 'zod';
import { HostNameSchema } from '../domain/host';
import { channel } from './channel';

/*
 * Worktrees that cannot lose work (issue 36): a worktree removed with its session or after a merge is
 * listed for 14 days under Settings → General → "Recently removed", its files kept as a checkpoint;
 * Restore brings it back with them. On a remote host all of it is that machine's: the list is every host's,
 * each remote item tagged with its host, and Restore and "Open existing worktree" are asked of that host.
 */

export const RemovedWorktreeItemSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  repoRoot: z.string(),
  path: z.string(),
  branch: z.string(),
  /** 'deleted' with its session, 'removed' from the pane after a merge. */
  how: z.enum(['deleted', 'removed']),
  removedAt: z.number(),
  /** The remote host it was removed on (set by the session host's federation); absent: this machine. */
  host: HostNameSchema.optional(),
});
export type RemovedWorktreeItem = z.infer<typeof RemovedWorktreeItemSchema>;

export const gitRemovedChannels = {
  /** The worktrees removed in the last 14 days on this machine and every connected host, newest first. */
  'git:removedWorktrees': channel(z.object({}).strict(), z.object({ items: z.array(RemovedWorktreeItemSchema) })),
  /** One back (on `host`, the item's; absent: this machine): at its path (or a free one beside it), on its branch (or a new one from the HEAD it had), its files back. */
  'git:restoreRemovedWorktree': channel(
    // `removed`, not `id`: an entry of the list, not a session (channels with an `id` route by their session).
    z.object({ removed: z.string().regex(/^[a-f0-9]{16}$/), host: HostNameSchema.optional() }).strict(),
    z.object({ path: z.string(), branch: z.string(), newBranch: z.boolean() }),
  ),
  /** "Open existing worktree": the folder's (on `host`; absent: this machine) repository's worktrees made outside Swarmdesk that no session works in. */
  'git:outsideWorktrees': channel(
    z.object({ folder: z.string().min(1).max(4_096), host: HostNameSchema.optional() }).strict(),
    z.object({ items: z.array(z.object({ path: z.string(), branch: z.string() })) }),
  ),
} as const;

import { z } from 'zod';
import { channel } from './channel';
import { SessionIdSchema } from '../domain/session';

/** What a new worktree gets: ignored files copied by pattern, and a setup command run there first. */
export const WorktreeSetupSchema = z
  .object({
    /** Globs relative to the repository's top (`.env`, `config/*.local.json`, `**\/.env`). */
    copyPatterns: z.array(z.string().min(1).max(500)).max(50),
    /** A shell command run in the new worktree before the agent (`npm ci`); empty: none. */
    setupCommand: z.string().max(4_096),
  })
  .strict();
export type WorktreeSetup = z.infer<typeof WorktreeSetupSchema>;

/** The `sessions:create` option: work in a new git worktree (remembered per repository). */
export const WorktreeChoiceSchema = WorktreeSetupSchema.extend({ enabled: z.boolean() }).strict();
export type WorktreeChoice = z.infer<typeof WorktreeChoiceSchema>;

export const RepoInfoSchema = z.object({
  /** The repository that holds the folder, or null with `reason` saying why there is none. */
  repo: z
    .object({
      root: z.string(),
      /** The checked-out branch, or null for a detached HEAD. */
      branch: z.string().nullable(),
      /** The base checkout has uncommitted changes (they stay there; a worktree starts from HEAD). */
      dirty: z.boolean(),
      /** What the dialog offers: the user's last choice for this repository (on by default). */
      remembered: WorktreeChoiceSchema,
    })
    .nullable(),
  reason: z.string().nullable(),
});
export type RepoInfo = z.infer<typeof RepoInfoSchema>;

export const WorktreeStateSchema = z.object({
  worktree: z
    .object({
      path: z.string(),
      branch: z.string(),
      /** The branch it was made from, or null (made from a detached HEAD: `baseCommit`). */
      baseBranch: z.string().nullable(),
      baseCommit: z.string(),
      /** Files changed and not committed in the worktree. */
      uncommitted: z.number().int().nonnegative(),
      /** Commits on the branch that the base does not have. */
      unmerged: z.number().int().nonnegative(),
      /** The worktree folder is gone (deleted, or removed by hand). */
      missing: z.boolean(),
    })
    .nullable(),
});
export type WorktreeState = z.infer<typeof WorktreeStateSchema>;

export const gitChannels = {
  /** Whether `folder` is inside a git repository (and git is usable), for the New session dialog. */
  'git:repoInfo': channel(z.object({ folder: z.string().min(1).max(4096) }).strict(), RepoInfoSchema),
  /** A session's worktree and its unsaved work (the delete confirmation asks this). */
  'git:worktreeState': channel(z.object({ id: SessionIdSchema }).strict(), WorktreeStateSchema),
} as const;

import { z } from 'zod';
import { HostNameSchema } from '../domain/host';
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

/**
 * The `sessions:create` option: work in a new git worktree (remembered per repository), or with `existing`
 * ("Open existing worktree") in a worktree of the repository made outside Swarmdesk (`git worktree list`).
 */
export const WorktreeChoiceSchema = WorktreeSetupSchema.extend({ enabled: z.boolean(), existing: z.string().min(1).max(4_096).optional() }).strict();
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
      /** Made outside Swarmdesk ("Open existing worktree"): deleting the session leaves it and its branch as they are. */
      adopted: z.boolean().default(false),
    })
    .nullable(),
});
export type WorktreeState = z.infer<typeof WorktreeStateSchema>;

const Count = z.number().int().nonnegative();

/** How a file differs from the fork point: `renamed` carries `oldPath`; untracked files are `added`. */
export const ChangeStatusSchema = z.enum(['added', 'modified', 'deleted', 'renamed', 'typechange']);
export type ChangeStatus = z.infer<typeof ChangeStatusSchema>;

/** One file the session changed since its branch forked (committed, staged, unstaged or untracked). */
export const ChangedFileSchema = z.object({
  path: z.string().min(1),
  oldPath: z.string().nullable(),
  status: ChangeStatusSchema,
  untracked: z.boolean(),
  binary: z.boolean(),
  /** Lines added and removed; null for a binary file (or one too large to count). */
  added: Count.nullable(),
  removed: Count.nullable(),
});
export type ChangedFile = z.infer<typeof ChangedFileSchema>;

/** What the session row shows: the branch and `+added −removed` over all changed files. */
export const ChangesSummarySchema = z.object({
  sessionId: SessionIdSchema,
  branch: z.string(),
  baseBranch: z.string().nullable(),
  /** Null until counted once (a row seen before its first count). */
  files: Count.nullable(),
  added: Count.nullable(),
  removed: Count.nullable(),
  /** Files not committed in the worktree (the pane's Commit); null until counted. */
  uncommitted: Count.nullable(),
  /** Commits on the branch that the base branch lacks (what a merge would bring); null until counted or without a base branch. */
  ahead: Count.nullable(),
  /** The worktree folder is gone (deleted, removed after a merge, or removed by hand). */
  missing: z.boolean(),
  /** The base branch this branch was merged into from Swarmdesk, while nothing new is on it since; absent or null otherwise. */
  merged: z.string().nullable().optional(),
  /** The worktree was removed after a merge from the pane: its branch kept or deleted; absent or null otherwise. */
  worktreeRemoved: z.enum(['branch-kept', 'branch-deleted']).nullable().optional(),
  /** Made outside Swarmdesk ("Open existing worktree"): the user's to remove, so the pane offers no "Remove worktree…". */
  adopted: z.boolean().optional(),
});
export type ChangesSummary = z.infer<typeof ChangesSummarySchema>;

export const ChangesSchema = z.object({
  summary: ChangesSummarySchema,
  /** The commit the branch forked from (merge-base with its base), null when the worktree is missing. */
  forkCommit: z.string().nullable(),
  files: z.array(ChangedFileSchema),
  /** More files changed than are listed (the list is bounded). */
  truncated: z.boolean(),
});
export type Changes = z.infer<typeof ChangesSchema>;

export const FileDiffSchema = z.object({
  file: ChangedFileSchema,
  /** git's unified diff for the file (headers and hunks); '' for a binary file. */
  diff: z.string(),
  /** The diff was cut at a hunk boundary (too big to show whole). */
  truncated: z.boolean(),
  /** Both sides' full text, for highlighting with context; null when too big, binary or absent on that side. */
  oldContent: z.string().nullable(),
  newContent: z.string().nullable(),
});
export type FileDiff = z.infer<typeof FileDiffSchema>;

export const gitChannels = {
  /** Whether `folder` is inside a git repository (and git is usable), for the New session dialog. */
  'git:repoInfo': channel(z.object({ folder: z.string().min(1).max(4096), host: HostNameSchema.optional() }).strict(), RepoInfoSchema),
  /** A session's worktree and its unsaved work (the delete confirmation asks this). */
  'git:worktreeState': channel(z.object({ id: SessionIdSchema }).strict(), WorktreeStateSchema),
  /** Every file the session changed since its branch forked, uncommitted work included (the Changes region). */
  'git:changes': channel(z.object({ id: SessionIdSchema }).strict(), ChangesSchema),
  /** One changed file's diff against the fork point; the path must be one of `git:changes`' files. */
  'git:fileDiff': channel(z.object({ id: SessionIdSchema, path: z.string().min(1).max(4096) }).strict(), FileDiffSchema),
  /** The branch and counts of every session with a worktree (rows at start; later ones arrive as `session:changes`). */
  'git:changeSummaries': channel(z.object({}).strict(), z.object({ items: z.array(ChangesSummarySchema) })),
} as const;

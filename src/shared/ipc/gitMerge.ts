import { z } from 'zod';
import { channel } from './channel';
import { EntrySchema, SessionIdSchema } from '../domain/session';

/*
 * Commit and merge back (issue 10 part 3, SPEC §7.1 "merge"): a session's worktree
 * work committed with a (suggested, editable) message and merged into its base branch
 * by squash, merge commit or rebase, without ever leaving the base checkout mid-merge.
 */

export const MERGE_STRATEGIES = ['squash', 'merge', 'rebase'] as const;
export const MergeStrategySchema = z.enum(MERGE_STRATEGIES);
export type MergeStrategy = z.infer<typeof MergeStrategySchema>;

/** What a merge would do now, asked before the dialog opens (nothing is changed by asking). */
export const MergeCheckSchema = z.object({
  /** The branch the work goes into, or null (no worktree, or made from a detached HEAD: `reason`). */
  baseBranch: z.string().nullable(),
  /** The session's branch, or null when the session has no worktree. */
  branch: z.string().nullable(),
  /** Why there is nothing to merge into (or why merging cannot start now); null when it can. */
  reason: z.string().nullable(),
  /** Files changed and not committed in the worktree (Commit first). */
  uncommitted: z.number().int().nonnegative(),
  /** Commits on the branch the base lacks. */
  ahead: z.number().int().nonnegative(),
  /** Files that would conflict with the base branch (from `git merge-tree`; nothing touched). */
  conflicts: z.array(z.string()),
  /**
   * The messages the Merge dialog starts from (the user edits them): from the branch's own commit
   * messages (one commit: its message; several: a subject and their subjects). Null when nothing to merge.
   */
  messages: z.object({ squash: z.string(), merge: z.string() }).nullable(),
});
export type MergeCheck = z.infer<typeof MergeCheckSchema>;

export const MergeResultSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('merged'), baseBranch: z.string(), strategy: MergeStrategySchema, commit: z.string() }),
  /** Nothing changed anywhere; the files are listed for the alert. */
  z.object({ outcome: z.literal('conflicts'), baseBranch: z.string(), files: z.array(z.string()) }),
  /** The base branch already has every commit of the session's branch. */
  z.object({ outcome: z.literal('up-to-date'), baseBranch: z.string() }),
]);
export type MergeResult = z.infer<typeof MergeResultSchema>;

export const SuggestedCommitMessageSchema = z.object({
  /** A judged subject line (≤ 72 characters), or null with `reason`. */
  message: z.string().nullable(),
  reason: z.string().nullable(),
});

const id = z.object({ id: SessionIdSchema }).strict();

/** One file the Commit dialog lists, as `git status` sees it. */
export const UncommittedFileSchema = z.object({
  path: z.string().min(1),
  how: z.enum(['modified', 'new', 'deleted', 'renamed', 'conflicted']),
});
export type UncommittedFile = z.infer<typeof UncommittedFileSchema>;

export const gitMergeChannels = {
  /** A commit message from the session's transcript and changed paths, judged like every model output. */
  'git:suggestCommitMessage': channel(id, SuggestedCommitMessageSchema),
  /** Everything in the worktree (untracked files too) committed on the session's branch. */
  'git:commit': channel(
    z.object({ id: SessionIdSchema, message: z.string().max(20_000) }).strict(),
    z.object({ commit: z.string(), files: z.number().int().nonnegative() }),
  ),
  /** Whether and how the session's branch can be merged into its base, without touching anything. */
  'git:mergeCheck': channel(id, MergeCheckSchema),
  /** Squash, merge commit or rebase into the base branch; conflicts come back as a result, not a change. */
  'git:merge': channel(
    z
      .object({
        id: SessionIdSchema,
        strategy: MergeStrategySchema,
        /** The squash or merge commit's message as the user confirmed it (ignored by Rebase); absent: the check's suggestion. */
        message: z.string().max(20_000).optional(),
      })
      .strict(),
    MergeResultSchema,
  ),
  /** The files "Commit" will take: everything `git status` lists in the worktree (untracked too). */
  'git:uncommittedFiles': channel(id, z.object({ files: z.array(UncommittedFileSchema), truncated: z.boolean() })),
  /**
   * After a merge: the worktree folder removed, its files kept first as a checkpoint ("Recently removed"); with `deleteBranch`,
   * its branch too, only when the base branch has every commit of it (git branch -d semantics).
   */
  'git:removeWorktree': channel(
    z.object({ id: SessionIdSchema, deleteBranch: z.boolean() }).strict(),
    z.object({ branch: z.string(), branchDeleted: z.boolean(), message: z.string() }),
  ),
  /**
   * From the conflict alert: `agent` sends the session "Resolve the conflicts with <base>: <files>" (the
   * composer's path); `rebase` starts `git rebase <base>` in the worktree and leaves it there on conflicts.
   */
  'git:resolveConflicts': channel(
    z.object({ id: SessionIdSchema, how: z.enum(['agent', 'rebase']) }).strict(),
    z.object({ files: z.array(z.string()), entry: EntrySchema.nullable(), message: z.string() }),
  ),
} as const;

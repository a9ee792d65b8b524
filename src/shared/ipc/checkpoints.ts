import { z } from 'zod';
import { SessionIdSchema } from '../domain/session';
import { channel } from './channel';

/** A checkpoint commit id (SHA-1 or SHA-256). */
const CommitSchema = z.string().regex(/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/, 'a full commit id');

/** An untracked file over the size limit that a checkpoint left out. */
export const SkippedFileSchema = z.object({ path: z.string(), bytes: z.number().int().nonnegative() });

/** One checkpoint of a session's working tree (issue 36): `turn` is the seq of the session's newest entry then. */
export const CheckpointSchema = z.object({
  commit: CommitSchema,
  parent: z.string().nullable(),
  tree: z.string(),
  turn: z.string(),
  at: z.string(),
  skipped: z.array(SkippedFileSchema).readonly(),
});
export type CheckpointInfo = z.infer<typeof CheckpointSchema>;

export const TurnDiffSchema = z.object({
  checkpoint: CheckpointSchema,
  /** The unified diff of the turn (the checkpoint against the one before it). */
  patch: z.string(),
  truncated: z.boolean(),
});
export type TurnDiffInfo = z.infer<typeof TurnDiffSchema>;

export const RestoreResultSchema = z.object({
  restored: CheckpointSchema,
  /** The present as it was before (restoring it undoes the restore). */
  before: CheckpointSchema,
  written: z.number().int().nonnegative(),
  deleted: z.number().int().nonnegative(),
});
export type RestoreResultInfo = z.infer<typeof RestoreResultSchema>;

const OneCheckpoint = z.object({ id: SessionIdSchema, commit: CommitSchema }).strict();

export const checkpointChannels = {
  /** A session's checkpoints, newest first (none outside git). */
  'checkpoints:list': channel(z.object({ id: SessionIdSchema }).strict(), z.object({ items: z.array(CheckpointSchema) })),
  /** What one checkpointed turn changed ("What this turn changed"). */
  'checkpoints:diff': channel(OneCheckpoint, TurnDiffSchema),
  /** Puts the files back as they were at that checkpoint, the present recorded first ("Restore to here"); CONFLICT while the agent works. */
  'checkpoints:restore': channel(OneCheckpoint, RestoreResultSchema),
} as const;

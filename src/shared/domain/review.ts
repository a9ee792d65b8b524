import { z } from 'zod';
import { SessionIdSchema } from './session';

/*
 * Comments on a session's diff (issue 35, SPEC §7.1 "review"): each on one changed file, a line range of
 * one side of its diff ('old': the fork's text, 'new': the working tree's) or the whole file ('file':
 * a binary file, or no line), quoting the lines it was made on. Kept as the session's review draft until
 * sent to the agent in one message; later 'outdated' when those lines changed, 'resolved' by the user.
 */

export const REVIEW_SIDES = ['old', 'new', 'file'] as const;
export const ReviewSideSchema = z.enum(REVIEW_SIDES);
export type ReviewSide = z.infer<typeof ReviewSideSchema>;

export const REVIEW_STATES = ['draft', 'sent', 'outdated', 'resolved'] as const;
export const ReviewStateSchema = z.enum(REVIEW_STATES);
export type ReviewState = z.infer<typeof ReviewStateSchema>;

/** A comment's body is refused at this many bytes of UTF-8 or more ("one of 100 KB"). */
export const REVIEW_BODY_MAX_BYTES = 100 * 1024;
/** At most this many lines are quoted (a longer range quotes its first ones). */
export const REVIEW_QUOTE_MAX_LINES = 200;

export const ReviewCommentIdSchema = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/);

export const ReviewCommentSchema = z.object({
  id: ReviewCommentIdSchema,
  sessionId: SessionIdSchema,
  path: z.string().min(1),
  side: ReviewSideSchema,
  /** 1-based, inclusive; null for a whole-file comment. */
  startLine: z.number().int().positive().nullable(),
  endLine: z.number().int().positive().nullable(),
  /** The lines commented on, as they read when the comment was made ('' for a whole file). */
  quote: z.string(),
  /** HEAD of the session's folder when it was made (null: no commit yet), and a sha256 of that side's file. */
  headSha: z.string().nullable(),
  contentHash: z.string().nullable(),
  /** 'local' now; a pull request's comment later carries its forge id, author and URL. */
  origin: z.enum(['local', 'forge']),
  state: ReviewStateSchema,
  body: z.string().min(1),
  createdAt: z.number(),
  updatedAt: z.number(),
  sentAt: z.number().nullable(),
});
export type ReviewComment = z.infer<typeof ReviewCommentSchema>;

/**
 * The first words of a review sent to an agent: the transcript shows a user entry that starts with them
 * as one collapsed "Review" entry.
 */
export const REVIEW_MESSAGE_PREFIX = 'Review of your changes:';

import { z } from 'zod';
import { ReviewCommentIdSchema, ReviewCommentSchema, ReviewSideSchema } from '../domain/review';
import { EntrySchema, SessionIdSchema } from '../domain/session';
import { channel } from './channel';

/*
 * Comments on a session's diff (issue 35, SPEC §7.1 "review"): the review draft kept in the store, sent
 * to the session's agent as one message. Answered where the session lives (a remote host's own store).
 * Bodies are bounded by the service (under 100 KB, a clear refusal); the schema only stops absurd input.
 */

const id = z.object({ id: SessionIdSchema }).strict();
const one = z.object({ id: SessionIdSchema, commentId: ReviewCommentIdSchema }).strict();
const list = z.object({ comments: z.array(ReviewCommentSchema) });
const line = z.number().int().positive().max(10_000_000);
const body = z.string().max(1_000_000);

export const reviewChannels = {
  /** Every comment of the session, oldest first (sent ones checked against the file now: outdated). */
  'review:list': channel(id, list),
  /** A draft comment on one changed file: a line range of one side ('old', 'new') or the whole file ('file'). */
  'review:add': channel(
    z.object({ id: SessionIdSchema, path: z.string().min(1).max(4096), side: ReviewSideSchema, startLine: line.optional(), endLine: line.optional(), body }).strict(),
    ReviewCommentSchema,
  ),
  'review:edit': channel(z.object({ id: SessionIdSchema, commentId: ReviewCommentIdSchema, body }).strict(), ReviewCommentSchema),
  'review:delete': channel(one, z.object({})),
  /** A sent or outdated comment the user is done with. */
  'review:resolve': channel(one, ReviewCommentSchema),
  /** The message "Send review to agent" would send (Copy review). */
  'review:text': channel(id, z.object({ text: z.string() })),
  /**
   * Every draft in one message to the agent (as the composer sends; a terminal: one bracketed paste, or a
   * CONFLICT saying the program has not turned bracketed paste on). The drafts become sent.
   */
  'review:send': channel(id, z.object({ comments: z.array(ReviewCommentSchema), entry: EntrySchema.nullable(), message: z.string() })),
} as const;

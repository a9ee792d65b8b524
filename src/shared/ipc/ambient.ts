import { z } from 'zod';
import { SessionIdSchema, SessionRowSchema, TimestampSchema } from '../domain/session';
import { channel } from './channel';

export const AmbientCallSchema = z.object({
  kind: z.string(),
  sessionId: SessionIdSchema.nullable(),
  provider: z.string(),
  model: z.string().nullable(),
  inputChars: z.number().int().nonnegative(),
  outputChars: z.number().int().nonnegative(),
  tokensIn: z.number().int().nonnegative().nullable(),
  tokensOut: z.number().int().nonnegative().nullable(),
  latencyMs: z.number().int().nonnegative(),
  verdict: z.enum(['use', 'skip', 'reject', 'error']),
  reason: z.string().nullable(),
  /** The start of the raw reply, shown as text in the activity view. */
  replyExcerpt: z.string().nullable(),
  /** A second attempt (SPEC §9.3): the first was rejected by the judge, or failed; null for a first attempt. */
  retryOf: z.enum(['reject', 'error']).nullable(),
  at: TimestampSchema,
});
export type AmbientCall = z.infer<typeof AmbientCallSchema>;

/** Display-only ambient text for one session: the ghost suggestion and the pick-up note. */
export const AmbientSessionStateSchema = z.object({
  sessionId: SessionIdSchema,
  suggestion: z.string().nullable(),
  pickupNote: z.string().nullable(),
});
export type AmbientSessionState = z.infer<typeof AmbientSessionStateSchema>;

export const ambientChannels = {
  /** The ambient call log, newest first; one session's calls when `sessionId` is given. */
  'ambient:log': channel(
    z.object({ sessionId: SessionIdSchema.optional(), limit: z.number().int().min(1).max(1_000).default(200) }).strict(),
    z.array(AmbientCallSchema),
  ),
  /** The suggestion and pick-up note a pane shows when it opens. */
  'ambient:sessionState': channel(z.object({ id: SessionIdSchema }).strict(), AmbientSessionStateSchema),
  /** Dismiss the ghost suggestion (Escape) or the pick-up note. */
  'ambient:dismiss': channel(
    z.object({ id: SessionIdSchema, what: z.enum(['suggestion', 'pickupNote']) }).strict(),
    AmbientSessionStateSchema,
  ),
  /** "Regenerate title": ask the model now. Unpins nothing; a pinned user title stays. */
  'sessions:regenerateTitle': channel(
    z.object({ id: SessionIdSchema }).strict(),
    z.object({ row: SessionRowSchema, outcome: z.enum(['titled', 'kept', 'no-title', 'pinned', 'off']) }),
  ),
} as const;

import { z } from 'zod';
import { EntrySchema, SessionIdSchema, SessionRowSchema } from '../domain/session';
import { SessionUsageSchema } from '../domain/usage';
import { ChangesSummarySchema } from './git';
import { terminalEvents } from './terminal';
import { hostEvents } from './host';
import { acpEvents } from './acp';
import { hostsEvents } from './hosts';
import type { EVENT_NAMES } from './eventNames';

/** Pushes from main: changed entities, never commands. */
export const eventSchemas = {
  'session:changed': SessionRowSchema,
  'session:removed': z.object({ id: SessionIdSchema }),
  'entry:added': EntrySchema,
  /** A streaming assistant message in progress (not yet committed). */
  'entry:streaming': z.object({ sessionId: SessionIdSchema, kind: z.enum(['assistant', 'thinking']), text: z.string() }),
  'app:notice': z.object({ message: z.string() }),
  /** A turn's usage was recorded: the session's new sums. */
  'session:usage': SessionUsageSchema,
  /** The user clicked a session's OS notification: show that session. */
  'app:openSession': z.object({ sessionId: SessionIdSchema }),
  /** The next-prompt ghost text for a session (null clears it). Display-only. */
  'session:suggestion': z.object({ sessionId: SessionIdSchema, text: z.string().nullable() }),
  /** The pick-up note for a reopened session (null clears it). Display-only, never sent to the agent. */
  'session:pickupNote': z.object({ sessionId: SessionIdSchema, text: z.string().nullable() }),
  /** A worktree session's branch and `+added −removed` changed (counted after its agent's activity, throttled). */
  'session:changes': ChangesSummarySchema,
  /** A session's review comments changed (added, edited, deleted, resolved, sent, outdated): read them again (`review:list`). */
  'review:changed': z.object({ sessionId: SessionIdSchema }),
  ...terminalEvents,
  ...hostEvents,
  ...acpEvents,
  ...hostsEvents,
} as const;

export type EventName = keyof typeof eventSchemas;
export type EventPayload<E extends EventName> = z.infer<(typeof eventSchemas)[E]>;

/** `eventNames.ts` lists exactly these events (the renderer's entry buffers pushes by that list). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const EVENT_NAMES_MATCH_SCHEMAS: Same<EventName, (typeof EVENT_NAMES)[number]> = true;

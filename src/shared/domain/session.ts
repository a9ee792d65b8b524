import { z } from 'zod';
import { TitleSchema, titleFitsSource } from './title';
import { HostNameSchema } from './host';

export const SESSION_KINDS = ['chat', 'claude-code', 'acp', 'terminal', 'imported'] as const;
export const SessionKindSchema = z.enum(SESSION_KINDS);
export type SessionKind = z.infer<typeof SessionKindSchema>;

/**
 * SPEC §2. `exited`: a terminal's process ended (issue 31); how, when that was a failure, is the row's `exit`.
 * A word added here is a new protocol level (`shared/ipc/statusLevels.ts`): an older front gets its fallback.
 */
export const SESSION_STATUSES = ['working', 'waiting', 'idle', 'error', 'exited'] as const;
export const SessionStatusSchema = z.enum(SESSION_STATUSES);
export type SessionStatus = z.infer<typeof SessionStatusSchema>;

/**
 * How an `exited` terminal's process ended when that was a failure (SPEC §2): a nonzero code, or a signal
 * the user did not send (`signal`, e.g. 'SIGKILL'; its `code` is then null). Absent on a clean exit (code 0),
 * a stop by the user or the host, and on every row that is not exited.
 */
export const SessionExitSchema = z
  .object({ code: z.number().int().nullable(), signal: z.string().min(1).max(16).nullable() })
  .refine((e) => e.signal !== null || (e.code !== null && e.code !== 0), { message: 'a failed exit has a nonzero code or a signal' });
export type SessionExit = z.infer<typeof SessionExitSchema>;

export const TITLE_SOURCES = ['auto', 'user', 'imported', 'recovered', 'agent'] as const;
export const TitleSourceSchema = z.enum(TITLE_SOURCES);
export type TitleSource = z.infer<typeof TitleSourceSchema>;

export const SessionIdSchema = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/);
export type SessionId = z.infer<typeof SessionIdSchema>;

/** Milliseconds since the epoch. */
export const TimestampSchema = z.number().int().nonnegative();

/**
 * One row of the swarm: everything the list needs to draw a session. `title`
 * is a `Title` (judged usable) or null; the label falls back per SPEC §7.
 */
const SessionRowShape = z.object({
  id: SessionIdSchema,
  kind: SessionKindSchema,
  folder: z.string(),
  status: SessionStatusSchema,
  /** Only on an `exited` row whose process failed: its code or signal (shown in the error colour). */
  exit: SessionExitSchema.optional(),
  archived: z.boolean(),
  pinned: z.boolean(),
  position: z.number(),
  parentId: SessionIdSchema.nullable(),
  title: TitleSchema.nullable(),
  titleSource: TitleSourceSchema.nullable(),
  titlePinned: z.boolean(),
  /** First real user line (not a compaction summary), raw; the label rule cleans it. A terminal's is its last submitted line. */
  firstUserLine: z.string().nullable(),
  /** One-line subtitle: narration or last activity. */
  subtitle: z.string().nullable(),
  /**
   * What the agent is doing now or last did, in a few words, from its entries ("edited src/x.ts", "ran npm
   * test", the start of its last answer): the subtitle when there is no narration. Masked, one line, at
   * most 200 characters. Absent until an entry says something (and on terminals: their last line says it).
   */
  activity: z.string().min(1).max(200).optional(),
  unread: z.boolean(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  backendId: z.string().nullable(),
  /**
   * Entries kept in memory because the database could not take them yet (locked
   * by another program, disk full); retried until saved. Absent when none wait.
   */
  unsaved: z.number().int().positive().optional(),
  /**
   * The repository a worktree session works for (its worktree's `repoRoot`): the sidebar groups and
   * filters it with the repository, not its worktree folder. Absent for every other session (its project is its folder).
   */
  project: z.string().min(1).max(4096).optional(),
  /** A worktree session's branch: rows that read alike say it (SPEC §7). Absent for every other session. */
  branch: z.string().min(1).max(255).optional(),
  /** The ACP agent an `acp` session runs (its id: `gemini`, `codex`, `qwen`, `custom-…`). Absent for every other kind. */
  agent: z.string().min(1).max(64).optional(),
  /**
   * That agent's display name ("Gemini CLI", or the user's name for their own agent), as the host that runs
   * the session knows it now: a pane or label needs no list of agents to name it. Absent when unknown.
   */
  agentName: z.string().min(1).max(80).optional(),
  /**
   * The remote host the session lives on (its name: the SSH destination as typed), set by the
   * session host's federation on every row it relays from that machine. Absent: this machine.
   */
  host: HostNameSchema.optional(),
});

// A title nobody typed is judged as a model's text ("Agent 2" is not one); a person's rename is not.
export const SessionRowSchema = SessionRowShape.refine((row) => titleFitsSource(row.title, row.titleSource, row.titlePinned), {
  message: 'not a usable title',
  path: ['title'],
});
export type SessionRow = z.infer<typeof SessionRowSchema>;

/**
 * A row as the list draws it (`sessions:list`): the row without what only a pane or
 * the agent needs (`backendId`, `createdAt`), and `firstUserLine` only when it is the
 * label (null when the row has a usable title; it can be 500 characters). The store
 * keeps this shape; a full `SessionRow` (a push, a reply) is one too. Its title is the
 * same judged `Title`.
 */
export const SessionListRowSchema = SessionRowShape.omit({ backendId: true, createdAt: true }).refine(
  (row) => titleFitsSource(row.title, row.titleSource, row.titlePinned),
  { message: 'not a usable title', path: ['title'] },
);
export type SessionListRow = z.infer<typeof SessionListRowSchema>;

/**
 * Where a `sessions:list` page ends: the next page starts after this row of the swarm's order
 * (pinned first, then the newest `updatedAt` first, then id).
 */
export const ListCursorSchema = z.object({ pinned: z.boolean(), updatedAt: TimestampSchema, id: SessionIdSchema }).strict();
export type ListCursor = z.infer<typeof ListCursorSchema>;

export const ENTRY_KINDS = [
  'user',
  'assistant',
  'thinking',
  'tool-use',
  'tool-result',
  'steer',
  'summary',
  'note',
  'error',
  /** Context a tool put into a user turn (reminders, hook output, command echoes): shown collapsed, not searched. */
  'context',
] as const;
export const EntryKindSchema = z.enum(ENTRY_KINDS);
export type EntryKind = z.infer<typeof EntryKindSchema>;

export const EntrySchema = z.object({
  sessionId: SessionIdSchema,
  seq: z.number().int().nonnegative(),
  kind: EntryKindSchema,
  text: z.string(),
  /** Tool name, tool use id and similar small facts, as JSON-safe values. */
  meta: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  createdAt: TimestampSchema,
});
export type Entry = z.infer<typeof EntrySchema>;

export const TitleHistoryItemSchema = z.object({
  value: TitleSchema.nullable(),
  source: TitleSourceSchema,
  model: z.string().nullable(),
  at: TimestampSchema,
}).refine((item) => titleFitsSource(item.value, item.source), { message: 'not a usable title', path: ['value'] });
export type TitleHistoryItem = z.infer<typeof TitleHistoryItemSchema>;

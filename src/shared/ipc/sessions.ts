import { z } from 'zod';
import { channel } from './channel';
import { SessionUsageSchema } from '../domain/usage';
import { ChatProviderSchema, PermissionModeSchema } from './agents';
import { WorktreeChoiceSchema } from './git';
import { AcpAgentIdSchema } from './acp';
import {
  EntrySchema,
  ListCursorSchema,
  SessionIdSchema,
  SessionKindSchema,
  SessionListRowSchema,
  SessionRowSchema,
  TitleHistoryItemSchema,
} from '../domain/session';
import { SearchSnippetSchema } from '../domain/searchSnippet';
import { HostNameSchema } from '../domain/host';

const ById = z.object({ id: SessionIdSchema }).strict();

/** Whether a typed folder can hold a session: the full path it names, or why not (in words for the Folder field). */
export const FolderCheckSchema = z.object({
  /** The folder as a full path (`~` expanded); null when it cannot be used. */
  folder: z.string().nullable(),
  problem: z.enum(['relative', 'missing', 'not-a-folder', 'unreadable']).nullable(),
  /** What is wrong, said to the user; null when the folder is fine. */
  message: z.string().nullable(),
});
export type FolderCheck = z.infer<typeof FolderCheckSchema>;
const MAX_TEXT = 1_000_000;
/** How many sessions a search answers unless asked for more. */
export const SEARCH_LIMIT = 500;
/** Snippets are asked for the rows in view: at most this many sessions a call. */
export const SNIPPET_IDS_MAX = 60;
/** The most rows one `sessions:reorder` places (a group the size of the swarm). */
export const REORDER_IDS_MAX = 100_000;

/**
 * What became of a title an agent set itself (its MCP tool): used, or why not, in a sentence
 * the tool hands back to the agent.
 */
export const AgentTitleResultSchema = z.discriminatedUnion('used', [
  z.object({ used: z.literal(true), title: z.string(), message: z.string() }),
  z.object({ used: z.literal(false), reason: z.enum(['rejected', 'pinned', 'off', 'too-soon']), message: z.string() }),
]);
export type AgentTitleResult = z.infer<typeof AgentTitleResultSchema>;

/** An agent's `set_session_title` as its MCP server reports it (the session's token on the report endpoint). */
export const TitleReportSchema = z.object({ sessionId: z.string(), kind: z.literal('title'), title: z.string().max(2_000) });

/** A session's "Title automatically" (on unless the user turned it off). */
export const TitleAutomaticSchema = z.object({ id: SessionIdSchema, automatic: z.boolean() }).strict();

export const sessionChannels = {
  /**
   * The swarm in its order (pinned first, then the newest activity first, then id; archived rows only when
   * asked), as list rows. With `limit`, only the first `limit` rows (fewer means there is
   * nothing more); with `after`, the rows after that one in the order (keyset pages: the
   * renderer paints the first page, then fetches the rest page by page).
   */
  'sessions:list': channel(
    z
      .object({
        includeArchived: z.boolean().default(false),
        limit: z.number().int().min(1).max(10_000).optional(),
        after: ListCursorSchema.optional(),
      })
      .strict(),
    z.array(SessionListRowSchema),
  ),
  /**
   * Full-text search over titles and entry text; ids best first. By default the best
   * SEARCH_LIMIT: a search's cost follows its limit (bm25 of the title hits, distinct
   * sessions of the entry hits), and 2,000 made a keystroke at 10,000+ sessions several
   * times one at 1,000; a longer word narrows it. `whole`: the query's last word is finished
   * (the typing paused); every word before it is. Whole words also search the stemmed index
   * ("decorators" finds "decorator"), once it is filled; results are the union, ranked once.
   */
  'sessions:search': channel(
    z
      .object({
        query: z.string().max(500),
        includeArchived: z.boolean().default(false),
        limit: z.number().int().min(1).max(10_000).default(SEARCH_LIMIT),
        whole: z.boolean().default(false),
      })
      .strict(),
    z.object({ ids: z.array(SessionIdSchema) }),
  ),
  /**
   * The matching text of some search hits (the rows in view): per session, one line around
   * the newest match in what was said there, with the match ranges as data. Sessions with
   * none (no entry matches, or only inside injected context) are left out.
   */
  'sessions:snippets': channel(
    z.object({ query: z.string().max(500), ids: z.array(SessionIdSchema).min(1).max(SNIPPET_IDS_MAX) }).strict(),
    z.object({ snippets: z.array(SearchSnippetSchema) }),
  ),
  /**
   * A new session. Every option is optional (the dialog's defaults): `permissionMode` only for
   * claude-code, `command` only for terminal (empty: the user's shell), `chat` only for chat;
   * an option for another kind, or a folder that is not an existing directory, is BAD_INPUT.
   */
  'sessions:create': channel(
    z
      .object({
        kind: SessionKindSchema.exclude(['imported']),
        folder: z.string().min(1).max(4096).optional(),
        permissionMode: PermissionModeSchema.optional(),
        command: z.string().max(4096).optional(),
        /** Which ACP agent runs an `acp` session (required for that kind; see `acp:agents`). */
        agent: AcpAgentIdSchema.optional(),
        chat: z.object({ provider: ChatProviderSchema.optional(), model: z.string().max(200).optional() }).strict().optional(),
        /** Work in a new git worktree (only for a folder inside a repository); the choice is remembered per repository. */
        worktree: WorktreeChoiceSchema.optional(),
        /** The remote host to start it on (SPEC §7.1 "Host"); absent: this machine. */
        host: HostNameSchema.optional(),
      })
      .strict(),
    SessionRowSchema,
  ),
  /** The New session dialog's Folder field, checked as the user types: an existing folder this user can read (on `host`, absent: this machine)? */
  'sessions:checkFolder': channel(z.object({ folder: z.string().trim().min(1).max(4096), host: HostNameSchema.optional() }).strict(), FolderCheckSchema),
  /**
   * The Folder field's suggestions as the user types: the folders inside the typed path's parent
   * whose names start with its last part (`~` is that host's home; hidden folders only when the
   * part starts with a dot), sorted, at most 50. On `host` (absent: this machine).
   */
  'sessions:folderSuggestions': channel(
    z.object({ folder: z.string().max(4096), host: HostNameSchema.optional() }).strict(),
    z.object({ folders: z.array(z.string().max(4096)).max(50) }),
  ),
  /**
   * "Continue in…" (SPEC §9.5): a new session of `kind` in the same folder, seeded with the
   * running summary and the last request, linked to this one. UNAVAILABLE with the reason
   * when ambient work is off or there is nothing to continue from.
   */
  'sessions:continueIn': channel(
    z
      .object({
        id: SessionIdSchema,
        kind: SessionKindSchema.exclude(['imported']),
        /** The ACP agent of the new session (required when `kind` is `acp`). */
        agent: AcpAgentIdSchema.optional(),
      })
      .strict(),
    SessionRowSchema,
  ),
  'sessions:get': channel(ById, SessionRowSchema),
  /** A user rename: judged with the stored-title limits; TITLE_REJECTED says why. Pins the title. */
  'sessions:rename': channel(
    z.object({ id: SessionIdSchema, title: z.string().max(2_000) }).strict(),
    SessionRowSchema,
  ),
  /** "Let Swarmdesk title this": unpin a user title so automatic titling may replace it. */
  'sessions:releaseTitle': channel(ById, SessionRowSchema),
  'sessions:titleHistory': channel(ById, z.array(TitleHistoryItemSchema)),
  /** Whether the session titles itself automatically (the row menu's "Title automatically"). */
  'sessions:titleAutomatic': channel(ById, TitleAutomaticSchema),
  /** Turns a session's automatic titles (the ambient model's and the agent's) on or off; off keeps the current title. */
  'sessions:setTitleAutomatic': channel(TitleAutomaticSchema, TitleAutomaticSchema),
  /** Move a row so it sits just before `beforeId` (null = at the end of its group). */
  /**
   * The rows of one group of the list, in the order the user just gave them (issue 28: a group is
   * drawn by time until the user reorders it): they take the places (positions) they held among
   * themselves, in this order, so nothing else moves. Rows of one pin group only; the rows changed
   * are pushed. Answers how many rows took a new place.
   */
  'sessions:reorder': channel(
    z.object({ ids: z.array(SessionIdSchema).min(2).max(REORDER_IDS_MAX) }).strict(),
    z.object({ moved: z.number().int().nonnegative() }),
  ),
  'sessions:move': channel(
    z.object({ id: SessionIdSchema, beforeId: SessionIdSchema.nullable() }).strict(),
    SessionRowSchema,
  ),
  'sessions:setPinned': channel(z.object({ id: SessionIdSchema, pinned: z.boolean() }).strict(), SessionRowSchema),
  'sessions:setArchived': channel(z.object({ id: SessionIdSchema, archived: z.boolean() }).strict(), SessionRowSchema),
  /** Soft delete: the row disappears; `sessions:restore` brings it back until it is purged. */
  'sessions:delete': channel(ById, z.object({ id: SessionIdSchema })),
  'sessions:restore': channel(ById, SessionRowSchema),
  'sessions:markRead': channel(ById, SessionRowSchema),
  /** Tokens in and out, turns, and money where the source reported it (issue 10 §6). */
  'sessions:usage': channel(ById, SessionUsageSchema),
  /** The composer: a user message (or a steer while the agent works). */
  'sessions:send': channel(
    z.object({ id: SessionIdSchema, text: z.string().min(1).max(MAX_TEXT) }).strict(),
    EntrySchema,
  ),
  'sessions:stop': channel(ById, SessionRowSchema),
  /** A page of the transcript, newest last; `beforeSeq` pages backwards. */
  'entries:page': channel(
    z.object({ id: SessionIdSchema, beforeSeq: z.number().int().nonnegative().optional(), limit: z.number().int().min(1).max(1_000).default(200) }).strict(),
    z.object({ entries: z.array(EntrySchema), hasMore: z.boolean() }),
  ),
} as const;

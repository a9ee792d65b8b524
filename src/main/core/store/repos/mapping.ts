import { TitleSchema } from '../../../../shared/domain/title';
import { isUsableTitleFrom } from '../../../../shared/judge';
import { builtInAcpAgentName } from '../../../../shared/label';
import {
  ENTRY_KINDS,
  SESSION_KINDS,
  SESSION_STATUSES,
  TITLE_SOURCES,
  type Entry,
  type EntryKind,
  type SessionKind,
  type SessionExit,
  type SessionListRow,
  type SessionRow,
  type SessionStatus,
  type TitleSource,
} from '../../../../shared/domain/session';

export type Title = NonNullable<SessionRow['title']>;

/**
 * Titles are judged on read, for whoever wrote them (`source`): a placeholder
 * stored by an older build or imported from another tool comes out as null,
 * never as a title; a person's rename ('user') such as "Worker 2" stays.
 */
export function readTitle(value: unknown, source: string | null = null, pinned = false): Title | null {
  if (typeof value !== 'string' || !isUsableTitleFrom(value, source, pinned)) return null;
  const parsed = TitleSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const KINDS = new Set<string>(SESSION_KINDS);
const STATUSES = new Set<string>(SESSION_STATUSES);
const SOURCES = new Set<string>(TITLE_SOURCES);
const ENTRY_KIND_SET = new Set<string>(ENTRY_KINDS);

export function readKind(v: string): SessionKind {
  return KINDS.has(v) ? (v as SessionKind) : 'imported';
}
export function readStatus(v: string): SessionStatus {
  return STATUSES.has(v) ? (v as SessionStatus) : 'idle';
}
export function readSource(v: string | null): TitleSource | null {
  return v !== null && SOURCES.has(v) ? (v as TitleSource) : null;
}
export function readEntryKind(v: string): EntryKind {
  return ENTRY_KIND_SET.has(v) ? (v as EntryKind) : 'note';
}

/**
 * The columns of `sessions` every read selects, in the order `toSessionRow`
 * reads them: reads use better-sqlite3's raw (array) mode, which halves the
 * cost of listing 10,000 rows compared with one object per row.
 */
export const SESSION_COLUMNS =
  'id, kind, folder, status, archived, pinned, position, parent_id, backend_id, title, title_source, ' +
  'title_pinned, ' +
  // A terminal's label is its last program (SPEC §7): it reads the last line submitted at the shell's
  // prompt (a line typed to a program there is not a command: terminalCommand.ts, TO_PROGRAM), one
  // backward primary-key range step; other kinds keep their first line.
  "CASE WHEN kind = 'terminal' THEN coalesce((SELECT substr(e.text, 1, 500) FROM entries e WHERE e.id BETWEEN (sessions.rid << 32) " +
  "AND (sessions.rid << 32) + 4294967295 AND e.kind = 'user' AND (e.meta IS NULL OR json_extract(e.meta, '$.to') IS NOT 'program') " +
  'ORDER BY e.id DESC LIMIT 1), first_user_line) ELSE first_user_line END, ' +
  'subtitle, unread, created_at, updated_at, ' +
  // A worktree session's repository and branch (its `worktree` option), one primary-key lookup per row: one
  // value, the two joined by a unit separator (a branch name never holds a control character).
  "(SELECT json_extract(o.value, '$.repoRoot') || char(31) || coalesce(json_extract(o.value, '$.branch'), '') " +
  "FROM session_options o WHERE o.session_id = sessions.id AND o.name = 'worktree'), " +
  // An ACP session's agent id (its `acpAgent` option); other kinds do not look it up.
  "CASE WHEN kind = 'acp' THEN (SELECT json_extract(o.value, '$') FROM session_options o WHERE o.session_id = sessions.id AND o.name = 'acpAgent') END, " +
  // A user-defined ACP agent's name as its settings say now (Settings → Agents, key `agents.acp`: a rename
  // follows), so the row names it without the page asking for the list of agents.
  "CASE WHEN kind = 'acp' THEN (SELECT json_extract(c.value, '$.name') FROM settings st, json_each(st.value, '$.custom') c " +
  "WHERE st.key = 'agents.acp' AND json_extract(c.value, '$.id') = " +
  "(SELECT json_extract(o.value, '$') FROM session_options o WHERE o.session_id = sessions.id AND o.name = 'acpAgent')) END, " +
  // How an exited terminal failed (migration 013); null on every other row.
  'exit_code, exit_signal, ' +
  // What the agent last did (migration 017), kept on the row as entries come.
  'activity';

export type SessionDbRow = [
  id: string,
  kind: string,
  folder: string,
  status: string,
  archived: number,
  pinned: number,
  position: number,
  parentId: string | null,
  backendId: string | null,
  title: string | null,
  titleSource: string | null,
  titlePinned: number,
  firstUserLine: string | null,
  subtitle: string | null,
  unread: number,
  createdAt: number,
  updatedAt: number,
  worktree: unknown,
  acpAgent: unknown,
  acpAgentName: unknown,
  exitCode: number | null,
  exitSignal: string | null,
  activity: string | null,
];

export function toSessionRow(r: SessionDbRow): SessionRow {
  const title = readTitle(r[9], r[10], r[11] === 1);
  return {
    id: r[0],
    kind: readKind(r[1]),
    folder: r[2],
    status: readStatus(r[3]),
    archived: r[4] === 1,
    pinned: r[5] === 1,
    position: r[6],
    parentId: r[7],
    title,
    titleSource: title === null ? null : readSource(r[10]),
    titlePinned: title !== null && r[11] === 1,
    firstUserLine: r[12],
    subtitle: r[13],
    unread: r[14] === 1,
    createdAt: r[15],
    updatedAt: r[16],
    backendId: r[8],
    // Only a worktree session has them (absent otherwise, so most rows stay as they were).
    ...worktreeOf(r[17]),
    ...acpAgent(r[18], r[19]),
    ...exitOf(readStatus(r[3]), r[20], r[21]),
    ...(typeof r[22] === 'string' && r[22] !== '' ? { activity: r[22] } : {}),
  };
}

/** A worktree session's repository and branch, from `<repoRoot>\x1f<branch>`. */
function worktreeOf(value: unknown): { project?: string; branch?: string } {
  if (typeof value !== 'string') return {};
  const cut = value.lastIndexOf('\x1f');
  const project = cut < 0 ? value : value.slice(0, cut);
  const branch = cut < 0 ? '' : value.slice(cut + 1);
  return { ...(project !== '' ? { project } : {}), ...(branch !== '' && branch.length <= 255 ? { branch } : {}) };
}

/** An exited row's failure (a nonzero code or a signal), absent otherwise (SPEC §2). */
function exitOf(status: SessionStatus, code: number | null, signal: string | null): { exit?: SessionExit } {
  if (status !== 'exited') return {};
  const exit = { code: typeof code === 'number' ? code : null, signal: typeof signal === 'string' && signal !== '' ? signal.slice(0, 16) : null };
  return exit.signal !== null || (exit.code !== null && exit.code !== 0) ? { exit } : {};
}

/** An ACP session's agent id and its name (the user's own agent's from its settings, else a built-in one's). */
function acpAgent(id: unknown, customName: unknown): { agent?: string; agentName?: string } {
  if (typeof id !== 'string' || !/^[a-z0-9][a-z0-9-]{0,63}$/.test(id)) return {};
  const name = typeof customName === 'string' && customName.trim() !== '' ? customName.trim().slice(0, 80) : builtInAcpAgentName(id);
  return name === undefined ? { agent: id } : { agent: id, agentName: name };
}

/**
 * The same columns as a list row (`sessions:list`): what the list draws, without `backendId` /
 * `createdAt`, and the first user line only where it is the label (no usable title).
 */
export function toSessionListRow(r: SessionDbRow): SessionListRow {
  const { backendId: _backendId, createdAt: _createdAt, ...row } = toSessionRow(r);
  // The label shows the first line only when there is no usable title (up to 500 characters a row otherwise).
  return row.title === null ? row : { ...row, firstUserLine: null };
}

export interface EntryDbRow {
  seq: number;
  kind: string;
  text: string;
  meta: string | null;
  created_at: number;
}

export type EntryMeta = Entry['meta'];

export function toEntry(sessionId: string, r: EntryDbRow): Entry {
  return {
    sessionId,
    seq: r.seq,
    kind: readEntryKind(r.kind),
    text: r.text,
    meta: r.meta === null ? null : (JSON.parse(r.meta) as EntryMeta),
    createdAt: r.created_at,
  };
}

import { TitleSchema } from '../../../../shared/domain/title';
import {
  ENTRY_KINDS,
  SESSION_KINDS,
  SESSION_STATUSES,
  TITLE_SOURCES,
  type Entry,
  type EntryKind,
  type SessionKind,
  type SessionRow,
  type SessionStatus,
  type TitleSource,
} from '../../../../shared/domain/session';

export type Title = NonNullable<SessionRow['title']>;

/**
 * Titles are judged on read: a placeholder stored by an older build or
 * imported from another tool comes out as null, never as a title.
 */
export function readTitle(value: unknown): Title | null {
  if (typeof value !== 'string') return null;
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

/** The columns of `sessions` every read selects. */
export const SESSION_COLUMNS =
  'id, kind, folder, status, archived, pinned, position, parent_id, backend_id, title, title_source, ' +
  'title_pinned, first_user_line, subtitle, unread, created_at, updated_at';

export interface SessionDbRow {
  id: string;
  kind: string;
  folder: string;
  status: string;
  archived: number;
  pinned: number;
  position: number;
  parent_id: string | null;
  backend_id: string | null;
  title: string | null;
  title_source: string | null;
  title_pinned: number;
  first_user_line: string | null;
  subtitle: string | null;
  unread: number;
  created_at: number;
  updated_at: number;
}

export function toSessionRow(r: SessionDbRow): SessionRow {
  const title = readTitle(r.title);
  return {
    id: r.id,
    kind: readKind(r.kind),
    folder: r.folder,
    status: readStatus(r.status),
    archived: r.archived === 1,
    pinned: r.pinned === 1,
    position: r.position,
    parentId: r.parent_id,
    title,
    titleSource: title === null ? null : readSource(r.title_source),
    titlePinned: title !== null && r.title_pinned === 1,
    firstUserLine: r.first_user_line,
    subtitle: r.subtitle,
    unread: r.unread === 1,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    backendId: r.backend_id,
  };
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

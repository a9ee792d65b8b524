import { randomUUID } from 'node:crypto';
import type { SessionKind, SessionRow, SessionStatus, TitleSource } from '../../../shared/domain/session';
import { withoutControlCharacters } from '../../../shared/judge';
import type { Store } from '../store';
import type { Clock } from './clock';
import type { CoreHooks } from './hooks';

/*
 * The rules every write path of the sessions service shares (a user's
 * create, an agent's subagent, an imported transcript): how a row is placed
 * and inserted, and how a title record is written. Called only by the
 * service (sessions.ts, sessionTitles.ts, importBatch.ts), inside its transactions.
 */

export interface NewSessionRow {
  readonly id?: string;
  readonly kind: SessionKind;
  readonly folder: string;
  readonly parentId?: string | null;
  readonly backendId?: string | null;
  readonly status?: SessionStatus;
  readonly title?: string | null;
  readonly titleSource?: TitleSource;
  readonly at: number;
}

/**
 * Inserts a session in its pin group (unpinned): at the top for new work,
 * at the bottom for imported history (older than anything the user started here).
 */
export function insertSession(store: Store, n: NewSessionRow, place: 'top' | 'bottom'): SessionRow {
  const edge = store.sessions.edgePosition(false, place);
  return store.sessions.insert({
    id: n.id ?? randomUUID(),
    kind: n.kind,
    folder: n.folder,
    position: edge === null ? 0 : place === 'top' ? edge - 1 : edge + 1,
    parentId: n.parentId ?? null,
    backendId: n.backendId ?? null,
    status: n.status ?? 'idle',
    title: n.title == null ? null : withoutControlCharacters(n.title),
    titleSource: n.titleSource ?? 'imported',
    at: n.at,
  });
}

export interface TitleRecord {
  readonly value: string;
  readonly source: TitleSource;
  readonly model: string | null;
  readonly pinned: boolean;
  readonly at: number;
}

/** The current title and its history entry, together (call inside a transaction). */
export function writeTitleRecord(store: Store, id: string, t: TitleRecord): void {
  // Every writer cleans before it judges; this is the floor, so no stored title rings a terminal's bell.
  const value = withoutControlCharacters(t.value);
  store.sessions.setTitle(id, { title: value, source: t.source, pinned: t.pinned });
  store.titles.add({ sessionId: id, value, source: t.source, model: t.model, at: t.at });
}

/**
 * Whether an automatic or imported title may replace the current one: a
 * user's title made in Swarmdesk is never replaced by one; a pinned title
 * is replaced only by the source that pinned it (a later rename in the tool
 * the session was imported from).
 */
export function mayReplaceTitle(current: SessionRow, source: Exclude<TitleSource, 'user'>): boolean {
  if (current.titleSource === 'user') return !current.titlePinned && source !== 'imported';
  if (current.titlePinned) return current.titleSource === source;
  return true;
}

/** What the service's parts (order, titles, entries) need of it: the store, the clock and hooks, a row as the swarm sees it, and telling that a row changed. */
export interface SessionRowsPort {
  readonly store: Store;
  readonly clock: Clock;
  readonly hooks: CoreHooks;
  /** The row as the swarm sees it (with its unsaved entries); NOT_FOUND when there is none. */
  readonly get: (id: string) => SessionRow;
  /** Pushes `session:changed`; returns the row as shown. */
  readonly changed: (row: SessionRow) => SessionRow;
}

import type { ListCursor, SessionExit, SessionKind, SessionListRow, SessionRow, SessionStatus, TitleSource } from '../../../../shared/domain/session';
import type { Db } from '../connection';
import { SESSION_COLUMNS, toSessionListRow, toSessionRow, type SessionDbRow } from './mapping';

export interface NewSession {
  readonly id: string;
  readonly kind: SessionKind;
  readonly folder: string;
  readonly position: number;
  readonly parentId?: string | null;
  readonly backendId?: string | null;
  readonly status?: SessionStatus;
  readonly title?: string | null;
  readonly titleSource?: TitleSource | null;
  readonly at: number;
}

export interface TitleWrite {
  readonly title: string | null;
  readonly source: TitleSource | null;
  readonly pinned: boolean;
}

export interface DeletedSession {
  readonly id: string;
  readonly deletedAt: number;
}

export interface Neighbour {
  readonly id: string;
  readonly position: number;
}

/**
 * The swarm's order (issue 28): pinned first, then the newest activity first (the time a row
 * shows, `updated_at`), then id. The `sessions_by_time` index (migration 011) serves it.
 */
const SWARM_ORDER = 'pinned DESC, updated_at DESC, id';

/** Sessions: rows of the swarm. Soft-deleted rows are invisible to every read but `deletedAt`. */
export function createSessionsRepo(db: Db) {
  const live = 'deleted_at IS NULL';
  const s = {
    list: db
      .prepare<[number], SessionDbRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE ${live} AND (archived = 0 OR ? = 1) ORDER BY ${SWARM_ORDER}`)
      .raw(true),
    /** The first rows in the same order: walks the `sessions_by_time` index and stops (no sort of the whole swarm). */
    listFirst: db
      .prepare<[number, number], SessionDbRow>(
        `SELECT ${SESSION_COLUMNS} FROM sessions WHERE ${live} AND (archived = 0 OR ? = 1) ORDER BY ${SWARM_ORDER} LIMIT ?`,
      )
      .raw(true),
    /**
     * Keyset page inside one pin group: the rows after (updated_at DESC, id), by the same index, no
     * OFFSET (`updated_at <= @updatedAt` is the index range; the rest drops the cursor's own time's earlier ids).
     */
    listAfter: db
      .prepare<{ archived: number; pinned: number; updatedAt: number; id: string; limit: number }, SessionDbRow>(
        `SELECT ${SESSION_COLUMNS} FROM sessions WHERE ${live} AND (archived = 0 OR @archived = 1) AND pinned = @pinned
           AND updated_at <= @updatedAt AND (updated_at < @updatedAt OR id > @id) ORDER BY ${SWARM_ORDER} LIMIT @limit`,
      )
      .raw(true),
    get: db.prepare<[string], SessionDbRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = ? AND ${live}`).raw(true),
    insert: db.prepare(
      `INSERT INTO sessions (id, kind, folder, status, position, parent_id, backend_id, title, title_source, created_at, updated_at)
       VALUES (@id, @kind, @folder, @status, @position, @parentId, @backendId, @title, @titleSource, @at, @at)`,
    ),
    top: db.prepare<[number], { p: number | null }>(`SELECT min(position) AS p FROM sessions WHERE ${live} AND pinned = ?`),
    bottom: db.prepare<[number], { p: number | null }>(`SELECT max(position) AS p FROM sessions WHERE ${live} AND pinned = ?`),
    before: db.prepare<{ pinned: number; position: number; id: string; except: string }, Neighbour>(
      `SELECT id, position FROM sessions WHERE ${live} AND pinned = @pinned AND id <> @except
         AND (position < @position OR (position = @position AND id < @id)) ORDER BY position DESC, id DESC LIMIT 1`,
    ),
    group: db.prepare<[number], { id: string }>(`SELECT id FROM sessions WHERE ${live} AND pinned = ? ORDER BY position, id`),
    setPosition: db.prepare<[number, string]>(`UPDATE sessions SET position = ? WHERE id = ?`),
    // Pinning and archiving are not activity: updated_at (the row's "last activity" time) stays.
    setPinned: db.prepare<[number, number, string]>(`UPDATE sessions SET pinned = ?, position = ? WHERE id = ? AND ${live}`),
    setArchived: db.prepare<[number, string]>(`UPDATE sessions SET archived = ? WHERE id = ? AND ${live}`),
    // Any status but 'exited' clears how a terminal last ended (migration 013).
    setStatus: db.prepare<[string, number | null, string | null, number, string]>(
      `UPDATE sessions SET status = ?, exit_code = ?, exit_signal = ?, updated_at = ? WHERE id = ? AND ${live}`,
    ),
    setSubtitle: db.prepare<[string | null, string]>(`UPDATE sessions SET subtitle = ? WHERE id = ? AND ${live}`),
    setActivity: db.prepare<[string | null, string]>(`UPDATE sessions SET activity = ? WHERE id = ? AND ${live}`),
    setBackendId: db.prepare<[string | null, string]>(`UPDATE sessions SET backend_id = ? WHERE id = ? AND ${live}`),
    setUnread: db.prepare<[number, string]>(`UPDATE sessions SET unread = ? WHERE id = ? AND ${live}`),
    setTitle: db.prepare<[string | null, string | null, number, string]>(
      `UPDATE sessions SET title = ?, title_source = ?, title_pinned = ? WHERE id = ? AND ${live}`,
    ),
    setTitlePinned: db.prepare<[number, string]>(`UPDATE sessions SET title_pinned = ? WHERE id = ? AND ${live}`),
    markOpened: db.prepare<[number, string]>(`UPDATE sessions SET last_opened_at = ? WHERE id = ? AND ${live}`),
    lastOpened: db.prepare<[string], { last_opened_at: number | null }>(
      `SELECT last_opened_at FROM sessions WHERE id = ? AND ${live}`,
    ),
    subtree: db.prepare<[string], { id: string }>(
      `WITH RECURSIVE t(id) AS (SELECT ? UNION SELECT s.id FROM sessions s JOIN t ON s.parent_id = t.id) SELECT id FROM t`,
    ),
    softDelete: db.prepare<[number, string]>(`UPDATE sessions SET deleted_at = ? WHERE id = ? AND ${live}`),
    deletedAt: db.prepare<[string], { deleted_at: number | null }>(`SELECT deleted_at FROM sessions WHERE id = ?`),
    restore: db.prepare<[string, number]>(`UPDATE sessions SET deleted_at = NULL WHERE id = ? AND deleted_at = ?`),
    expired: db.prepare<{ cutoff: number }, { id: string }>(
      `SELECT id FROM sessions WHERE deleted_at IS NOT NULL AND deleted_at < @cutoff
         AND (parent_id IS NULL OR parent_id NOT IN (SELECT id FROM sessions WHERE deleted_at IS NOT NULL AND deleted_at < @cutoff))`,
    ),
    markDeleted: db.prepare<[number, string]>(`UPDATE sessions SET deleted_at = coalesce(deleted_at, ?) WHERE id = ?`),
    purge: db.prepare<[string]>(`DELETE FROM sessions WHERE id = ? AND deleted_at IS NOT NULL`),
  };

  const get = (id: string): SessionRow | null => {
    const r = s.get.get(id);
    return r ? toSessionRow(r) : null;
  };

  return {
    /** The swarm in order (pinned first, then newest activity first, then id), whole rows (for the core's own sweeps). */
    list(includeArchived: boolean): SessionRow[] {
      return s.list.all(includeArchived ? 1 : 0).map(toSessionRow);
    },
    /**
     * The same order as list rows (what `sessions:list` sends): only the first `limit` rows when
     * given, and only those after `after` when given (a keyset page).
     */
    listRows(includeArchived: boolean, limit?: number, after?: ListCursor): SessionListRow[] {
      const archived = includeArchived ? 1 : 0;
      if (after === undefined) {
        const rows = limit === undefined ? s.list.all(archived) : s.listFirst.all(archived, limit);
        return rows.map(toSessionListRow);
      }
      const max = limit ?? Number.MAX_SAFE_INTEGER;
      const page = (pinned: boolean, updatedAt: number, id: string, room: number): SessionDbRow[] =>
        s.listAfter.all({ archived, pinned: pinned ? 1 : 0, updatedAt, id, limit: room });
      const rows = page(after.pinned, after.updatedAt, after.id, max);
      // The pinned group ran out: the unpinned one follows from its start (the newest; no time is later).
      if (after.pinned && rows.length < max) rows.push(...page(false, Number.MAX_SAFE_INTEGER, '', max - rows.length));
      return rows.map(toSessionListRow);
    },
    get,
    insert(n: NewSession): SessionRow {
      s.insert.run({
        id: n.id,
        kind: n.kind,
        folder: n.folder,
        status: n.status ?? 'idle',
        position: n.position,
        parentId: n.parentId ?? null,
        backendId: n.backendId ?? null,
        title: n.title ?? null,
        titleSource: n.title ? (n.titleSource ?? 'imported') : null,
        at: n.at,
      });
      const row = get(n.id);
      if (!row) throw new Error('inserted session not found');
      return row;
    },
    /** Smallest (`'top'`) or largest (`'bottom'`) position in a pin group; null when empty. */
    edgePosition(pinned: boolean, edge: 'top' | 'bottom'): number | null {
      return (edge === 'top' ? s.top : s.bottom).get(pinned ? 1 : 0)?.p ?? null;
    },
    /** The row just above `target` in its pin group, skipping `exceptId`. */
    neighbourAbove(pinned: boolean, target: Neighbour, exceptId: string): Neighbour | null {
      return s.before.get({ pinned: pinned ? 1 : 0, position: target.position, id: target.id, except: exceptId }) ?? null;
    },
    /** Rewrites a pin group's positions to 1, 2, 3... in their current order; returns the ids. */
    renumber(pinned: boolean): string[] {
      const ids = s.group.all(pinned ? 1 : 0).map((r) => r.id);
      ids.forEach((id, i) => s.setPosition.run(i + 1, id));
      return ids;
    },
    setPosition(id: string, position: number): void {
      s.setPosition.run(position, id);
    },
    setPinned(id: string, pinned: boolean, position: number): boolean {
      return s.setPinned.run(pinned ? 1 : 0, position, id).changes > 0;
    },
    setArchived(id: string, archived: boolean): boolean {
      return s.setArchived.run(archived ? 1 : 0, id).changes > 0;
    },
    /** `exit`: how an exited terminal failed (stored only with 'exited'). */
    setStatus(id: string, status: SessionStatus, at: number, exit?: SessionExit): boolean {
      const failed = status === 'exited' ? exit : undefined;
      return s.setStatus.run(status, failed?.code ?? null, failed?.signal ?? null, at, id).changes > 0;
    },
    setSubtitle(id: string, subtitle: string | null): boolean {
      return s.setSubtitle.run(subtitle, id).changes > 0;
    },
    /** What the session's agent last did, a few words (migration 017); the caller masks and bounds it. */
    setActivity(id: string, activity: string | null): boolean {
      return s.setActivity.run(activity, id).changes > 0;
    },
    setBackendId(id: string, backendId: string | null): boolean {
      return s.setBackendId.run(backendId, id).changes > 0;
    },
    setUnread(id: string, unread: boolean): boolean {
      return s.setUnread.run(unread ? 1 : 0, id).changes > 0;
    },
    setTitle(id: string, t: TitleWrite): boolean {
      return s.setTitle.run(t.title, t.title === null ? null : t.source, t.pinned ? 1 : 0, id).changes > 0;
    },
    setTitlePinned(id: string, pinned: boolean): boolean {
      return s.setTitlePinned.run(pinned ? 1 : 0, id).changes > 0;
    },
    /** Records an open; returns the previous open time (null: never opened), or undefined if no such session. */
    markOpened(id: string, at: number): number | null | undefined {
      const previous = s.lastOpened.get(id);
      if (!previous) return undefined;
      s.markOpened.run(at, id);
      return previous.last_opened_at;
    },
    /** The session and all its descendants (subagents, forks), root first. */
    subtreeIds(id: string): string[] {
      return s.subtree.all(id).map((r) => r.id);
    },
    softDelete(id: string, at: number): boolean {
      return s.softDelete.run(at, id).changes > 0;
    },
    deletedAt(id: string): number | null | undefined {
      const r = s.deletedAt.get(id);
      return r ? r.deleted_at : undefined;
    },
    restore(id: string, deletedAt: number): boolean {
      return s.restore.run(id, deletedAt).changes > 0;
    },
    /** Roots of soft-deleted subtrees deleted before `cutoff`. */
    expiredDeleted(cutoff: number): string[] {
      return s.expired.all({ cutoff }).map((r) => r.id);
    },
    /** Marks a row deleted (keeping an existing mark) so the purge cascade may remove it. */
    markDeleted(id: string, at: number): void {
      s.markDeleted.run(at, id);
    },
    purge(id: string): boolean {
      return s.purge.run(id).changes > 0;
    },
  };
}

export type SessionsRepo = ReturnType<typeof createSessionsRepo>;

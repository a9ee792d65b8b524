import type { Db } from '../connection';
import type { JsonValue } from './settings';

/** What a session keeps of its own (migration 003); callers validate values with their own schema. */
export type SessionOptionName = 'permissionMode' | 'chat' | 'summary' | 'worktree' | 'acpAgent' | 'acpMode' | 'acpModel' | 'autoTitle';

function prepare(db: Db) {
  return {
    get: db.prepare<[string, string], { value: string }>(`SELECT value FROM session_options WHERE session_id = ? AND name = ?`),
    // Only a session that exists and is not in the trash gains an option.
    set: db.prepare<{ sid: string; name: string; value: string }>(
      `INSERT INTO session_options (session_id, name, value)
       SELECT id, @name, @value FROM sessions WHERE id = @sid AND deleted_at IS NULL
       ON CONFLICT (session_id, name) DO UPDATE SET value = excluded.value`,
    ),
    remove: db.prepare<[string, string]>(`DELETE FROM session_options WHERE session_id = ? AND name = ?`),
    named: db.prepare<[string], { session_id: string; value: string }>(
      `SELECT o.session_id, o.value FROM session_options o JOIN sessions s ON s.id = o.session_id
       WHERE o.name = ? AND s.deleted_at IS NULL`,
    ),
  };
}

/**
 * Per-session values, deleted with their session (ON DELETE CASCADE).
 * Statements are prepared on first use, so a store opened at an older schema
 * (migration tests) can still be created.
 */
export function createSessionOptionsRepo(db: Db) {
  let prepared: ReturnType<typeof prepare> | null = null;
  const st = () => (prepared ??= prepare(db));
  return {
    /** The stored value, or undefined when none was set. */
    get(sessionId: string, name: SessionOptionName): unknown {
      const r = st().get.get(sessionId, name);
      return r ? (JSON.parse(r.value) as unknown) : undefined;
    },
    /** Stores the value; false when there is no such live session. */
    set(sessionId: string, name: SessionOptionName, value: JsonValue): boolean {
      return st().set.run({ sid: sessionId, name, value: JSON.stringify(value) }).changes > 0;
    },
    remove(sessionId: string, name: SessionOptionName): void {
      st().remove.run(sessionId, name);
    },
    /** Every live (not deleted) session's value of `name`. */
    named(name: SessionOptionName): Array<{ sessionId: string; value: unknown }> {
      return st().named.all(name).map((r) => ({ sessionId: r.session_id, value: JSON.parse(r.value) as unknown }));
    },
  };
}

export type SessionOptionsRepo = ReturnType<typeof createSessionOptionsRepo>;

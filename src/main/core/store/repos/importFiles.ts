import type { Db } from '../connection';

/** One imported file's cursor as stored (see migration 002). */
export interface ImportFileRow {
  readonly path: string;
  readonly source: 'claude-code' | 'codex';
  readonly size: number;
  readonly mtimeMs: number;
  readonly ino: number;
  readonly offset: number;
  /** The parser's facts as JSON text; the importer parses and checks it. */
  readonly facts: string;
  readonly sessionId: string | null;
}

interface DbRow {
  path: string;
  source: string;
  size: number;
  mtime_ms: number;
  ino: number;
  offset: number;
  facts: string;
  session_id: string | null;
}

function toRow(r: DbRow): ImportFileRow {
  return {
    path: r.path,
    source: r.source === 'codex' ? 'codex' : 'claude-code',
    size: r.size,
    mtimeMs: r.mtime_ms,
    ino: r.ino,
    offset: r.offset,
    facts: r.facts,
    sessionId: r.session_id,
  };
}

/**
 * Cursors of the transcript import, keyed by file path. Statements are
 * prepared on first use, so a store opened at an older schema (migration
 * tests) can still be created.
 */
export function createImportFilesRepo(db: Db) {
  let prepared: ReturnType<typeof prepare> | null = null;
  const st = () => (prepared ??= prepare(db));
  return {
    all(): ImportFileRow[] {
      return st().all.all().map(toRow);
    },
    get(path: string): ImportFileRow | null {
      const r = st().get.get(path);
      return r ? toRow(r) : null;
    },
    bySession(sessionId: string): ImportFileRow | null {
      const r = st().bySession.get(sessionId);
      return r ? toRow(r) : null;
    },
    /** Backend ids of Swarmdesk's own live sessions (its claude-code runs write transcripts the importer also sees). */
    ownedBackendIds(): Set<string> {
      return new Set(st().owned.all().map((r) => r.backend_id));
    },
    /** Sessions in the swarm (not deleted) that came from an imported transcript: what the import shows. */
    sessionCount(): number {
      return st().sessionCount.get()?.n ?? 0;
    },
    put(row: ImportFileRow): void {
      st().put.run({
        path: row.path,
        source: row.source,
        size: row.size,
        mtime_ms: row.mtimeMs,
        ino: row.ino,
        offset: row.offset,
        facts: row.facts,
        session_id: row.sessionId,
      });
    },
  };
}

function prepare(db: Db) {
  return {
    owned: db.prepare<[], { backend_id: string }>(
      `SELECT backend_id FROM sessions WHERE backend_id IS NOT NULL AND kind <> 'imported' AND deleted_at IS NULL`,
    ),
    all: db.prepare<[], DbRow>(`SELECT path, source, size, mtime_ms, ino, offset, facts, session_id FROM import_files`),
    get: db.prepare<[string], DbRow>(`SELECT path, source, size, mtime_ms, ino, offset, facts, session_id FROM import_files WHERE path = ?`),
    put: db.prepare<DbRow>(
      `INSERT INTO import_files (path, source, size, mtime_ms, ino, offset, facts, session_id)
       VALUES (@path, @source, @size, @mtime_ms, @ino, @offset, @facts, @session_id)
       ON CONFLICT (path) DO UPDATE SET source = excluded.source, size = excluded.size, mtime_ms = excluded.mtime_ms,
         ino = excluded.ino, offset = excluded.offset, facts = excluded.facts, session_id = excluded.session_id`,
    ),
    sessionCount: db.prepare<[], { n: number }>(
      `SELECT COUNT(*) AS n FROM import_files f JOIN sessions s ON s.id = f.session_id WHERE s.deleted_at IS NULL`,
    ),
    bySession: db.prepare<[string], DbRow>(
      `SELECT path, source, size, mtime_ms, ino, offset, facts, session_id FROM import_files WHERE session_id = ? LIMIT 1`,
    ),
  };
}

export type ImportFilesRepo = ReturnType<typeof createImportFilesRepo>;

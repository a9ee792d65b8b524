import type { ReviewComment, ReviewSide, ReviewState } from '../../../../shared/domain/review';
import type { Db } from '../connection';

/** A new local comment; the service has checked it (body, path, lines) and quoted its lines. */
export interface ReviewCommentWrite {
  readonly id: string;
  readonly sessionId: string;
  readonly path: string;
  readonly side: ReviewSide;
  readonly startLine: number | null;
  readonly endLine: number | null;
  readonly quote: string;
  readonly headSha: string | null;
  readonly contentHash: string | null;
  readonly body: string;
  readonly at: number;
}

interface Row {
  id: string;
  session_id: string;
  path: string;
  side: string;
  start_line: number | null;
  end_line: number | null;
  quote: string;
  head_sha: string | null;
  content_hash: string | null;
  origin: string;
  state: string;
  body: string;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
}

const COLUMNS = `id, session_id, path, side, start_line, end_line, quote, head_sha, content_hash, origin, state, body, created_at, updated_at, sent_at`;

function toComment(r: Row): ReviewComment {
  return {
    id: r.id,
    sessionId: r.session_id,
    path: r.path,
    side: r.side as ReviewSide,
    startLine: r.start_line,
    endLine: r.end_line,
    quote: r.quote,
    headSha: r.head_sha,
    contentHash: r.content_hash,
    origin: r.origin === 'forge' ? 'forge' : 'local',
    state: r.state as ReviewState,
    body: r.body,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    sentAt: r.sent_at,
  };
}

function prepare(db: Db) {
  return {
    // Only a session that exists and is not in the trash gains a comment.
    add: db.prepare<ReviewCommentWrite>(
      `INSERT INTO review_comments (id, session_id, path, side, start_line, end_line, quote, head_sha, content_hash, body, created_at, updated_at)
       SELECT @id, id, @path, @side, @startLine, @endLine, @quote, @headSha, @contentHash, @body, @at, @at FROM sessions WHERE id = @sessionId AND deleted_at IS NULL`,
    ),
    get: db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM review_comments WHERE id = ?`),
    list: db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM review_comments WHERE session_id = ? ORDER BY created_at, rowid`),
    editDraft: db.prepare<{ id: string; body: string; at: number }>(
      `UPDATE review_comments SET body = @body, updated_at = @at WHERE id = @id AND state = 'draft'`,
    ),
    removeDraft: db.prepare<[string]>(`DELETE FROM review_comments WHERE id = ? AND state = 'draft'`),
    setState: db.prepare<{ id: string; from: string; to: string; at: number }>(
      `UPDATE review_comments SET state = @to, updated_at = @at WHERE id = @id AND state = @from`,
    ),
    hasSentOnLines: db.prepare<[string], { one: number }>(
      `SELECT 1 AS one FROM review_comments WHERE session_id = ? AND state = 'sent' AND side <> 'file' LIMIT 1`,
    ),
    markSent: db.prepare<{ id: string; at: number }>(
      `UPDATE review_comments SET state = 'sent', sent_at = @at, updated_at = @at WHERE id = @id AND state = 'draft'`,
    ),
  };
}

/** A session's review comments (migration 016), deleted with their session. Prepared on first use. */
export function createReviewCommentsRepo(db: Db) {
  let prepared: ReturnType<typeof prepare> | null = null;
  const st = () => (prepared ??= prepare(db));
  return {
    /** The stored comment, or null when there is no such live session. */
    add(write: ReviewCommentWrite): ReviewComment | null {
      if (st().add.run(write).changes === 0) return null;
      return this.get(write.id);
    },
    get(id: string): ReviewComment | null {
      const r = st().get.get(id);
      return r ? toComment(r) : null;
    },
    /** Oldest first. */
    list(sessionId: string): ReviewComment[] {
      return st().list.all(sessionId).map(toComment);
    },
    /** False when it is not a draft (any more). */
    editDraft(id: string, body: string, at: number): boolean {
      return st().editDraft.run({ id, body, at }).changes > 0;
    },
    removeDraft(id: string): boolean {
      return st().removeDraft.run(id).changes > 0;
    },
    /** Moves a comment from one state to another; false when it was not in `from`. */
    setState(id: string, from: ReviewState, to: ReviewState, at: number): boolean {
      return st().setState.run({ id, from, to, at }).changes > 0;
    },
    /** Whether the session has a sent comment on lines (what a turn's edit can make outdated). */
    hasSentOnLines(sessionId: string): boolean {
      return st().hasSentOnLines.get(sessionId) !== undefined;
    },
    markSent(ids: readonly string[], at: number): void {
      for (const id of ids) st().markSent.run({ id, at });
    },
  };
}

export type ReviewCommentsRepo = ReturnType<typeof createReviewCommentsRepo>;

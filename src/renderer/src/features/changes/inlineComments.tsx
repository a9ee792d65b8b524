import type { ReviewComment } from '../../../../shared/domain/review';

/** The comments drawn under one line of the diff. */
export type LineCommentsData = readonly ReviewComment[];

type ExtendData = { oldFile: Record<string, { data: LineCommentsData }>; newFile: Record<string, { data: LineCommentsData }> };

/**
 * The diff library's extendData for a file's comments: each line comment not yet resolved, under the last line
 * of its range on its side (a whole-file comment is listed in Review only).
 */
export function commentsByLine(comments: readonly ReviewComment[], path: string): ExtendData {
  const out: ExtendData = { oldFile: {}, newFile: {} };
  for (const c of comments) {
    if (c.path !== path || c.state === 'resolved' || c.side === 'file' || c.endLine === null) continue;
    const side = c.side === 'old' ? out.oldFile : out.newFile;
    const key = String(c.endLine);
    side[key] = { data: [...(side[key]?.data ?? []), c] };
  }
  return out;
}

const linesText = (c: ReviewComment): string =>
  c.startLine === null || c.startLine === c.endLine ? `line ${String(c.endLine)}` : `lines ${String(c.startLine)}-${String(c.endLine)}`;

/** Under a line: each comment on it, its lines, state and words (the Review list below has its actions). */
export function LineComments({ comments }: { comments: LineCommentsData }) {
  return (
    <div className="review-inline">
      {comments.map((c) => (
        <p key={c.id} className={`review-inline-comment is-${c.state}`}>
          <span className="review-inline-head">
            {c.side === 'old' ? `removed ${linesText(c)}` : linesText(c)}, <span className="review-inline-state">{c.state}</span>:
          </span>{' '}
          {c.body}
        </p>
      ))}
    </div>
  );
}

import { REVIEW_MESSAGE_PREFIX, type ReviewComment } from '../../../shared/domain/review';

/** Where a comment is, in words: "src/a.ts, line 3 (new)", "src/a.ts, lines 3-5 (before your change)", "src/a.ts (whole file)". */
export function whereOf(c: Pick<ReviewComment, 'path' | 'side' | 'startLine' | 'endLine'>): string {
  if (c.side === 'file' || c.startLine === null || c.endLine === null) return `${c.path} (whole file)`;
  const lines = c.startLine === c.endLine ? `line ${String(c.startLine)}` : `lines ${String(c.startLine)}-${String(c.endLine)}`;
  return c.side === 'old' ? `${c.path}, ${lines} of the version before your changes (removed or changed lines)` : `${c.path}, ${lines}`;
}

/** A fence longer than any run of backticks in `text`, so quoted code cannot close it. */
function fenceFor(text: string): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/**
 * One message holding every comment with its file, lines and quoted code, written as the user's own
 * request (it is: the user wrote each comment). Numbered so the agent can answer each.
 */
export function reviewMessage(comments: readonly ReviewComment[]): string {
  const n = comments.length;
  const head = `${REVIEW_MESSAGE_PREFIX} ${String(n)} comment${n === 1 ? '' : 's'} on the diff. Please address each one (change the code, or say why not).`;
  const parts = comments.map((c, i) => {
    const lines = [`${String(i + 1)}. ${whereOf(c)}`];
    if (c.quote !== '') {
      const fence = fenceFor(c.quote);
      lines.push(fence, c.quote, fence);
    }
    lines.push(c.body.trim());
    return lines.join('\n');
  });
  return [head, ...parts].join('\n\n');
}

/** A file's unified diff split into its header and hunks, so a big one can be shown a part at a time. */
export interface SplitDiff {
  readonly header: string;
  readonly hunks: readonly string[];
  /** Lines in each hunk (header line included). */
  readonly lines: readonly number[];
}

/** No hunk longer than this many lines: a 20,000-line new file becomes parts that are drawn one at a time. */
export const MAX_HUNK_LINES = 1_000;

export function splitDiff(diff: string, maxHunkLines = MAX_HUNK_LINES): SplitDiff {
  const at = diff.search(/^@@ /m);
  if (at < 0) return { header: diff, hunks: [], lines: [] };
  const header = diff.slice(0, at);
  const hunks = diff
    .slice(at)
    .split(/\n(?=@@ )/)
    .map((h, i, all) => (i < all.length - 1 ? `${h}\n` : h))
    .flatMap((h) => splitHunk(h, maxHunkLines));
  return { header, hunks, lines: hunks.map((h) => h.split('\n').length) };
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@(.*)$/;

/** One long hunk as consecutive hunks of at most `max` lines, their headers recomputed (a `\ No newline` line stays with its line). */
export function splitHunk(hunk: string, max: number): string[] {
  const endsWithNewline = hunk.endsWith('\n');
  const rows = (endsWithNewline ? hunk.slice(0, -1) : hunk).split('\n');
  const m = HUNK_HEADER.exec(rows[0] ?? '');
  const body = rows.slice(1);
  if (!m || body.length <= max) return [hunk];
  // The next line number on each side (a side with count 0 names the line before).
  let oldNext = Number(m[1]) + (m[2] === '0' ? 1 : 0);
  let newNext = Number(m[3]) + (m[4] === '0' ? 1 : 0);
  const parts: string[] = [];
  let i = 0;
  while (i < body.length) {
    let end = Math.min(body.length, i + max);
    while (end < body.length && body[end]!.startsWith('\\')) end++;
    const chunk = body.slice(i, end);
    const oldCount = chunk.filter((l) => l.startsWith(' ') || l.startsWith('-') || l === '').length;
    const newCount = chunk.filter((l) => l.startsWith(' ') || l.startsWith('+') || l === '').length;
    const head = `@@ -${oldCount === 0 ? oldNext - 1 : oldNext},${oldCount} +${newCount === 0 ? newNext - 1 : newNext},${newCount} @@${i === 0 ? (m[5] ?? '') : ''}`;
    const last = end >= body.length;
    parts.push(`${head}\n${chunk.join('\n')}${!last || endsWithNewline ? '\n' : ''}`);
    oldNext += oldCount;
    newNext += newCount;
    i = end;
  }
  return parts;
}

/** How many hunks fit in `budget` lines, counting on from `from` (at least one). */
export function hunksWithin(split: SplitDiff, from: number, budget: number): number {
  let used = 0;
  let n = from;
  while (n < split.hunks.length && (n === from || used + (split.lines[n] ?? 0) <= budget)) {
    used += split.lines[n] ?? 0;
    n++;
  }
  return n;
}

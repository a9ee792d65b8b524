/** A file's unified diff split into its header and hunks, so a big one can be shown a part at a time. */
export interface SplitDiff {
  readonly header: string;
  readonly hunks: readonly string[];
  /** Lines in each hunk (header line included). */
  readonly lines: readonly number[];
}

export function splitDiff(diff: string): SplitDiff {
  const at = diff.search(/^@@ /m);
  if (at < 0) return { header: diff, hunks: [], lines: [] };
  const header = diff.slice(0, at);
  const hunks = diff.slice(at).split(/\n(?=@@ )/).map((h, i, all) => (i < all.length - 1 ? `${h}\n` : h));
  return { header, hunks, lines: hunks.map((h) => h.split('\n').length) };
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

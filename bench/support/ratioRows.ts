/**
 * Ratio rows (SPEC §13): what a page does on screen, held against the floor of what this machine allows,
 * measured in the same run. A run is a set of interleaved pairs (the app's figure and its floor's, one
 * after the other, the order turning each pair); its figure is the median of the pairs' ratios, with a
 * 95% bootstrap interval (resampling the pairs). A row holds when its median holds in 2 of 3 runs.
 */

export interface Pair {
  app: number;
  floor: number;
}

export interface RunRatio {
  median: number;
  low: number;
  high: number;
  /** The medians of the app's and the floor's own figures in this run. */
  app: number;
  floor: number;
  pairs: number;
}

/** The runs a ratio row is judged on, and how many of them must hold. */
export const RATIO_RUNS = 3;
export const RATIO_RUNS_TO_HOLD = 2;

function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN;
}

/** A small seeded generator, so a run's interval is the same when its figures are. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One run's figure: the median of its pairs' ratios and a 95% bootstrap interval of that median. */
export function runRatio(pairs: readonly Pair[], rounds = 2_000): RunRatio {
  const ratios = pairs.map((p) => p.app / p.floor);
  const random = seeded(28);
  const medians = Array.from({ length: rounds }, () => quantile(ratios.map(() => ratios[Math.floor(random() * ratios.length)] as number), 0.5)).sort((a, b) => a - b);
  return {
    median: quantile(ratios, 0.5),
    low: medians[Math.floor(rounds * 0.025)] ?? NaN,
    high: medians[Math.ceil(rounds * 0.975) - 1] ?? NaN,
    app: quantile(pairs.map((p) => p.app), 0.5),
    floor: quantile(pairs.map((p) => p.floor), 0.5),
    pairs: pairs.length,
  };
}

/** Whether a row holds: its median within `budget` in RATIO_RUNS_TO_HOLD of its runs. */
export function ratioHolds(runs: readonly RunRatio[], budget: number): boolean {
  return runs.filter((r) => r.median <= budget).length >= RATIO_RUNS_TO_HOLD;
}

/**
 * Prints the row for `npm run bench`'s table: each run's median with its interval, the budget, the
 * app's and the floor's own figures (`unit` after them), and the verdict.
 */
export function printRatioRow(what: string, runs: readonly RunRatio[], budget: number, floorName: string, unit: string): void {
  const figure = runs.map((r) => `${r.median.toFixed(2)}× (${r.low.toFixed(2)}–${r.high.toFixed(2)})`).join(', ');
  const own = runs.map((r) => `${r.app.toFixed(unit === ' ms' ? 0 : 1)} / ${r.floor.toFixed(unit === ' ms' ? 0 : 1)}${unit}`).join(', ');
  const pairs = runs.map((r) => r.pairs).join('/');
  console.log(
    [
      'ROW',
      what,
      figure,
      `≤ ${budget}× in ${RATIO_RUNS_TO_HOLD} of ${runs.length} runs`,
      `median of ${pairs} interleaved pairs a run, 95% interval in brackets; the app / ${floorName} (medians): ${own}`,
      ratioHolds(runs, budget) ? 'within' : 'OVER',
    ].join('\t'),
  );
}

/** One run's line for the log, before the table. */
export function describeRun(name: string, run: number, r: RunRatio, pairs: readonly Pair[], unit: string): string {
  const list = pairs.map((p) => `${p.app.toFixed(1)}/${p.floor.toFixed(1)}`).join(', ');
  return `${name} run ${run + 1}: median ratio ${r.median.toFixed(2)}× (95% interval ${r.low.toFixed(2)}–${r.high.toFixed(2)}); app / floor${unit ? ` (${unit.trim()})` : ''}: ${list}`;
}

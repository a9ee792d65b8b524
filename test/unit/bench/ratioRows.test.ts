import { describe, expect, it } from 'vitest';
import { ratioHolds, runRatio, type RunRatio } from '../../../bench/support/ratioRows';

const run = (median: number): RunRatio => ({ median, low: median, high: median, app: median, floor: 1, pairs: 10 });

describe("bench ratio rows (SPEC §13)", () => {
  it("a run's figure is the median of its pairs' ratios, not the ratio of the medians, inside its interval", () => {
    // Ratios 2, 0.5, 1.5: median 1.5. The medians' ratio (200 / 100) would say 2.
    const r = runRatio([{ app: 200, floor: 100 }, { app: 50, floor: 100 }, { app: 300, floor: 200 }]);
    expect(r.median).toBe(1.5);
    expect(r.app).toBe(200);
    expect(r.floor).toBe(100);
    expect(r.low).toBeLessThanOrEqual(r.median);
    expect(r.high).toBeGreaterThanOrEqual(r.median);
    expect(r.pairs).toBe(3);
  });

  it('the interval narrows to the median when every pair agrees, and spans the pairs when they do not', () => {
    const same = runRatio(Array.from({ length: 10 }, () => ({ app: 120, floor: 100 })));
    expect([same.low, same.median, same.high]).toEqual([1.2, 1.2, 1.2]);
    const spread = runRatio(Array.from({ length: 10 }, (_, i) => ({ app: 100 + 10 * i, floor: 100 })));
    expect(spread.low).toBeLessThan(spread.median);
    expect(spread.high).toBeGreaterThan(spread.median);
    expect(spread.low).toBeGreaterThanOrEqual(1);
    expect(spread.high).toBeLessThanOrEqual(1.9);
  });

  it('a row holds when its median holds in 2 of 3 runs', () => {
    expect(ratioHolds([run(1.2), run(1.5), run(1.3)], 1.3)).toBe(true);
    expect(ratioHolds([run(1.2), run(1.5), run(1.31)], 1.3)).toBe(false);
    expect(ratioHolds([run(0.9), run(1.0), run(1.1)], 1.3)).toBe(true);
  });
});

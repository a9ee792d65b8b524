import { afterEach, describe, expect, it } from 'vitest';
import { startCore, type Harness } from './harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.core.close();
  h = undefined;
});

describe('usage service', () => {
  it("a running total becomes each turn's share; a total below the last is a fresh count, taken whole", async () => {
    h = startCore();
    const row = await h.ok('sessions:create', { kind: 'claude-code', folder: h.dataDir });
    const usage = h.core.services.usage;
    usage.record(row.id, 'claude-code', { inputTokens: 100, outputTokens: 10, costUsd: null, costTotalUsd: 0.5 });
    usage.record(row.id, 'claude-code', { inputTokens: 100, outputTokens: 10, costUsd: null, costTotalUsd: 1.25 });
    expect((await h.ok('sessions:usage', { id: row.id })).lastTurn?.costUsd).toBeCloseTo(0.75, 10);
    usage.record(row.id, 'claude-code', { inputTokens: 100, outputTokens: 10, costUsd: null, costTotalUsd: 0.2 });
    const after = await h.ok('sessions:usage', { id: row.id });
    expect(after.lastTurn?.costUsd).toBeCloseTo(0.2, 10);
    expect(after.total.costUsd).toBeCloseTo(1.45, 10);
    expect(h.eventsOf('session:usage')).toHaveLength(3);
  });

  it('cleans what a source sends: no negative or fractional counts, cache never above the input, no money without a report', async () => {
    h = startCore();
    const row = await h.ok('sessions:create', { kind: 'chat', folder: h.dataDir });
    h.core.services.usage.record(row.id, 'chat', { inputTokens: 10.4, outputTokens: -3, cacheReadTokens: 50, cacheWriteTokens: 5, costUsd: Number.NaN });
    expect((await h.ok('sessions:usage', { id: row.id })).total).toEqual({ turns: 1, inputTokens: 10, outputTokens: 0, cacheReadTokens: 10, cacheWriteTokens: 0, costUsd: null });
  });

  it('a session deleted meanwhile: NOT_FOUND, nothing written', async () => {
    h = startCore();
    expect(() => h?.core.services.usage.record('gone', 'chat', { inputTokens: 1, outputTokens: 1, costUsd: null })).toThrow(/No such session/);
    expect(await h.call('sessions:usage', { id: 'gone' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});

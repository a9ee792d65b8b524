import { describe, expect, it } from 'vitest';
import { MIN_SCROLLBACK_LINES, SCROLLBACK_BUDGET_CELLS, scrollbackLinesFor } from '../../../src/main/core/agents/terminal/scrollbackBudget';
import { SCROLLBACK_LINES, TerminalState } from '../../../src/main/core/agents/terminal/terminalState';

describe("the host's scrollback budget", () => {
  it('keeps the default 10,000 lines while few terminals run, shares the budget among many, never below 1,000', () => {
    expect(scrollbackLinesFor(1, 120)).toBe(SCROLLBACK_LINES);
    expect(scrollbackLinesFor(4, 120)).toBe(SCROLLBACK_LINES);
    expect(scrollbackLinesFor(40, 120)).toBe(Math.floor(SCROLLBACK_BUDGET_CELLS / (40 * 120)));
    expect(scrollbackLinesFor(40, 120) * 40 * 120).toBeLessThanOrEqual(SCROLLBACK_BUDGET_CELLS);
    expect(scrollbackLinesFor(500, 300)).toBe(MIN_SCROLLBACK_LINES);
    expect(scrollbackLinesFor(1, 80, 500)).toBe(500); // a smaller configured bound stays the bound
  });

  it('a kept screen given less scrollback drops its oldest lines and keeps the newest', async () => {
    const state = new TerminalState(80, 24, 10_000);
    state.write(Array.from({ length: 5_000 }, (_, i) => `row-${i + 1}`).join('\r\n'));
    expect((await state.snapshot()).data).toContain('row-100\r\n');
    state.setScrollback(1_000);
    const after = (await state.snapshot()).data;
    expect(after).toContain('row-5000');
    expect(after).toContain('row-4500');
    expect(after).not.toContain('row-100\r\n');
    expect(after.split('row-').length - 1).toBeLessThanOrEqual(1_000 + 24);
    state.dispose();
  });
});

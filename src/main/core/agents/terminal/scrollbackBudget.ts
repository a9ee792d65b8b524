import { SCROLLBACK_LINES } from './terminalState';

/**
 * The host's memory for terminal scrollback is bounded as a whole, not only per
 * terminal: a headless xterm keeps ~20 bytes a cell, so 40 busy terminals of
 * 120 columns at 10,000 lines each would hold over a gigabyte. Each terminal
 * keeps the default 10,000 lines while few run; with many, they share this many
 * cells (about 100 MB), and none keeps fewer than VS Code's default 1,000 lines.
 */
export const SCROLLBACK_BUDGET_CELLS = 4_800_000;
export const MIN_SCROLLBACK_LINES = 1_000;

/** Lines of scrollback each of `terminals` terminals (of `cols` columns) keeps under the budget. */
export function scrollbackLinesFor(terminals: number, cols: number, max = SCROLLBACK_LINES, budgetCells = SCROLLBACK_BUDGET_CELLS): number {
  const share = Math.floor(budgetCells / (Math.max(1, terminals) * Math.max(1, cols)));
  return Math.max(Math.min(MIN_SCROLLBACK_LINES, max), Math.min(max, share));
}

/** The pane's terminal font (xterm's options in `xtermTerm.ts` use these too). */
export const TERMINAL_FONT_SIZE = 12.5;

export function terminalFontFamily(): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue('--mono').trim();
  return value || 'monospace';
}

/** xterm's grid before its first fit: its cell size is computed for this many columns and rows. */
const INITIAL_COLS = 80;
const INITIAL_ROWS = 24;
/** The scrollbar xterm's fit leaves out of the width (its default, with scrollback on). */
const SCROLLBAR_WIDTH = 14;

/**
 * The columns and rows xterm will fit into `host`, worked out as xterm 6 and its fit addon do (the
 * font's 'W' measured on a canvas, the cell rounded to device pixels, the host's computed size less the
 * scrollbar) but without building a terminal: so a pane can ask for its screen while xterm is still
 * being built. Null where the measure is not available. A guess: the pane checks it against the
 * fitted size and asks again when they differ.
 */
export function estimateScreenSize(host: HTMLElement): { cols: number; rows: number } | null {
  if (typeof OffscreenCanvas === 'undefined') return null;
  const ctx = new OffscreenCanvas(100, 100).getContext('2d');
  if (!ctx) return null;
  ctx.font = `${TERMINAL_FONT_SIZE}px ${terminalFontFamily()}`;
  const metrics = ctx.measureText('W');
  const charWidth = metrics.width;
  const charHeight = metrics.fontBoundingBoxAscent + metrics.fontBoundingBoxDescent;
  if (!(charWidth > 0 && charHeight > 0)) return null;
  const dpr = window.devicePixelRatio || 1;
  const cellWidth = Math.round((charWidth * dpr * INITIAL_COLS) / dpr) / INITIAL_COLS;
  const cellHeight = Math.round((Math.floor(Math.ceil(charHeight * dpr)) * INITIAL_ROWS) / dpr) / INITIAL_ROWS;
  const style = getComputedStyle(host);
  const height = parseInt(style.getPropertyValue('height'));
  const width = Math.max(0, parseInt(style.getPropertyValue('width'))) - SCROLLBAR_WIDTH;
  if (!(height > 0 && width > 0)) return null;
  return { cols: Math.max(2, Math.floor(width / cellWidth)), rows: Math.max(1, Math.floor(height / cellHeight)) };
}

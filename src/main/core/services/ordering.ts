/**
 * Fractional positions for drag-and-drop order: a moved row gets the midpoint
 * of its new neighbours, so one move writes one row. When two neighbours get
 * closer than this, the group is renumbered first.
 */
export const MIN_POSITION_GAP = 1e-6;

/**
 * The position for a row placed just above `below`, under `above` (null: it
 * becomes the first). Returns null when the gap is too small to split.
 */
export function positionBetween(above: number | null, below: number): number | null {
  if (above === null) return below - 1;
  if (below - above < MIN_POSITION_GAP) return null;
  const mid = above + (below - above) / 2;
  return mid > above && mid < below ? mid : null;
}

/** What a label cut short ends with. */
export const ELLIPSIS = '…';

/** Separators and punctuation a cut never ends on ("pytest ·…", "Fix the login,…"). */
const TRAILING = /[\s·,;:.!?\-–—/([{"'`]+$/u;

/**
 * A label cut at its end on a word (SPEC §7): the whole text when `fits` says it fits, else the longest
 * run of whole words that fits with "…" after it. Only a first word too long for the room on its own
 * is cut inside (a path, a long identifier): there is no word to cut on. `fits` grows with the text's
 * length, so the words are found by bisection (a few measurements per label).
 */
export function cutAtWord(text: string, fits: (shown: string) => boolean): string {
  if (fits(text)) return text;
  const ends: number[] = [];
  for (let i = 1; i < text.length; i++) if (text[i] === ' ' && text[i - 1] !== ' ') ends.push(i);
  const atEnd = (end: number) => text.slice(0, end).replace(TRAILING, '') + ELLIPSIS;
  let lo = 0;
  let hi = ends.length - 1;
  let best: string | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const shown = atEnd(ends[mid]!);
    if (shown !== ELLIPSIS && fits(shown)) {
      best = shown;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best ?? cutInside(text, fits);
}

/** The longest start of `text` (by code point) that fits with "…" after it; "…" alone at worst. */
function cutInside(text: string, fits: (shown: string) => boolean): string {
  const chars = Array.from(text);
  let lo = 1;
  let hi = chars.length - 1;
  let best = ELLIPSIS;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const shown = chars.slice(0, mid).join('').trimEnd() + ELLIPSIS;
    if (fits(shown)) {
      best = shown;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}

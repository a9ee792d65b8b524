/**
 * Relative time for labels and rows ("3 min ago"). Pure: the caller passes `now`, so a
 * render and a test agree on it.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * How long before `now` the moment `ms` was, in words. A moment in the future (clock skew
 * between machines) reads "just now" rather than a negative age. Empty when either time is
 * not a finite number, so the caller can leave the fact out.
 */
export function relativeTime(ms: number, now: number): string {
  const age = now - ms;
  if (!Number.isFinite(age)) return '';
  if (age < 45_000) return 'just now';
  if (age < HOUR) return `${Math.max(1, Math.floor(age / MINUTE))} min ago`;
  if (age < DAY) return `${Math.floor(age / HOUR)} h ago`;
  const days = Math.floor(age / DAY);
  if (days === 1) return 'yesterday';
  if (days < 30) return plural(days, 'day');
  if (days < 365) return plural(Math.floor(days / 30), 'month');
  return plural(Math.floor(days / 365), 'year');
}

import type { SessionKind, SessionRow, SessionStatus } from '../../../shared/domain/session';
import { agentKindName, displayLabel } from '../../../shared/label';

export interface SessionLabel {
  text: string;
  /** Where the text came from; anything but a title is shown muted. */
  derived: 'title' | 'first-line' | 'facts';
  muted: boolean;
}

/**
 * The label a row and a pane show (SPEC §7). The title is judged again here,
 * whatever main sent: a placeholder never reaches the screen.
 */
export interface LabelSource extends Pick<SessionRow, 'firstUserLine' | 'kind' | 'folder' | 'updatedAt' | 'agent' | 'agentName'> {
  /** Any string: it is judged here again, whatever its type says. */
  title: string | null;
  /** Who wrote the title: a person's rename ('user') is judged as one, anything else as a model's. */
  titleSource?: string | null;
  /** A pinned imported title was a person's rename in that tool. */
  titlePinned?: boolean;
}

/**
 * Labels by row object. Rows are immutable (a change replaces the object), and a
 * title or first-line label does not depend on the clock, so scrolling and clock
 * ticks do not run the judge again. Facts carry a relative time: never cached.
 */
const labelCache = new WeakMap<LabelSource, SessionLabel>();

export function sessionLabel(row: LabelSource, now: number): SessionLabel {
  const cached = labelCache.get(row);
  if (cached) return cached;
  // displayLabel judges the title again, for whoever wrote it (the one check on this path).
  const label = displayLabel(
    { title: row.title, titleSource: row.titleSource ?? null, titlePinned: row.titlePinned ?? false, firstUserLine: row.firstUserLine, kind: row.kind, agent: row.agent, agentName: row.agentName, folder: row.folder, updatedAt: row.updatedAt },
    now,
  );
  const result: SessionLabel = { text: label.text, derived: label.derived, muted: label.derived !== 'title' };
  if (result.derived !== 'facts') labelCache.set(row, result);
  return result;
}

/**
 * The judge's large patterns compile on first use. Use them once while the
 * swarm is still on its way, so the first paint of the list does not pay for it.
 */
export function warmUpLabels(): void {
  const row = { title: null, firstUserLine: 'Warm up the label rules', kind: 'chat', folder: '/', updatedAt: 0 } as const;
  sessionLabel(row, 0);
  sessionLabel({ ...row, title: 'Warm up the title judge' }, 0);
}

const KIND_NAMES: Record<SessionKind, string> = {
  chat: 'Chat',
  'claude-code': 'Claude Code',
  acp: 'ACP agent',
  terminal: 'Terminal',
  imported: 'Imported',
};

/** What runs a session: its kind's name, or an ACP session's built-in agent by name (a pane looks a user-defined one up). */
export function kindName(kind: SessionKind, agent?: string, agentName?: string): string {
  return kind === 'acp' ? agentKindName(kind, agent, agentName) : KIND_NAMES[kind];
}

const STATUS_WORDS: Record<SessionStatus, string> = {
  working: 'working',
  waiting: 'waiting for you',
  idle: 'idle',
  error: 'error',
  exited: 'exited',
};

export function statusWord(status: SessionStatus): string {
  return STATUS_WORDS[status];
}

/** A session whose entries wait for the database (locked, disk full): what the row and pane say, or null. */
export function unsavedText(unsaved: number | undefined): string | null {
  if (!unsaved) return null;
  return `Not saved yet — retrying (${unsaved} ${unsaved === 1 ? 'entry' : 'entries'})`;
}

/** The last path segment, with the home folder shown as `~`. */
export function folderName(folder: string): string {
  const trimmed = folder.replace(/[\\/]+$/, '');
  const last = trimmed.split(/[\\/]/).pop();
  return last && last.length > 0 ? last : folder || '~';
}

/**
 * The short dates of rows a week old or more, one formatter each, made once: `toLocaleDateString`
 * with options builds a new formatter on every call (milliseconds each), which made a search's
 * first results at 50,000 sessions (mostly old ones) slow to paint, row after row. Made at first
 * use, not when this module is evaluated: a page's first formatter costs ~30 ms (the locale's data),
 * and the first rows drawn, recent ones, need none (this module is on the first row's path).
 */
const dateFormat = (options: Intl.DateTimeFormatOptions): (() => Intl.DateTimeFormat) => {
  let made: Intl.DateTimeFormat | null = null;
  return () => (made ??= new Intl.DateTimeFormat(undefined, options));
};
const shortDate = dateFormat({ month: 'short', day: 'numeric' });
const shortDateWithYear = dateFormat({ year: 'numeric', month: 'short', day: 'numeric' });

/** Compact relative time for rows: "now", "5m", "3h", "2d", then a short date. */
export function relativeTime(at: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 45) return 'now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.round(hours / 24);
  if (days < 7) return `${days}d`;
  const date = new Date(at);
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return (sameYear ? shortDate() : shortDateWithYear()).format(date);
}

/** The row's second line: narration or last activity, or that it waits for the user. */
export function rowSubtitle(row: Pick<SessionRow, 'status' | 'subtitle'>): string {
  if (row.status === 'waiting') return 'waiting for you';
  const subtitle = row.subtitle?.trim();
  return subtitle ? subtitle : statusWord(row.status);
}

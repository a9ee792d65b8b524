import { SESSION_KINDS, SESSION_STATUSES, type SessionExit, type SessionStatus } from './session';

/**
 * The status words a front and a session host of different versions agree on (issue 31). Each level of
 * the host protocol adds words to SESSION_STATUSES; a front attached at an older level is told, for a word
 * it does not know, the word it would have been told before: so an older window shows what it knows.
 *   1: working, waiting, idle, error.
 *   2: + exited (a terminal's process ended; `exit` says how, when it failed).
 * `done` needs no level: it is idle with the unread mark, which every level reads.
 */
export const STATUS_LEVEL = 2;

const WORDS_AT: Readonly<Record<number, readonly SessionStatus[]>> = {
  1: ['working', 'waiting', 'idle', 'error'],
  2: SESSION_STATUSES,
};

/** The older levels a host still serves and a front still speaks, newest first. */
export const OLDER_STATUS_LEVELS: readonly number[] = [1];

/** The words a front at `level` knows. */
export function statusWordsAt(level: number): readonly SessionStatus[] {
  return WORDS_AT[level] ?? SESSION_STATUSES;
}

interface StatusBearing {
  readonly status: SessionStatus;
  readonly exit?: SessionExit;
}

/**
 * A row as a front at `level` reads it: at level 1, an exited terminal is what that level said of it
 * ('error' when it failed, else 'idle') and carries no `exit`. The row itself is never changed.
 */
export function rowAtLevel<T extends StatusBearing>(row: T, level: number): T {
  if (level >= STATUS_LEVEL) return row;
  const known = statusWordsAt(level);
  if (known.includes(row.status) && row.exit === undefined) return row;
  const { exit, ...rest } = row;
  const status: SessionStatus = known.includes(row.status) ? row.status : exit !== undefined ? 'error' : 'idle';
  return { ...rest, status } as unknown as T;
}

const KINDS: ReadonlySet<string> = new Set(SESSION_KINDS);
const STATUSES: ReadonlySet<string> = new Set(SESSION_STATUSES);

/** A session row anywhere in a reply or a push: an id, a session kind and a status word. */
function isSessionRow(o: Record<string, unknown>): o is Record<string, unknown> & StatusBearing {
  return typeof o['id'] === 'string' && typeof o['kind'] === 'string' && KINDS.has(o['kind']) && typeof o['status'] === 'string' && STATUSES.has(o['status']);
}

/**
 * A reply or a push as a front at `level` reads it: every session row in it, however deep (a list page,
 * a search result, a `session:changed` push), through `rowAtLevel`. Copies only what changes: the same
 * payload goes to every front.
 */
export function valueAtLevel(value: unknown, level: number): unknown {
  if (level >= STATUS_LEVEL || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    value.forEach((item, i) => {
      const next = valueAtLevel(item, level);
      if (next !== item) (out ??= [...value])[i] = next;
    });
    return out ?? value;
  }
  const o = value as Record<string, unknown>;
  let out: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(o)) {
    const next = valueAtLevel(item, level);
    if (next !== item) (out ??= { ...o })[key] = next;
  }
  const whole = out ?? o;
  return isSessionRow(whole) ? rowAtLevel(whole, level) : whole;
}

import type { SessionExit, SessionListRow, SessionStatus } from '../../../shared/domain/session';
import type { SessionLabel } from './sessionLabel';

/** How a row says its status: the word shown beside the dot (null: none), the words spoken and the tooltip. */
export interface RowStatus {
  /**
   * The dot's look: a status, 'done' (idle with a finished turn to read), 'exited-failed' (a terminal's
   * process ended with a nonzero code or a foreign signal: the error colour), or 'none' (a session no agent runs).
   */
  tone: StatusTone;
  /** Shown beside the dot (an imported history: "imported", a fact in the muted colour, not a status). */
  word: string;
  /** For the accessible name and the tooltip. */
  spoken: string;
}

export type StatusTone = SessionStatus | 'done' | 'exited-failed' | 'none';

const WORDS: Record<SessionStatus, { word: string; spoken: string }> = {
  working: { word: 'working', spoken: 'working' },
  waiting: { word: 'waiting', spoken: 'waiting for you' },
  idle: { word: 'idle', spoken: 'idle' },
  error: { word: 'error', spoken: 'error' },
  exited: { word: 'exited', spoken: 'exited' },
};

/**
 * An exited terminal (SPEC §2, §7.1): "exited" after a clean exit or a stop; with its code ("exited 1",
 * spoken "exited with code 1") or its signal ("exited SIGKILL") in the error colour when it failed.
 */
export function exitedStatus(exit: SessionExit | undefined): RowStatus {
  if (exit === undefined) return { tone: 'exited', ...WORDS.exited };
  if (exit.signal !== null) return { tone: 'exited-failed', word: `exited ${exit.signal}`, spoken: `exited with signal ${exit.signal}` };
  return { tone: 'exited-failed', word: `exited ${exit.code ?? ''}`.trim(), spoken: `exited with code ${exit.code ?? 'unknown'}` };
}

/**
 * A row's status as a person reads it. An idle row with an unread turn is "done". An imported history that no agent runs is not "idle"
 * (fourteen rows of "idle" suggest agents sitting there): it says "imported" beside a neutral
 * ring, and "imported, not running" to whoever asks (tooltip, accessible name).
 */
export function rowStatus(row: Pick<SessionListRow, 'kind' | 'status' | 'unread' | 'exit'>): RowStatus {
  if (row.kind === 'imported' && row.status === 'idle') return { tone: 'none', word: 'imported', spoken: 'imported, not running' };
  // "done" (SPEC §2): idle with a finished turn nobody has read yet; opening the row clears it for every client.
  if (row.status === 'idle' && row.unread) return { tone: 'done', word: 'done', spoken: 'done' };
  if (row.status === 'exited') return exitedStatus(row.exit);
  return { tone: row.status, ...WORDS[row.status] };
}

/**
 * The label as the row shows it. A facts label ("Claude Code · home1 · 5m") drops its time:
 * the row shows the time beside it already. The accessible name keeps the whole label.
 */
export function rowLabelText(label: SessionLabel): string {
  if (label.derived !== 'facts') return label.text;
  const cut = label.text.lastIndexOf(' · ');
  return cut > 0 ? label.text.slice(0, cut) : label.text;
}

/** What a row's accessible name says after its label (facts a row's first commit may not know yet are null). */
export interface RowFacts {
  spoken: string;
  host: string | null | undefined;
  hostNote: string | null;
  archived: boolean;
  unsaved: string | null;
  pinned: boolean;
  unread: boolean;
  childCount: number;
  changes: string | null;
}

/**
 * A row's accessible name (SPEC §7.1, a contract): the display label first, then the status word and the
 * row's facts. One rule for React's rows and the rows drawn before React (`boot/earlyMarkup.ts`).
 */
export function rowAccessibleName(label: string, f: RowFacts): string {
  const subagents = f.childCount > 0 ? `${f.childCount} ${f.childCount === 1 ? 'subagent' : 'subagents'}` : null;
  const facts = [f.spoken, f.hostNote, f.archived ? 'archived' : null, f.unsaved, f.pinned ? 'pinned' : null, f.unread ? 'unread' : null, subagents, f.changes].filter(Boolean).join(', ');
  return [label, f.host ? `on ${f.host}` : null, facts].filter(Boolean).join(', ');
}

/** The reorder instructions every row is described by (`aria-describedby="reorder-help"`), in the sidebar. */
export const REORDER_HELP = 'Press Space to pick the session up, arrow keys to move it, Space to drop it, Escape to cancel.';

import type { SessionId, SessionRow, SessionStatus } from '../../../../shared/domain/session';
import { waitsForUser } from '../../stores/swarmTally';

/** Why a session taps the user on the shoulder. */
export type NotifyReason = 'waiting' | 'done' | 'failed';

/**
 * Which status changes are worth a notification (SPEC §2): a turn that ends waiting for the user, a
 * turn that finished with something to read (working → idle with the unread mark: done; only when the
 * user asked for it, `notifyDone`), and any change into error (a terminal that exits with a nonzero
 * code or a foreign signal is one). A stop (idle, nothing unread) is not done.
 * Subagents (rows with a parent) report through their parent, so they stay quiet.
 */
export function notifyReason(
  before: SessionStatus | undefined,
  row: Pick<SessionRow, 'status' | 'parentId' | 'archived' | 'exit'> & Partial<Pick<SessionRow, 'unread'>>,
): NotifyReason | null {
  if (before === undefined || before === row.status || row.parentId !== null || row.archived) return null;
  if (row.status === 'error' || (row.status === 'exited' && row.exit !== undefined)) return 'failed';
  if (before !== 'working') return null;
  if (row.status === 'waiting') return 'waiting';
  if (row.status === 'idle' && row.unread) return 'done';
  return null;
}

/** What the user sees right now: only a session out of sight, or any while the window is not focused, is worth a tap. */
export interface Attention {
  readonly windowFocused: boolean;
  readonly onScreen: ReadonlySet<SessionId>;
}

export function shouldNotify(id: SessionId, attention: Attention): boolean {
  return !attention.windowFocused || !attention.onScreen.has(id);
}

const BODY: Record<NotifyReason, string> = {
  waiting: 'Waiting for you.',
  done: 'Done: its turn is ready to read.',
  failed: 'Stopped with an error.',
};

export function notificationText(reason: NotifyReason, label: string): { title: string; body: string } {
  return { title: label.slice(0, 200) || 'A session', body: BODY[reason] };
}

/** More sessions missed than this are told as one summary. */
export const MISSED_ONE_BY_ONE = 3;

export interface MissedLabelled {
  readonly sessionId: SessionId;
  readonly status: 'waiting' | 'error';
  /** Its display label. */
  readonly label: string;
}

/**
 * Coming back: what started waiting (or failed) while no window was open is
 * told once, one notification per session, or, past three, one summary
 * ("4 sessions are waiting for you") that opens the first of them.
 */
export function missedNotifications(missed: readonly MissedLabelled[]): Array<{ sessionId: SessionId; title: string; body: string }> {
  const first = missed[0];
  if (!first) return [];
  if (missed.length <= MISSED_ONE_BY_ONE) {
    return missed.map((m) => ({ sessionId: m.sessionId, ...notificationText(m.status === 'error' ? 'failed' : 'waiting', m.label) }));
  }
  const n = missed.length;
  const failed = missed.filter((m) => m.status === 'error').length;
  const title = failed === 0 ? `${n} sessions are waiting for you` : failed === n ? `${n} sessions stopped with an error` : `${n} sessions need you`;
  const named = missed.slice(0, MISSED_ONE_BY_ONE).map((m) => m.label);
  const body = `${named.join(', ')} and ${n - named.length} more.`;
  return [{ sessionId: first.sessionId, title, body: body.length > 500 ? `${body.slice(0, 499)}…` : body }];
}

/**
 * Sessions waiting for the user (the badge's number); archived ones are out of the swarm and not counted.
 * The app keeps this count as rows change (`stores/sessions.ts` `waiting`); this walk is its definition.
 */
export function waitingCount(rows: Readonly<Record<SessionId, Pick<SessionRow, 'status' | 'archived'>>>): number {
  let count = 0;
  for (const id in rows) {
    const row = rows[id];
    if (row && waitsForUser(row)) count += 1;
  }
  return count;
}

/** The tab title in web mode: `(N) Swarmdesk` while sessions wait. */
export function badgedTitle(count: number, base: string): string {
  return count > 0 ? `(${count}) ${base}` : base;
}

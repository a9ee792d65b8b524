import type { SessionId, SessionRow, SessionStatus } from '../../../../shared/domain/session';
import { waitsForUser } from '../../stores/swarmTally';

/** Why a session taps the user on the shoulder. */
export type NotifyReason = 'waiting' | 'finished' | 'failed';

/**
 * Which status changes are worth a notification: a turn that ends waiting for
 * the user, a turn that finishes (working → idle), and any change into error.
 * Subagents (rows with a parent) report through their parent, so they stay quiet.
 */
export function notifyReason(before: SessionStatus | undefined, row: Pick<SessionRow, 'status' | 'parentId' | 'archived'>): NotifyReason | null {
  if (before === undefined || before === row.status || row.parentId !== null || row.archived) return null;
  if (row.status === 'error') return 'failed';
  if (before !== 'working') return null;
  if (row.status === 'waiting') return 'waiting';
  if (row.status === 'idle') return 'finished';
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
  finished: 'Finished its turn.',
  failed: 'Stopped with an error.',
};

export function notificationText(reason: NotifyReason, label: string): { title: string; body: string } {
  return { title: label.slice(0, 200) || 'A session', body: BODY[reason] };
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

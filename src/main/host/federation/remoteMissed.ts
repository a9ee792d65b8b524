import { missedStatusOf, type MissedSession } from '../../../shared/ipc/app';
import type { SessionListRow, SessionRow, SessionStatus } from '../../../shared/domain/session';

/**
 * "Coming back" (SPEC §5.1) for the remote hosts' sessions: the core keeps
 * what this machine's sessions did while no front was attached; this keeps
 * the same for the rows the remote hosts pushed meanwhile (a remote host
 * never sees this machine's fronts leave: the federation stays attached).
 * `app:missed` answers both, each told once. The same rules as the core's
 * MissedWhileAway: subagents and archived rows never count.
 */
export class RemoteMissed {
  private away = false;
  private readonly known = new Map<string, SessionStatus>();
  private readonly missed = new Map<string, MissedSession['status']>();

  setAway(away: boolean, rowsNow: () => Iterable<Pick<SessionListRow, 'id' | 'status'>>): void {
    if (away === this.away) return;
    this.away = away;
    this.known.clear();
    if (away) for (const row of rowsNow()) this.known.set(row.id, row.status);
  }

  changed(row: SessionRow): void {
    if (!this.away) return;
    const before = this.known.get(row.id);
    this.known.set(row.id, row.status);
    const missed = missedStatusOf(row);
    if (row.parentId !== null || row.archived || missed === null) {
      this.missed.delete(row.id);
      return;
    }
    if (before === row.status) return; // a rename of a row already waiting is not news
    this.missed.delete(row.id); // the latest change goes last
    this.missed.set(row.id, missed);
  }

  removed(id: string): void {
    this.known.delete(id);
    this.missed.delete(id);
  }

  take(): MissedSession[] {
    const out = [...this.missed].map(([sessionId, status]) => ({ sessionId, status }));
    this.missed.clear();
    return out;
  }
}

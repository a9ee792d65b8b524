import type { SessionRow, SessionStatus } from '../../../shared/domain/session';
import { missedStatusOf, type MissedSession } from '../../../shared/ipc/app';
import type { CoreEvents } from '../events';

/**
 * "Coming back" (SPEC §5.1): while no front is attached to the session host,
 * the sessions whose status became waiting or error, so the first window back
 * can say so once (`app:missed`). A session that moves on before anyone comes
 * back (answered elsewhere, restarted) drops out; subagents and archived rows,
 * which never notify, are not kept.
 */
export class MissedWhileAway {
  private away = false;
  /** Each session's status as last seen while away (seeded when the last front leaves). */
  private readonly known = new Map<string, SessionStatus>();
  /** Oldest first (a Map keeps insertion order); one per session. */
  private readonly missed = new Map<string, MissedSession['status']>();
  private readonly unsubscribe: () => void;

  constructor(
    events: CoreEvents,
    /** Every session's status now; read once each time the last front leaves. */
    private readonly statusesNow: () => Iterable<Pick<SessionRow, 'id' | 'status'>>,
  ) {
    this.unsubscribe = events.subscribe((event, payload) => {
      if (!this.away) return;
      if (event === 'session:changed') this.changed(payload as SessionRow);
      else if (event === 'session:removed') this.forget((payload as { id: string }).id);
    });
  }

  /** The host tells this whenever the number of attached fronts goes to 0 (away) or above it. */
  setAway(away: boolean): void {
    if (away === this.away) return;
    this.away = away;
    this.known.clear();
    if (away) for (const row of this.statusesNow()) this.known.set(row.id, row.status);
  }

  isAway(): boolean {
    return this.away;
  }

  /** What was missed, oldest first; answering clears it, so each is told once. */
  take(): MissedSession[] {
    const out = [...this.missed].map(([sessionId, status]) => ({ sessionId, status }));
    this.missed.clear();
    return out;
  }

  close(): void {
    this.unsubscribe();
  }

  private changed(row: SessionRow): void {
    const before = this.known.get(row.id);
    this.known.set(row.id, row.status);
    if (row.parentId !== null || row.archived) {
      this.missed.delete(row.id);
      return;
    }
    const missed = missedStatusOf(row);
    if (missed !== null) {
      // A rename or a new subtitle of a row already waiting is not news.
      if (before !== row.status) this.record(row.id, missed);
    } else {
      this.missed.delete(row.id);
    }
  }

  private record(id: string, status: MissedSession['status']): void {
    this.missed.delete(id); // the latest change goes last
    this.missed.set(id, status);
  }

  private forget(id: string): void {
    this.known.delete(id);
    this.missed.delete(id);
  }
}

import type { Entry, EntryKind, SessionRow } from '../../../shared/domain/session';
import { AppError } from '../../../shared/result';
import type { CoreEvents } from '../events';
import { createLogger } from '../logger';
import { SessionGoneError, storageAppError, storageFault } from '../store';
import { entryActivity } from './entryActivity';
import { PendingEntries, type PendingEntry } from './pendingEntries';
import type { SessionRowsPort } from './sessionRules';

const log = createLogger('sessions');

export interface SessionEntriesDeps extends SessionRowsPort {
  readonly events: CoreEvents;
  /** A row read from the store as the swarm sees it (with its unsaved entries). */
  readonly shown: (row: SessionRow) => SessionRow;
}

/**
 * Sessions' transcripts, for the sessions service: each entry committed and told (`entry:added`,
 * `session:changed`, the hooks), its row's activity kept from it; the swarm's own entries never dropped
 * (`pending`: kept in order and retried while the database refuses them); pages read, the first of
 * which marks the session opened.
 */
export class SessionEntries {
  /** Entries the database could not take yet (locked, disk full): kept and retried. */
  readonly pending: PendingEntries;

  constructor(private readonly s: SessionEntriesDeps) {
    this.pending = new PendingEntries({
      clock: s.clock,
      commit: (entry) => this.commit(entry),
      // A deleted session changes nothing (the repo's update matches no row).
      commitStatus: (id, status) => s.store.sessions.setStatus(id, status, s.clock.now()),
      countChanged: (id) => {
        const row = s.store.sessions.get(id);
        if (row) s.changed(row);
      },
      notice: (message) => s.events.emit('app:notice', { message }),
    });
  }

  /** The user's own entry: a locked or full database throws, as does a session whose earlier entries still wait. */
  append(id: string, kind: EntryKind, text: string, meta: Entry['meta']): Entry {
    if (this.pending.count(id) > 0 && !this.pending.flushSession(id)) throw storageAppError(this.pending.fault);
    try {
      return this.commit({ sessionId: id, kind, text, meta, at: this.s.clock.now() });
    } catch (err) {
      const fault = storageFault(err);
      throw fault ? storageAppError(fault) : err;
    }
  }

  /** An entry the swarm produced: committed now, else kept in order and retried (null). Other errors throw. */
  record(id: string, kind: EntryKind, text: string, meta: Entry['meta']): Entry | null {
    const entry: PendingEntry = { sessionId: id, kind, text, meta, at: this.s.clock.now() };
    if (this.pending.count(id) > 0) {
      this.pending.keep(entry, null);
      return null;
    }
    try {
      return this.commit(entry);
    } catch (err) {
      const fault = storageFault(err);
      if (!fault) throw err;
      this.pending.keep(entry, fault);
      return null;
    }
  }

  /** The newest `limit` entries, oldest first, read only. */
  newest(id: string, limit: number): Entry[] {
    return this.s.store.entries.page(id, undefined, limit).entries;
  }

  /** A page of the transcript; the first page (no `beforeSeq`) means the user opened the session. */
  page(id: string, beforeSeq: number | undefined, limit: number): { entries: Entry[]; hasMore: boolean } {
    this.s.get(id);
    const page = this.s.store.entries.page(id, beforeSeq, limit);
    if (beforeSeq === undefined) this.noteOpened(id);
    return page;
  }

  /** Reading never fails for a write: a locked or full database only skips the "opened" mark. */
  private noteOpened(id: string): void {
    let previous: number | null | undefined;
    try {
      previous = this.s.store.sessions.markOpened(id, this.s.clock.now());
    } catch (err) {
      const fault = storageFault(err);
      if (!fault) throw err;
      log.warn('could not mark a session opened', { session: id, fault });
      return;
    }
    const row = this.s.store.sessions.get(id);
    if (row && previous !== undefined) this.s.hooks.emit('sessionOpened', this.s.shown(row), previous);
  }

  private commit(p: PendingEntry): Entry {
    let entry: Entry;
    try {
      entry = this.s.store.entries.append(p.sessionId, p.kind, p.text, p.meta, p.at);
    } catch (err) {
      if (err instanceof SessionGoneError) throw new AppError('NOT_FOUND', 'That session does not exist (it may have been deleted).');
      throw err;
    }
    let row = this.s.get(p.sessionId);
    if (this.noteActivity(row, p)) row = this.s.get(p.sessionId);
    this.s.events.emit('entry:added', entry);
    this.s.changed(row);
    this.s.hooks.emit('entryCommitted', entry, row);
    if (p.kind === 'user') this.s.hooks.emit('userMessage', row, entry);
    return entry;
  }

  /**
   * What the entry says the agent did, kept on its row for the subtitle (SPEC §7). The entry is saved already:
   * a database that refuses this small update only leaves the row's previous activity (logged). True when it changed.
   */
  private noteActivity(row: SessionRow, p: PendingEntry): boolean {
    const activity = entryActivity(row.kind, p.kind, p.text, p.meta);
    if (activity === null || activity === row.activity) return false;
    try {
      return this.s.store.sessions.setActivity(p.sessionId, activity);
    } catch (err) {
      const fault = storageFault(err);
      if (!fault) throw err;
      log.warn('could not keep a session’s activity', { session: p.sessionId, fault });
      return false;
    }
  }
}

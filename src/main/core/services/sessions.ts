import { judgeUserTitle, isUsableTitle, withoutControlCharacters } from '../../../shared/judge';
import type {
  Entry,
  EntryKind,
  ListCursor,
  SessionKind,
  SessionListRow,
  SessionRow,
  SessionExit,
  SessionStatus,
  TitleHistoryItem,
  TitleSource,
} from '../../../shared/domain/session';
import { AppError } from '../../../shared/result';
import type { SearchSnippet } from '../../../shared/domain/searchSnippet';
import type { CoreEvents } from '../events';
import { SessionGoneError, storageAppError, storageFault, type Store } from '../store';
import { createLogger } from '../logger';
import { entryActivity } from './entryActivity';
import type { Clock } from './clock';
import { DispatcherRegistry, type AgentDispatcher } from './dispatchers';
import type { CoreHooks } from './hooks';
import { commitImportBatch, type ImportBatchInput, type ImportBatchResult } from './importBatch';
import { positionBetween } from './ordering';
import { PendingEntries, type PendingEntry } from './pendingEntries';
import { insertSession, mayReplaceTitle, writeTitleRecord } from './sessionRules';
import { SessionTrash } from './trash';

const log = createLogger('sessions');

export interface CreateSessionInput {
  /** The new row's id when the caller needed it first (a worktree named after it); default: a fresh UUID. */
  readonly id?: string;
  readonly kind: SessionKind;
  readonly folder?: string | undefined;
  /** Internal callers (agents, importers) only. */
  readonly parentId?: string | null;
  readonly backendId?: string | null;
  readonly status?: SessionStatus;
  readonly title?: string | null;
  readonly titleSource?: TitleSource;
  /** Runs inside the creating transaction (a session's own options): if it throws, no row is left. */
  readonly withinCreate?: (row: SessionRow) => void;
}

export interface AutoTitleInput {
  readonly value: string;
  readonly source: Exclude<TitleSource, 'user'>;
  readonly model: string | null;
}

export interface SessionsServiceDeps {
  readonly store: Store;
  readonly events: CoreEvents;
  readonly hooks: CoreHooks;
  readonly clock: Clock;
  /** Where a new session works when the user does not say: the home folder. */
  readonly defaultFolder: string;
  /** Whole words also search the stemmed index (issue 34); off only to compare against search as it was (`SWARMDESK_STEMMED_SEARCH=off`). */
  readonly stemmedSearch?: boolean;
}

/** Everything the swarm does to sessions; every mutation emits its events and hooks. */
export class SessionsService {
  private readonly store: Store;
  private readonly events: CoreEvents;
  private readonly hooks: CoreHooks;
  private readonly clock: Clock;
  private readonly dispatchers = new DispatcherRegistry();
  readonly trash: SessionTrash;
  readonly defaultFolder: string;
  private readonly stemmedSearch: boolean;
  /** Entries the database could not take yet (locked, disk full): kept and retried. */
  private readonly pending: PendingEntries;

  constructor(deps: SessionsServiceDeps) {
    this.store = deps.store;
    this.events = deps.events;
    this.hooks = deps.hooks;
    this.clock = deps.clock;
    this.defaultFolder = deps.defaultFolder;
    this.stemmedSearch = deps.stemmedSearch ?? true;
    this.trash = new SessionTrash(deps.store, deps.events, deps.clock);
    this.pending = new PendingEntries({
      clock: deps.clock,
      commit: (entry) => this.commitEntry(entry),
      // A deleted session changes nothing (the repo's update matches no row).
      commitStatus: (id, status) => this.store.sessions.setStatus(id, status, this.clock.now()),
      countChanged: (id) => {
        const row = this.store.sessions.get(id);
        if (row) this.changed(row);
      },
      notice: (message) => this.events.emit('app:notice', { message }),
    });
  }

  registerDispatcher(kind: SessionKind, d: AgentDispatcher): () => void {
    return this.dispatchers.register(kind, d);
  }

  /** The swarm in order, whole rows (for the core). */
  list(includeArchived: boolean): SessionRow[] {
    const rows = this.store.sessions.list(includeArchived);
    return this.pending.size === 0 ? rows : rows.map((r) => this.withUnsaved(r));
  }

  /** The swarm in order as list rows (`sessions:list`): with `limit`, one page; with `after`, the page after that row. */
  listRows(includeArchived: boolean, limit?: number, after?: ListCursor): SessionListRow[] {
    const rows = this.store.sessions.listRows(includeArchived, limit, after);
    return this.pending.size === 0 ? rows : rows.map((r) => this.withUnsaved(r));
  }

  search(query: string, includeArchived: boolean, limit: number, whole = false): string[] {
    return this.store.search.search(query, { includeArchived, limit, whole, stemmed: this.stemmedSearch });
  }

  /** Search hits' matching lines (see SearchRepo.snippets). */
  snippets(query: string, ids: readonly string[]): SearchSnippet[] {
    return this.store.search.snippets(query, ids);
  }

  get(id: string): SessionRow {
    const row = this.store.sessions.get(id);
    if (!row) throw new AppError('NOT_FOUND', 'That session does not exist (it may have been deleted).');
    return this.withUnsaved(row);
  }

  create(input: CreateSessionInput): SessionRow {
    const at = this.clock.now();
    const row = this.store.transaction(() => {
      if (input.parentId) this.get(input.parentId);
      const inserted = insertSession(this.store, { ...input, folder: input.folder?.trim() || this.defaultFolder, at }, 'top');
      if (!input.withinCreate) return inserted;
      input.withinCreate(inserted);
      // Its options may say more about the row (a worktree's repository is the row's project).
      return this.store.sessions.get(inserted.id) ?? inserted;
    });
    this.changed(row);
    this.hooks.emit('sessionCreated', row);
    return row;
  }

  /** A user rename: judged, stored pinned, kept in history. */
  rename(id: string, text: string): SessionRow {
    const judged = judgeUserTitle(text);
    if (!judged.ok) throw new AppError('TITLE_REJECTED', judged.message);
    return this.writeTitle(id, judged.text, 'user', null, true);
  }

  /**
   * An automatic title (ambient engine, importer, recovery sweep). Ignored
   * while the user's title is pinned; returns whether it was applied.
   */
  setAutoTitle(id: string, input: AutoTitleInput): { applied: boolean; row: SessionRow } {
    const current = this.get(id);
    if (!mayReplaceTitle(current, input.source)) return { applied: false, row: current };
    // A generated title (a subagent's name, a recovered first line) loses its control characters, as a typed one does.
    const value = withoutControlCharacters(input.value).trim();
    if (!isUsableTitle(value)) throw new AppError('TITLE_REJECTED', 'Not a usable title.');
    return { applied: true, row: this.writeTitle(id, value, input.source, input.model, false) };
  }

  releaseTitle(id: string): SessionRow {
    const row = this.store.transaction(() => {
      this.get(id);
      this.store.sessions.setTitlePinned(id, false);
      return this.get(id);
    });
    this.changed(row);
    this.hooks.emit('titleChanged', row);
    return row;
  }

  titleHistory(id: string): TitleHistoryItem[] {
    this.get(id);
    return this.store.titles.history(id);
  }

  /** Puts `id` just above `beforeId` (null: last) within its pin group. */
  move(id: string, beforeId: string | null): SessionRow {
    let renumbered: string[] = [];
    const row = this.store.transaction(() => {
      const moving = this.get(id);
      if (beforeId === id) return moving;
      const repo = this.store.sessions;
      if (beforeId === null) {
        const bottom = repo.edgePosition(moving.pinned, 'bottom');
        repo.setPosition(id, bottom === null ? 0 : bottom + 1);
        return this.get(id);
      }
      const placeAbove = (): number | null => {
        const target = this.get(beforeId);
        if (target.pinned !== moving.pinned) {
          throw new AppError('CONFLICT', 'A session moves within its own group; pin or unpin it to move it across.');
        }
        const above = repo.neighbourAbove(moving.pinned, target, id);
        return positionBetween(above?.position ?? null, target.position);
      };
      let position = placeAbove();
      if (position === null) {
        renumbered = repo.renumber(moving.pinned);
        position = placeAbove();
        if (position === null) throw new Error('no room between renumbered neighbours');
      }
      repo.setPosition(id, position);
      return this.get(id);
    });
    // Renumbering moved every row of the group: the renderer needs their new positions too.
    for (const other of renumbered) {
      const r = other === id ? null : this.store.sessions.get(other);
      if (r) this.changed(r);
    }
    this.changed(row);
    return row;
  }

  /**
   * The rows `ids` (one pin group's, each once) in this order: they take the positions they hold
   * among themselves, sorted, so no other row's place changes. Equal positions among them are
   * renumbered first (the group's rows 1, 2, 3… as they stand). Returns how many rows moved.
   */
  reorder(ids: readonly string[]): number {
    if (new Set(ids).size !== ids.length) throw new AppError('BAD_INPUT', 'A session can be placed only once.');
    let renumbered: string[] = [];
    const moved = this.store.transaction(() => {
      const rows = ids.map((id) => this.get(id));
      const pinned = rows[0]?.pinned ?? false;
      if (rows.some((row) => row.pinned !== pinned)) {
        throw new AppError('CONFLICT', 'A session moves within its own group; pin or unpin it to move it across.');
      }
      const places = (list: readonly SessionRow[]) => list.map((row) => row.position).sort((x, y) => x - y);
      let current = rows;
      let held = places(current);
      if (held.some((p, i) => i > 0 && p === held[i - 1])) {
        renumbered = this.store.sessions.renumber(pinned);
        current = ids.map((id) => this.get(id));
        held = places(current);
      }
      const changed: string[] = [];
      current.forEach((row, i) => {
        const position = held[i] as number;
        if (row.position === position) return;
        this.store.sessions.setPosition(row.id, position);
        changed.push(row.id);
      });
      return changed;
    });
    for (const id of new Set([...renumbered, ...moved])) {
      const row = this.store.sessions.get(id);
      if (row) this.changed(row);
    }
    return moved.length;
  }

  setPinned(id: string, pinned: boolean): SessionRow {
    const row = this.store.transaction(() => {
      const current = this.get(id);
      if (current.pinned === pinned) return current;
      // Newly pinned or unpinned rows go to the top of their new group.
      const top = this.store.sessions.edgePosition(pinned, 'top');
      this.store.sessions.setPinned(id, pinned, top === null ? 0 : top - 1);
      return this.get(id);
    });
    this.changed(row);
    return row;
  }

  setArchived(id: string, archived: boolean): SessionRow {
    this.get(id);
    this.store.sessions.setArchived(id, archived);
    return this.changed(this.get(id));
  }

  delete(id: string): { id: string } {
    this.get(id);
    this.trash.softDelete(id);
    return { id };
  }

  restore(id: string): SessionRow {
    return this.trash.restore(id);
  }

  markRead(id: string): SessionRow {
    const current = this.get(id);
    if (!current.unread) return current;
    this.store.sessions.setUnread(id, false);
    return this.changed(this.get(id));
  }

  /** A turn ended with something to read (a terminal TUI's): the row says "done" until it is opened. */
  markUnread(id: string): SessionRow {
    const current = this.get(id);
    if (current.unread) return current;
    this.store.sessions.setUnread(id, true);
    return this.changed(this.get(id));
  }

  /** `exit`: with 'exited', how the terminal's process failed (a nonzero code or a foreign signal; SPEC §2). */
  setStatus(id: string, status: SessionStatus, exit?: SessionExit): SessionRow {
    const current = this.get(id);
    if (current.status === status && sameExit(current.exit, status === 'exited' ? exit : undefined)) return current;
    try {
      this.store.sessions.setStatus(id, status, this.clock.now(), exit);
    } catch (err) {
      // A locked or full database: the row shows the status now and it is saved with the kept entries.
      const fault = storageFault(err);
      if (!fault) throw err;
      this.pending.keepStatus(id, status, fault);
      return this.get(id);
    }
    this.pending.forgetStatus(id);
    const row = this.changed(this.get(id));
    this.hooks.emit('statusChanged', row);
    return row;
  }

  setSubtitle(id: string, subtitle: string | null): SessionRow {
    this.get(id);
    this.store.sessions.setSubtitle(id, subtitle === null ? null : withoutControlCharacters(subtitle));
    return this.changed(this.get(id));
  }

  setBackendId(id: string, backendId: string | null): SessionRow {
    this.get(id);
    this.store.sessions.setBackendId(id, backendId);
    return this.changed(this.get(id));
  }

  /**
   * Commits one entry the user asked for (their own message) and tells everyone:
   * `entry:added`, `session:changed`, hooks. A locked or full database throws (the
   * router replies BUSY or STORAGE and the composer keeps the text); so does a
   * session whose earlier entries still wait, so the order stays true.
   */
  appendEntry(id: string, kind: EntryKind, text: string, meta: Entry['meta'] = null): Entry {
    if (this.pending.count(id) > 0 && !this.pending.flushSession(id)) throw storageAppError(this.pending.fault);
    try {
      return this.commitEntry({ sessionId: id, kind, text, meta, at: this.clock.now() });
    } catch (err) {
      const fault = storageFault(err);
      throw fault ? storageAppError(fault) : err;
    }
  }

  /**
   * An entry the swarm produced (agent output, a terminal line, a note): never
   * dropped. Committed now when the database takes it; else kept in order and
   * retried, the row says so, and null is returned. Other errors throw.
   */
  recordEntry(id: string, kind: EntryKind, text: string, meta: Entry['meta'] = null): Entry | null {
    const entry: PendingEntry = { sessionId: id, kind, text, meta, at: this.clock.now() };
    if (this.pending.count(id) > 0) {
      this.pending.keep(entry, null);
      return null;
    }
    try {
      return this.commitEntry(entry);
    } catch (err) {
      const fault = storageFault(err);
      if (!fault) throw err;
      this.pending.keep(entry, fault);
      return null;
    }
  }

  /** How many entries wait for the database (all sessions). */
  get unsavedCount(): number {
    return this.pending.size;
  }

  /** Tries the kept entries now (closing, tests); returns how many still wait. */
  flushUnsaved(): number {
    return this.pending.size === 0 ? 0 : this.pending.flush();
  }

  /** Stops the retry timer; whatever still waits is logged as lost. Call after a last `flushUnsaved`. */
  close(): void {
    this.pending.close();
  }

  /**
   * Imported history (the transcript importer's only way in): one batch in one
   * transaction, silent (no unread mark, no hooks, so no ambient work). The swarm
   * learns of the row; an open transcript learns of a few new entries (a file
   * followed as it grows), never of a whole history at once.
   */
  importBatch(input: ImportBatchInput, liveEntryLimit = 50): ImportBatchResult {
    return this.importBatches((commit) => void commit(input), liveEntryLimit)[0] as ImportBatchResult;
  }

  /**
   * Several imported batches in one transaction (one commit, one fsync: the importer groups the
   * batches its worker has ready). `run` calls `commit` per batch, in order, inside the
   * transaction, so a later batch sees what an earlier one created. The renderer is told only
   * after the whole group committed; if any batch throws, none is kept and nothing is told.
   */
  importBatches(run: (commit: (input: ImportBatchInput) => ImportBatchResult) => void, liveEntryLimit = 50): ImportBatchResult[] {
    const results: ImportBatchResult[] = [];
    const now = this.clock.now();
    this.store.transaction(() => run((input) => {
      const result = commitImportBatch(this.store, input, now);
      results.push(result);
      return result;
    }));
    for (const result of results) {
      if (!result.row) continue;
      if (!result.created && result.entries.length <= liveEntryLimit) for (const e of result.entries) this.events.emit('entry:added', e);
      this.changed(result.row);
    }
    return results;
  }

  /** The composer: the session's agent takes it when one is registered, else it is recorded as a user entry. */
  async send(id: string, text: string): Promise<Entry> {
    const row = this.get(id);
    const dispatcher = this.dispatchers.get(row.kind);
    if (dispatcher) return dispatcher.send(row, text);
    return this.appendEntry(id, 'user', text);
  }

  async stop(id: string): Promise<SessionRow> {
    const row = this.get(id);
    const dispatcher = this.dispatchers.get(row.kind);
    if (dispatcher) {
      await dispatcher.stop(row);
      return this.get(id);
    }
    return row.status === 'working' ? this.setStatus(id, 'idle') : row;
  }

  /** The newest `limit` entries, oldest first, read only: unlike `page`, this is not the user opening the session. */
  newestEntries(id: string, limit: number): Entry[] {
    return this.store.entries.page(id, undefined, limit).entries;
  }

  /** A page of the transcript; the first page (no `beforeSeq`) means the user opened the session. */
  page(id: string, beforeSeq: number | undefined, limit: number): { entries: Entry[]; hasMore: boolean } {
    this.get(id);
    const page = this.store.entries.page(id, beforeSeq, limit);
    if (beforeSeq === undefined) this.noteOpened(id);
    return page;
  }

  /** Reading never fails for a write: a locked or full database only skips the "opened" mark. */
  private noteOpened(id: string): void {
    let previous: number | null | undefined;
    try {
      previous = this.store.sessions.markOpened(id, this.clock.now());
    } catch (err) {
      const fault = storageFault(err);
      if (!fault) throw err;
      log.warn('could not mark a session opened', { session: id, fault });
      return;
    }
    const row = this.store.sessions.get(id);
    if (row && previous !== undefined) this.hooks.emit('sessionOpened', this.withUnsaved(row), previous);
  }

  private commitEntry(p: PendingEntry): Entry {
    let entry: Entry;
    try {
      entry = this.store.entries.append(p.sessionId, p.kind, p.text, p.meta, p.at);
    } catch (err) {
      if (err instanceof SessionGoneError) throw new AppError('NOT_FOUND', 'That session does not exist (it may have been deleted).');
      throw err;
    }
    let row = this.get(p.sessionId);
    if (this.noteActivity(row, p)) row = this.get(p.sessionId);
    this.events.emit('entry:added', entry);
    this.changed(row);
    this.hooks.emit('entryCommitted', entry, row);
    if (p.kind === 'user') this.hooks.emit('userMessage', row, entry);
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
      return this.store.sessions.setActivity(p.sessionId, activity);
    } catch (err) {
      const fault = storageFault(err);
      if (!fault) throw err;
      log.warn('could not keep a session’s activity', { session: p.sessionId, fault });
      return false;
    }
  }

  /** A row as the swarm sees it: with the count of its entries still waiting for the database. */
  private withUnsaved<R extends SessionListRow>(row: R): R {
    const unsaved = this.pending.count(row.id);
    const status = this.pending.status(row.id) ?? row.status;
    if (unsaved > 0) return { ...row, status, unsaved };
    if (status !== row.status) row = { ...row, status };
    if (row.unsaved === undefined) return row;
    const { unsaved: _gone, ...rest } = row;
    return rest as R;
  }

  private writeTitle(id: string, value: string, source: TitleSource, model: string | null, pinned: boolean): SessionRow {
    const at = this.clock.now();
    const row = this.store.transaction(() => {
      this.get(id);
      writeTitleRecord(this.store, id, { value, source, model, pinned, at });
      return this.get(id);
    });
    this.changed(row);
    this.hooks.emit('titleChanged', row);
    return row;
  }

  private changed(row: SessionRow): SessionRow {
    const shown = this.withUnsaved(row);
    this.events.emit('session:changed', shown);
    return shown;
  }
}

function sameExit(a: SessionExit | undefined, b: SessionExit | undefined): boolean {
  return (a?.code ?? null) === (b?.code ?? null) && (a?.signal ?? null) === (b?.signal ?? null);
}

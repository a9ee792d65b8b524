import { withoutControlCharacters } from '../../../shared/judge';
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
import { storageFault, type Store } from '../store';
import type { Clock } from './clock';
import { DispatcherRegistry, type AgentDispatcher } from './dispatchers';
import type { CoreHooks } from './hooks';
import { commitImportBatch, type ImportBatchInput, type ImportBatchResult } from './importBatch';
import type { PendingEntries } from './pendingEntries';
import { SessionEntries } from './sessionEntries';
import { moveSession, reorderSessions, setSessionPinned } from './sessionOrder';
import { insertSession, type SessionRowsPort } from './sessionRules';
import { releaseTitle, renameSession, setAutoTitle, type AutoTitleInput } from './sessionTitles';
import { SessionTrash } from './trash';

export type { AutoTitleInput };

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
  /** Transcripts: entries committed and told, the swarm's own kept and retried while the database refuses them. */
  private readonly entries: SessionEntries;
  /** Entries the database could not take yet (locked, disk full): kept and retried. */
  private readonly pending: PendingEntries;
  /** What the order, titles and entries parts need of this service. */
  private readonly rows: SessionRowsPort;

  constructor(deps: SessionsServiceDeps) {
    this.store = deps.store;
    this.events = deps.events;
    this.hooks = deps.hooks;
    this.clock = deps.clock;
    this.defaultFolder = deps.defaultFolder;
    this.stemmedSearch = deps.stemmedSearch ?? true;
    this.trash = new SessionTrash(deps.store, deps.events, deps.clock);
    this.rows = { store: deps.store, clock: deps.clock, hooks: deps.hooks, get: (id) => this.get(id), changed: (row) => this.changed(row) };
    this.entries = new SessionEntries({ ...this.rows, events: deps.events, shown: (row) => this.withUnsaved(row) });
    this.pending = this.entries.pending;
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
    return renameSession(this.rows, id, text);
  }

  /**
   * An automatic title (ambient engine, importer, recovery sweep). Ignored
   * while the user's title is pinned; returns whether it was applied.
   */
  setAutoTitle(id: string, input: AutoTitleInput): { applied: boolean; row: SessionRow } {
    return setAutoTitle(this.rows, id, input);
  }

  releaseTitle(id: string): SessionRow {
    return releaseTitle(this.rows, id);
  }

  titleHistory(id: string): TitleHistoryItem[] {
    this.get(id);
    return this.store.titles.history(id);
  }

  /** Puts `id` just above `beforeId` (null: last) within its pin group. */
  move(id: string, beforeId: string | null): SessionRow {
    return moveSession(this.rows, id, beforeId);
  }

  /** The rows `ids` (one pin group's, each once) in this order, among the positions they hold; how many moved. */
  reorder(ids: readonly string[]): number {
    return reorderSessions(this.rows, ids);
  }

  setPinned(id: string, pinned: boolean): SessionRow {
    return setSessionPinned(this.rows, id, pinned);
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
    return this.entries.append(id, kind, text, meta);
  }

  /**
   * An entry the swarm produced (agent output, a terminal line, a note): never
   * dropped. Committed now when the database takes it; else kept in order and
   * retried, the row says so, and null is returned. Other errors throw.
   */
  recordEntry(id: string, kind: EntryKind, text: string, meta: Entry['meta'] = null): Entry | null {
    return this.entries.record(id, kind, text, meta);
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
    return this.entries.newest(id, limit);
  }

  /** A page of the transcript; the first page (no `beforeSeq`) means the user opened the session. */
  page(id: string, beforeSeq: number | undefined, limit: number): { entries: Entry[]; hasMore: boolean } {
    return this.entries.page(id, beforeSeq, limit);
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

  private changed(row: SessionRow): SessionRow {
    const shown = this.withUnsaved(row);
    this.events.emit('session:changed', shown);
    return shown;
  }
}

function sameExit(a: SessionExit | undefined, b: SessionExit | undefined): boolean {
  return (a?.code ?? null) === (b?.code ?? null) && (a?.signal ?? null) === (b?.signal ?? null);
}

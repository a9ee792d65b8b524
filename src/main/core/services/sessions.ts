import { judgeUserTitle, isUsableTitle } from '../../../shared/judge';
import type {
  Entry,
  EntryKind,
  SessionKind,
  SessionRow,
  SessionStatus,
  TitleHistoryItem,
  TitleSource,
} from '../../../shared/domain/session';
import { AppError } from '../../../shared/result';
import type { CoreEvents } from '../events';
import { SessionGoneError, type Store } from '../store';
import type { Clock } from './clock';
import { DispatcherRegistry, type AgentDispatcher } from './dispatchers';
import type { CoreHooks } from './hooks';
import { commitImportBatch, type ImportBatchInput, type ImportBatchResult } from './importBatch';
import { positionBetween } from './ordering';
import { insertSession, mayReplaceTitle, writeTitleRecord } from './sessionRules';
import { SessionTrash } from './trash';

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

  constructor(deps: SessionsServiceDeps) {
    this.store = deps.store;
    this.events = deps.events;
    this.hooks = deps.hooks;
    this.clock = deps.clock;
    this.defaultFolder = deps.defaultFolder;
    this.trash = new SessionTrash(deps.store, deps.events, deps.clock);
  }

  registerDispatcher(kind: SessionKind, d: AgentDispatcher): () => void {
    return this.dispatchers.register(kind, d);
  }

  list(includeArchived: boolean): SessionRow[] {
    return this.store.sessions.list(includeArchived);
  }

  search(query: string, includeArchived: boolean, limit: number): string[] {
    return this.store.search.search(query, { includeArchived, limit });
  }

  get(id: string): SessionRow {
    const row = this.store.sessions.get(id);
    if (!row) throw new AppError('NOT_FOUND', 'That session does not exist (it may have been deleted).');
    return row;
  }

  create(input: CreateSessionInput): SessionRow {
    const at = this.clock.now();
    const row = this.store.transaction(() => {
      if (input.parentId) this.get(input.parentId);
      const inserted = insertSession(this.store, { ...input, folder: input.folder?.trim() || this.defaultFolder, at }, 'top');
      input.withinCreate?.(inserted);
      return inserted;
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
    if (!isUsableTitle(input.value)) throw new AppError('TITLE_REJECTED', 'Not a usable title.');
    return { applied: true, row: this.writeTitle(id, input.value, input.source, input.model, false) };
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

  setStatus(id: string, status: SessionStatus): SessionRow {
    const current = this.get(id);
    if (current.status === status) return current;
    this.store.sessions.setStatus(id, status, this.clock.now());
    return this.changed(this.get(id));
  }

  setSubtitle(id: string, subtitle: string | null): SessionRow {
    this.get(id);
    this.store.sessions.setSubtitle(id, subtitle);
    return this.changed(this.get(id));
  }

  setBackendId(id: string, backendId: string | null): SessionRow {
    this.get(id);
    this.store.sessions.setBackendId(id, backendId);
    return this.changed(this.get(id));
  }

  /** Commits one entry and tells everyone: `entry:added`, `session:changed`, hooks. */
  appendEntry(id: string, kind: EntryKind, text: string, meta: Entry['meta'] = null): Entry {
    let entry: Entry;
    try {
      entry = this.store.entries.append(id, kind, text, meta, this.clock.now());
    } catch (err) {
      if (err instanceof SessionGoneError) throw new AppError('NOT_FOUND', 'That session does not exist (it may have been deleted).');
      throw err;
    }
    const row = this.get(id);
    this.events.emit('entry:added', entry);
    this.changed(row);
    this.hooks.emit('entryCommitted', entry, row);
    if (kind === 'user') this.hooks.emit('userMessage', row, entry);
    return entry;
  }

  /**
   * Imported history (the transcript importer's only way in): one batch in one
   * transaction, silent (no unread mark, no hooks, so no ambient work). The swarm
   * learns of the row; an open transcript learns of a few new entries (a file
   * followed as it grows), never of a whole history at once.
   */
  importBatch(input: ImportBatchInput, liveEntryLimit = 50): ImportBatchResult {
    const result = commitImportBatch(this.store, input, this.clock.now());
    if (result.row) {
      if (!result.created && result.entries.length <= liveEntryLimit) for (const e of result.entries) this.events.emit('entry:added', e);
      this.changed(result.row);
    }
    return result;
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

  /** A page of the transcript; the first page (no `beforeSeq`) means the user opened the session. */
  page(id: string, beforeSeq: number | undefined, limit: number): { entries: Entry[]; hasMore: boolean } {
    this.get(id);
    const page = this.store.entries.page(id, beforeSeq, limit);
    if (beforeSeq === undefined) {
      const previous = this.store.sessions.markOpened(id, this.clock.now());
      const row = this.store.sessions.get(id);
      if (row && previous !== undefined) this.hooks.emit('sessionOpened', row, previous);
    }
    return page;
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
    this.events.emit('session:changed', row);
    return row;
  }
}

import type { Entry, SessionId, SessionRow } from '../../../src/shared/domain/session';
import type { Title } from '../../../src/shared/domain/title';
import type { SwarmdeskApi } from '../../../src/shared/ipc/api';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../src/shared/ipc/contract';
import type { EventName, EventPayload } from '../../../src/shared/ipc/events';
import type { Result } from '../../../src/shared/result';
import type { UiState } from '../../../src/shared/ipc/ui';
import type { HostSettings } from '../../../src/shared/ipc/host';
import type { MissedSession } from '../../../src/shared/ipc/app';
import { runPushFramesNow } from '../../../src/renderer/src/boot/pushes';
import { applyQueuedChanges } from '../../../src/renderer/src/stores/sessions';

/** A test-only stand-in for main: an in-memory swarm behind the real `SwarmdeskApi` shape. */

export interface Call {
  channel: ChannelName;
  input: unknown;
}

type Handler = (input: never) => Result<unknown> | Promise<Result<unknown>>;

export const NOW = Date.UTC(2026, 11, 2, 12, 0, 0);

let counter = 0;
export function makeRow(partial: Partial<Omit<SessionRow, 'title'>> & { title?: string | null } = {}): SessionRow {
  counter += 1;
  const id = partial.id ?? `s${counter}`;
  return {
    id,
    kind: 'chat',
    folder: '/home/ada/src/billing-api',
    status: 'idle',
    archived: false,
    pinned: false,
    position: counter,
    parentId: null,
    titleSource: partial.title ? 'auto' : null,
    titlePinned: false,
    firstUserLine: null,
    subtitle: null,
    unread: false,
    createdAt: NOW - 60_000,
    // The list is newest first: unless a test says, a row's time follows its position (lower: newer), so they agree.
    updatedAt: NOW - 120_000 - Math.round(partial.position ?? counter),
    backendId: null,
    ...partial,
    title: (partial.title ?? null) as Title | null,
  };
}

export function makeEntry(partial: Partial<Entry> & Pick<Entry, 'sessionId' | 'seq'>): Entry {
  return { kind: 'user', text: 'hello', meta: null, createdAt: NOW, ...partial };
}

export class FakeApi implements SwarmdeskApi {
  readonly calls: Call[] = [];
  rows = new Map<SessionId, SessionRow>();
  entries = new Map<SessionId, Entry[]>();
  defaultFolder = '/home/ada/src';
  /** What `ambient:sessionState` answers per session. */
  ambient = new Map<SessionId, { suggestion: string | null; pickupNote: string | null }>();
  private listeners = new Map<string, Set<(payload: unknown) => void>>();
  /** Per-channel overrides a test installs. */
  readonly overrides = new Map<ChannelName, Handler>();
  /** What the core keeps for the window (`ui:state`): what a restart finds. */
  uiState: UiState = { panes: null, sidebar: null };
  /** The session host's settings (`host:settings`, kept by `host:setSettings`). */
  hostSettings: HostSettings = { stopAgentsOnQuit: false, idleExitMinutes: 10 };
  /** What `app:missed` answers next (then it is cleared, as the core does). */
  missed: MissedSession[] = [];

  constructor(rows: SessionRow[] = []) {
    for (const row of rows) this.rows.set(row.id, row);
  }

  callsTo(channel: ChannelName): unknown[] {
    return this.calls.filter((call) => call.channel === channel).map((call) => call.input);
  }

  override<C extends ChannelName>(channel: C, handler: (input: ChannelInput<C>) => Result<ChannelOutput<C>> | Promise<Result<ChannelOutput<C>>>): void {
    this.overrides.set(channel, handler as Handler);
  }

  /**
   * Push an event as main would (the renderer validates it before use), then let
   * the frame that applies queued rows come (pushed rows land once per frame).
   */
  push<E extends EventName>(event: E, payload: EventPayload<E> | unknown): void {
    this.pushWithinFrame(event, payload);
    runPushFramesNow();
    applyQueuedChanges();
  }

  /** Push an event without the frame coming: pushed rows stay queued until the next frame. */
  pushWithinFrame<E extends EventName>(event: E, payload: EventPayload<E> | unknown): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(payload);
  }

  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    const untyped = listener as (payload: unknown) => void;
    set.add(untyped);
    return () => set.delete(untyped);
  }

  async invoke<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<Result<ChannelOutput<C>>> {
    this.calls.push({ channel, input });
    const override = this.overrides.get(channel);
    const result = override ? await override(input as never) : this.handle(channel, input as Record<string, unknown>);
    return result as Result<ChannelOutput<C>>;
  }

  private ok<T>(value: T): Result<T> {
    return { ok: true, value };
  }

  private update(id: SessionId, change: Partial<SessionRow>): Result<SessionRow> {
    const row = this.rows.get(id);
    if (!row) return { ok: false, error: { code: 'NOT_FOUND', message: 'No such session.' } };
    const next = { ...row, ...change, updatedAt: row.updatedAt };
    this.rows.set(id, next);
    return this.ok(next);
  }

  private handle(channel: ChannelName, input: Record<string, unknown>): Result<unknown> {
    const id = input['id'] as SessionId;
    switch (channel) {
      case 'app:info':
        return this.ok({ version: '0.0.0', platform: 'test', transport: 'web', dataDir: '/tmp/x', defaultFolder: this.defaultFolder, notices: [], notifications: true });
      case 'sessions:list': {
        const rows = [...this.rows.values()].filter((row) => input['includeArchived'] || !row.archived);
        const limit = input['limit'];
        const after = input['after'] as { pinned: boolean; updatedAt: number; id: string } | undefined;
        // Main's order (pinned first, then the newest first, then id); a page starts after `after` and is cut at `limit`.
        const key = (row: { pinned: boolean; updatedAt: number; id: string }) => [row.pinned ? 0 : 1, -row.updatedAt, row.id] as const;
        const compare = (a: readonly [number, number, string], b: readonly [number, number, string]) =>
          a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0);
        const ordered = rows.sort((a, b) => compare(key(a), key(b)));
        const from = after ? ordered.filter((row) => compare(key(row), key(after)) > 0) : ordered;
        return this.ok(typeof limit === 'number' ? from.slice(0, limit) : from);
      }
      case 'sessions:get':
        return this.update(id, {});
      case 'sessions:search': {
        const q = String(input['query']).toLowerCase();
        const ids = [...this.rows.values()]
          .filter((row) => (row.title ?? row.firstUserLine ?? '').toLowerCase().includes(q) || (this.entries.get(row.id) ?? []).some((e) => e.text.toLowerCase().includes(q)))
          .map((row) => row.id);
        return this.ok({ ids });
      }
      case 'sessions:snippets': {
        // The newest entry holding the query (the real one folds words and drops markup; see the store tests).
        const q = String(input['query']).toLowerCase();
        const snippets = (input['ids'] as string[]).flatMap((sid) => {
          const entry = [...(this.entries.get(sid) ?? [])].reverse().find((e) => e.text.toLowerCase().includes(q));
          if (!entry) return [];
          const at = entry.text.toLowerCase().indexOf(q);
          return [{ id: sid, kind: entry.kind, text: entry.text, marks: [[at, at + q.length] as [number, number]], ...(entry.meta?.['rewoundBranch'] === true ? { rewound: true as const } : {}) }];
        });
        return this.ok({ snippets });
      }
      case 'sessions:create': {
        const row = makeRow({ kind: input['kind'] as SessionRow['kind'], folder: String(input['folder'] ?? this.defaultFolder), position: -counter });
        this.rows.set(row.id, row);
        return this.ok(row);
      }
      case 'sessions:rename':
        return this.update(id, { title: input['title'] as Title, titleSource: 'user', titlePinned: true });
      case 'sessions:releaseTitle':
        return this.update(id, { titlePinned: false });
      case 'sessions:setPinned':
        return this.update(id, { pinned: Boolean(input['pinned']) });
      case 'sessions:setArchived':
        return this.update(id, { archived: Boolean(input['archived']) });
      case 'sessions:markRead':
        return this.update(id, { unread: false });
      case 'sessions:stop':
        return this.update(id, { status: 'idle' });
      case 'sessions:move':
        return this.move(id, input['beforeId'] as SessionId | null);
      case 'sessions:reorder':
        return this.reorder(input['ids'] as SessionId[]);
      case 'sessions:delete': {
        if (!this.rows.has(id)) return { ok: false, error: { code: 'NOT_FOUND', message: 'No such session.' } };
        this.deleted.set(id, this.rows.get(id) as SessionRow);
        this.rows.delete(id);
        return this.ok({ id });
      }
      case 'sessions:restore': {
        const row = this.deleted.get(id);
        if (!row) return { ok: false, error: { code: 'NOT_FOUND', message: 'Nothing to restore.' } };
        this.rows.set(id, row);
        return this.ok(row);
      }
      case 'sessions:send': {
        const list = this.entries.get(id) ?? [];
        const entry = makeEntry({ sessionId: id, seq: list.length, kind: 'user', text: String(input['text']) });
        this.entries.set(id, [...list, entry]);
        return this.ok(entry);
      }
      case 'ambient:sessionState':
        return this.ok({ sessionId: id, suggestion: null, pickupNote: null, ...this.ambient.get(id) });
      case 'ambient:dismiss': {
        const current = { suggestion: null, pickupNote: null, ...this.ambient.get(id) };
        const next = { ...current, [String(input['what'])]: null };
        this.ambient.set(id, next);
        return this.ok({ sessionId: id, ...next });
      }
      case 'sessions:regenerateTitle': {
        const row = this.rows.get(id);
        if (!row) return { ok: false, error: { code: 'NOT_FOUND', message: 'No such session.' } };
        return this.ok({ row, outcome: 'kept' });
      }
      case 'host:settings':
        return this.ok(this.hostSettings);
      case 'host:setSettings':
        this.hostSettings = { ...this.hostSettings, ...(input as Partial<HostSettings>) };
        return this.ok(this.hostSettings);
      // The core tells each wait once; a test that needs a refusal overrides this.
      case 'app:claimWaitNotice':
        return this.ok({ notify: true });
      case 'app:setNotifyDone':
        return this.ok({ enabled: Boolean(input['enabled']) });
      case 'app:missed': {
        const sessions = this.missed;
        this.missed = [];
        return this.ok({ sessions });
      }
      case 'ui:state':
        return this.ok(this.uiState);
      case 'ui:setState':
        this.uiState = { ...this.uiState, ...(input as Partial<UiState>) };
        return this.ok(this.uiState);
      case 'settings:titleHints':
        return this.ok({ hints: [] });
      case 'sessions:titleAutomatic':
        return this.ok({ id, automatic: true });
      case 'git:removedWorktrees':
      case 'git:outsideWorktrees':
        return this.ok({ items: [] });
      case 'entries:page': {
        const list = this.entries.get(id) ?? [];
        return this.ok({ entries: list.slice(-200), hasMore: list.length > 200 });
      }
      default:
        return { ok: false, error: { code: 'UNKNOWN_CHANNEL', message: channel } };
    }
  }

  private readonly deleted = new Map<SessionId, SessionRow>();

  /** As main: the rows take the positions they hold among themselves, in the order given; each changed row is pushed. */
  private reorder(ids: SessionId[]): Result<{ moved: number }> {
    const rows = ids.map((rid) => this.rows.get(rid));
    if (rows.some((row) => !row)) return { ok: false, error: { code: 'NOT_FOUND', message: 'No such session.' } };
    const places = (rows as SessionRow[]).map((row) => row.position).sort((a, b) => a - b);
    let moved = 0;
    (rows as SessionRow[]).forEach((row, i) => {
      const position = places[i] as number;
      if (row.position === position) return;
      const next = { ...row, position };
      this.rows.set(row.id, next);
      this.pushWithinFrame('session:changed', next);
      moved += 1;
    });
    return this.ok({ moved });
  }

  /** Renumber the moved row's group so it sits before `beforeId` (or last). Like main's renumber path, only the moved row is returned. */
  private move(id: SessionId, beforeId: SessionId | null): Result<SessionRow> {
    const row = this.rows.get(id);
    if (!row) return { ok: false, error: { code: 'NOT_FOUND', message: 'No such session.' } };
    const group = [...this.rows.values()].filter((other) => other.pinned === row.pinned && other.id !== id).sort((a, b) => a.position - b.position);
    const at = beforeId === null ? group.length : group.findIndex((other) => other.id === beforeId);
    group.splice(at === -1 ? group.length : at, 0, row);
    group.forEach((other, index) => {
      if (other.position === index && other.id !== id) return;
      const moved = { ...other, position: index };
      this.rows.set(other.id, moved);
      // As main does: every renumbered row is pushed (before the reply, which carries the moved row).
      if (other.id !== id) this.pushWithinFrame('session:changed', moved);
    });
    return this.ok(this.rows.get(id) as SessionRow);
  }
}

/**
 * The ambient engine (SPEC §9): small model calls for titles, suggestions, notes,
 * narration and names, wired to the sessions service's hooks and the agent runtime's
 * events. It owns the provider chain, the scheduler and the call log; the features
 * themselves live in features/*.ts. Nothing here blocks a caller: hooks only submit jobs.
 */
import type { AmbientPrompt } from '../../../shared/ambient/prompts/shared';
import type { AmbientSessionState } from '../../../shared/ipc/ambient';
import type { SettingsView } from '../../../shared/ipc/settings';
import type { Entry, SessionRow } from '../../../shared/domain/session';
import { createLogger } from '../logger';
import type { CoreEvents } from '../events';
import type { Clock } from '../services/clock';
import type { CoreHooks } from '../services/hooks';
import type { SessionsService } from '../services/sessions';
import type { Store } from '../store';
import type { AmbientCallRecord } from '../store/repos/ambientCalls';
import { runAmbientCall, type CallOutcome } from './call';
import type { SecretBox } from '../models/credentials';
import { AmbientConfig, type ResolvedAmbient } from './config';
import type { JudgeContext } from './judge-reply';
import { buildChain, DEFAULT_BOUNDS, type AmbientProvider, type CallBounds } from './providers';
import { AmbientScheduler, PRIORITY } from './scheduler';
import { TitleHints } from './titleHints';

const log = createLogger('ambient');

/**
 * What the ambient engine may touch of the store: its own tables (the call log it writes, its settings and
 * keys, the running summary in the session options) and, read-only, a session's entry pages. Sessions,
 * titles and entries are written through `sessions` (SessionsService, the one writer).
 */
export interface AmbientStore {
  readonly ambientCalls: Store['ambientCalls'];
  readonly settings: Store['settings'];
  readonly sessionOptions: Store['sessionOptions'];
  readonly entries: Pick<Store['entries'], 'page'>;
}

/** What a terminal shows besides its submitted lines (TerminalService.ambientMaterial). */
export interface TerminalMaterial {
  readonly screen: string;
  readonly windowTitle: string | null;
}

/** A terminal's screen and window title, or null where it has none this run. */
export type TerminalMaterialSource = (sessionId: string) => TerminalMaterial | null;

export interface AmbientEngineOptions {
  readonly store: AmbientStore;
  readonly events: CoreEvents;
  /** The core's hooks, which `createAmbient` subscribes to. */
  readonly hooks: CoreHooks;
  readonly sessions: SessionsService;
  /** The one injected clock: call times, the budget's hour, periodic rounds. */
  readonly clock: Clock;
  readonly env: NodeJS.ProcessEnv;
  readonly secrets?: SecretBox | null;
  readonly bounds?: CallBounds;
  readonly concurrency?: number;
  /** A terminal session's screen tail and window title (the terminal backend's), for its title. */
  readonly terminalMaterial?: TerminalMaterialSource;
  /** Replace the provider chain (unit tests). */
  readonly providers?: (config: ResolvedAmbient) => AmbientProvider[];
}

export interface AskOptions {
  readonly prompt: AmbientPrompt;
  readonly sessionId: string | null;
  /** One in flight per key; default `${sessionId}:${prompt.kind}`. */
  readonly key?: string;
  readonly priority?: number;
  readonly judge?: JudgeContext;
  readonly firstUserMessage?: string | null;
}

/** What the features write through, given to them explicitly (not reached for through the engine). */
export interface AmbientFeatureDeps {
  readonly sessions: Pick<SessionsService, 'get' | 'list' | 'setAutoTitle' | 'setSubtitle' | 'appendEntry'>;
  /** The session's own stored values (the running summary). */
  readonly options: Pick<Store['sessionOptions'], 'get' | 'set'>;
  readonly clock: Clock;
}

/** Display-only text per session, kept in memory (it is about "now", not history). */
interface Shown {
  suggestion: string | null;
  pickupNote: string | null;
}

export class AmbientEngine {
  readonly config: AmbientConfig;
  /** Each project's title hint (Settings → General). */
  readonly titleHints: TitleHints;
  readonly scheduler: AmbientScheduler;
  readonly startedAt: number;
  private readonly s: Pick<AmbientEngineOptions, 'store' | 'events' | 'sessions' | 'clock'>;
  private readonly bounds: CallBounds;
  private chainCache: { key: string; providers: AmbientProvider[] } | null = null;
  private readonly shown = new Map<string, Shown>();
  private readonly closers: Array<() => void> = [];

  constructor(private readonly opts: AmbientEngineOptions) {
    this.s = opts;
    this.config = new AmbientConfig(this.s.store.settings, opts.env, opts.secrets ?? null);
    this.titleHints = new TitleHints(this.s.store.settings);
    this.bounds = opts.bounds ?? DEFAULT_BOUNDS;
    this.startedAt = this.s.clock.now();
    this.scheduler = new AmbientScheduler({
      concurrency: opts.concurrency ?? 2,
      budgetPerHour: () => this.config.stored().budgetPerHour,
      now: () => this.s.clock.now(),
    });
    const hourAgo = this.startedAt - 3_600_000;
    this.scheduler.seedCalls(
      this.s.store.ambientCalls
        .recent(10_000)
        .filter((c) => c.at >= hourAgo && c.provider !== 'offline')
        .map((c) => c.at),
    );
  }

  /** Runs `fn` every `ms` until the engine closes. */
  every(ms: number, fn: () => void): void {
    this.closers.push(this.s.clock.every(ms, fn));
  }

  resolved(): ResolvedAmbient {
    return this.config.resolve();
  }

  /** The provider chain for `kind`, rebuilt when the settings behind it change. */
  providersFor(kind: AmbientPrompt['kind']): AmbientProvider[] {
    const config = this.resolved();
    const key = JSON.stringify([config.chain, config.model, config.anthropic, config.openai, config.claudePath]);
    if (this.chainCache?.key !== key) {
      this.chainCache = { key, providers: this.opts.providers ? this.opts.providers(config) : buildChain(config, this.opts.env) };
    }
    return this.chainCache.providers.filter((p) => p.supports(kind));
  }

  /**
   * Submits one ambient call and resolves with its judged outcome, or null when it did not
   * run (nothing can answer this kind, over budget, shutting down). Never rejects.
   */
  ask(o: AskOptions): Promise<CallOutcome | null> {
    const key = o.key ?? `${o.sessionId ?? 'app'}:${o.prompt.kind}`;
    // The same question asked again before its answer came (a second front opening the session, a
    // dialog opened again): it shares that call instead of making another, so it is made and logged once.
    const same = JSON.stringify([o.prompt.kind, o.prompt.system, o.prompt.user, o.firstUserMessage ?? null, o.judge ?? null]);
    const asked = this.unanswered.get(key);
    if (asked?.same === same) {
      log.debug('an ambient call already asked the same: sharing its answer', { key });
      return asked.outcome;
    }
    const outcome = this.submit(o, key);
    this.unanswered.set(key, { same, outcome });
    void outcome.then(() => {
      if (this.unanswered.get(key)?.outcome === outcome) this.unanswered.delete(key);
    });
    return outcome;
  }

  /** Calls asked and not answered yet, by key, with what they ask (see `ask`). */
  private readonly unanswered = new Map<string, { same: string; outcome: Promise<CallOutcome | null> }>();

  private submit(o: AskOptions, key: string): Promise<CallOutcome | null> {
    let providers = this.providersFor(o.prompt.kind);
    // Over the hourly budget, what costs nothing still runs: offline titles and names.
    if (!this.scheduler.hasBudget()) providers = providers.filter((p) => p.id === 'offline');
    if (providers.length === 0) return Promise.resolve(null);
    const needsBudget = providers.some((p) => p.id !== 'offline');
    return new Promise((resolve) => {
      const submitted = this.scheduler.submit({
        key,
        priority: o.priority ?? PRIORITY.user,
        // Offline alone costs nothing; with a model first, the budget decides.
        needsBudget: needsBudget && providers[0]?.id !== 'offline',
        run: async (signal) => {
          if (this.waiting.get(key) === resolve) this.waiting.delete(key);
          const outcome = await runAmbientCall({
            prompt: o.prompt,
            sessionId: o.sessionId,
            providers,
            bounds: this.bounds,
            signal,
            now: () => this.s.clock.now(),
            record: (call) => this.record(call),
            onModelAttempt: () => this.scheduler.noteModelCall(),
            ...(o.judge ? { judge: o.judge } : {}),
            ...(o.firstUserMessage !== undefined ? { firstUserMessage: o.firstUserMessage } : {}),
          });
          // After close the store may be gone: a late outcome is dropped, not applied.
          resolve(this.closed ? null : outcome);
        },
      });
      if (submitted === 'over-budget' || submitted === 'closed') {
        resolve(null);
        return;
      }
      // A newer job took the place of a waiting one: the older caller learns it did not run.
      if (submitted === 'replaced') this.waiting.get(key)?.(null);
      this.waiting.set(key, resolve);
    });
  }

  /** Callers of jobs still waiting in the queue, by key. */
  private readonly waiting = new Map<string, (v: CallOutcome | null) => void>();

  private closed = false;

  private record(call: Parameters<Store['ambientCalls']['insert']>[0]): void {
    if (this.closed) return;
    try {
      this.s.store.ambientCalls.insert(call);
    } catch (err) {
      log.warn('could not log an ambient call', { err });
    }
  }

  /** Sources of uncommitted activity text for a session (the terminal backend's screen tail). */
  private readonly activitySources: Array<(sessionId: string) => string | null> = [];

  /** The call log (`ambient:log`), newest first: one session's calls, or every session's. The engine is its writer. */
  callLog(sessionId: string | undefined, limit: number): AmbientCallRecord[] {
    return sessionId ? this.s.store.ambientCalls.forSession(sessionId, limit) : this.s.store.ambientCalls.recent(limit);
  }

  /** Adds a source whose text (when not null) ends `recentEntries` as a note that is never stored. */
  addActivitySource(source: (sessionId: string) => string | null): void {
    this.activitySources.push(source);
  }

  /**
   * The newest `limit` entries of a session, oldest first, then any live activity (not stored). An imported
   * branch rewound in its own tool is left out: a title or a pick-up note is about the conversation that was kept.
   */
  recentEntries(sessionId: string, limit = 60): Entry[] {
    const entries = this.s.store.entries.page(sessionId, undefined, limit).entries.filter((e) => e.meta?.['rewoundBranch'] !== true);
    for (const source of this.activitySources) {
      const text = source(sessionId);
      if (!text) continue;
      const seq = (entries.at(-1)?.seq ?? -1) + 1;
      entries.push({ sessionId, seq, kind: 'note', text, meta: null, createdAt: this.s.clock.now() });
    }
    return entries;
  }

  row(sessionId: string): SessionRow | null {
    try {
      return this.s.sessions.get(sessionId);
    } catch {
      return null;
    }
  }

  // ----- display-only state: the ghost suggestion and the pick-up note -----

  sessionState(sessionId: string): AmbientSessionState {
    const shown = this.shown.get(sessionId);
    return { sessionId, suggestion: shown?.suggestion ?? null, pickupNote: shown?.pickupNote ?? null };
  }

  setShown(sessionId: string, what: keyof Shown, text: string | null): void {
    const shown = this.shown.get(sessionId) ?? { suggestion: null, pickupNote: null };
    if (shown[what] === text) return;
    shown[what] = text;
    this.shown.set(sessionId, shown);
    if (what === 'suggestion') this.s.events.emit('session:suggestion', { sessionId, text });
    else this.s.events.emit('session:pickupNote', { sessionId, text });
  }

  // ----- settings -----

  /** The ambient part of the settings screen (the handler adds general, agents and env). */
  settingsView(): Pick<SettingsView, 'ambient' | 'status'> {
    const r = this.resolved();
    return { ambient: r.settings, status: { ...r.status, callsLastHour: this.scheduler.callsLastHour() } };
  }

  close(): void {
    this.closed = true;
    for (const c of this.closers.splice(0)) c();
    this.scheduler.close();
    for (const settle of this.waiting.values()) settle(null);
    this.waiting.clear();
  }
}

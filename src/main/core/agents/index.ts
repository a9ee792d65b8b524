import type { Entry } from '../../../shared/domain/session';
import type { PermissionMode } from '../../../shared/ipc/agents';
import type { ChannelOutput } from '../../../shared/ipc/contract';
import { AppError } from '../../../shared/result';
import type { CoreEvents } from '../events';
import type { CoreHooks } from '../services/hooks';
import type { SessionsService } from '../services/sessions';
import type { UsageService } from '../services/usage';
import type { Store } from '../store';
import { ChatBackend, chatDefaults, resolveChatConfig, type ChatConfig, type ChatPreference, type ChatProvider } from './chat/backend';
import type { ChatLimits } from './chat/session';
import { ClaudeCodeBackend, resolveClaudePath, resolveKeepAliveMs, type ClaudeBackendOptions } from './claude/backend';
import type { AcpAgentInfo, AcpSessionOptions, AcpSettings, PermissionRequest } from '../../../shared/ipc/acp';
import { AcpBackend, AcpSession } from './acp/backend';
import { AcpChoiceBook, type ChoiceKind } from './acp/choiceBook';
import { AcpCatalog } from './acp/catalog';
import type { AcpBackendOptions } from './acp/options';
import { PendingPermissions } from './acp/permissions';
import type { LiveAgentsPort } from './liveAgentsRecord';
import type { ReportTokenPort } from './sessionReports/sessionTokens';
import { AgentRuntime } from './runtime';
import type { AgentSession } from './types';
import { readAcpAgent, readChatOverride, readPermissionMode, writeAcpAgent, writeChatOverride, writePermissionMode, type ChatOverride } from './sessionOptions';

export { AgentRuntime } from './runtime';
export type { AgentBackend, AgentEvent, AgentSession } from './types';

/**
 * What the agents may touch of the store: a session's own options (permission mode, chat choice, ACP agent
 * and choices), the settings read-only (the default permission mode), and entry pages read-only (a chat's
 * history). Sessions and entries are written through `sessions` (SessionsService, the one writer).
 */
export interface AgentsStore {
  readonly sessionOptions: Store['sessionOptions'];
  readonly settings: Pick<Store['settings'], 'get'>;
  readonly entries: Pick<Store['entries'], 'page'>;
}

export interface AgentsDeps {
  readonly store: AgentsStore;
  readonly events: CoreEvents;
  readonly hooks: CoreHooks;
  readonly sessions: SessionsService;
  /** Where each turn's usage is kept; absent: usage is only logged. */
  readonly usage?: Pick<UsageService, 'record'>;
  /** Where keys, endpoints and the CLI path are resolved (env over settings). Absent: env only. */
  readonly config?: AgentsConfigSource | null;
  readonly env: NodeJS.ProcessEnv;
  /** The chat's default provider and model from Settings → Agents (env overrides them); absent: none stored. */
  readonly chatPreference?: () => ChatPreference;
  /** Test and bench knobs. */
  readonly claude?: Partial<Omit<ClaudeBackendOptions, 'claudePath'>>;
  readonly chatLimits?: Partial<ChatLimits>;
  readonly chatProvider?: ChatProvider;
  /** Settings → Agents for ACP (paths, the user's own agents); absent: none stored. */
  readonly acpSettings?: { read: () => AcpSettings; write: (s: AcpSettings) => AcpSettings };
  /** ACP test knobs (bounds, the environment under the core's). */
  readonly acp?: Partial<Pick<AcpBackendOptions, 'initMs' | 'idleMs' | 'stopMs' | 'baseEnv'>>;
  /** Where agent process groups are recorded while they live (`liveAgentsRecord.ts`); absent: nowhere. */
  readonly liveAgents?: LiveAgentsPort;
  /** Gives each Claude Code and ACP agent process a report token of its session (`sessionReports/`); absent: none. */
  readonly reports?: ReportTokenPort;
}

const NO_ACP_SETTINGS: AcpSettings = { geminiPath: null, codexAcpPath: null, qwenPath: null, custom: [], mcpServers: {} };

/** What the `acp:*` handlers use: the catalog, the settings, the pending permission requests. */
export class AcpFacade {
  constructor(
    readonly catalog: AcpCatalog,
    readonly permissions: PendingPermissions,
    private readonly settingsStore: { read: () => AcpSettings; write: (s: AcpSettings) => AcpSettings } | undefined,
    /** Modes and models (absent: none known, none kept). */
    private readonly modes?: { readonly book: AcpChoiceBook; readonly live: (sessionId: string) => AgentSession | null },
  ) {}

  /** The modes and models a session's agent offers (as it last reported them in this core). */
  sessionOptions(sessionId: string): AcpSessionOptions {
    return this.modes?.book.options(sessionId) ?? { modes: null, models: null };
  }

  /**
   * Chooses a mode or model: kept for the session (applied whenever its agent starts) and sent at once to
   * a running agent. BAD_INPUT when the agent, as last reported, does not offer it.
   */
  async choose(sessionId: string, kind: ChoiceKind, id: string): Promise<AcpSessionOptions> {
    if (!this.modes) throw new AppError('UNAVAILABLE', 'ACP modes and models are not available in this build.');
    const { book, live } = this.modes;
    const known = book.options(sessionId);
    const choices = kind === 'mode' ? known.modes : known.models;
    if (!choices || !choices.available.some((c) => c.id === id)) throw new AppError('BAD_INPUT', `This session's agent offers no ${kind} “${id}”${choices ? '' : ` (it reported no ${kind}s)`}.`);
    book.choose(sessionId, kind, id);
    const session = live(sessionId);
    if (session instanceof AcpSession && (await session.choose(kind, id))) return book.options(sessionId);
    // No agent runs: shown as chosen now, sent when it starts.
    const next = kind === 'mode' ? { ...known, modes: { ...choices, current: id } } : { ...known, models: { ...choices, current: id } };
    book.reported(sessionId, next);
    return next;
  }

  agents(): AcpAgentInfo[] {
    return this.catalog.list();
  }

  settings(): AcpSettings {
    return this.settingsStore?.read() ?? NO_ACP_SETTINGS;
  }

  setSettings(next: AcpSettings): AcpSettings {
    if (!this.settingsStore) throw new AppError('UNAVAILABLE', 'ACP settings cannot be saved in this build.');
    const ids = next.custom.map((c) => c.id);
    const twice = ids.find((id, i) => ids.indexOf(id) !== i);
    if (twice) throw new AppError('BAD_INPUT', `Two of your agents have the id "${twice}"; each needs its own.`);
    return this.settingsStore.write(next);
  }

  permission(sessionId: string): PermissionRequest | null {
    return this.permissions.current(sessionId);
  }
}

/** The resolved keys, endpoints and CLI path (the ambient config today), as the agents read them. */
export interface AgentsConfigSource {
  resolve(): { readonly claudePath: string | null } & Parameters<typeof resolveChatConfig>[1];
}

/** How far back a chat's history is read to rebuild it (from its last summary on). */
const MAX_REBUILD_ENTRIES = 50_000;
const PAGE = 1_000;

/** The facade handlers and the core use: the runtime plus settings it owns. */
export class Agents {
  constructor(
    readonly runtime: AgentRuntime,
    private readonly store: AgentsStore,
    /** The chat config for a provider/model choice (the dialog's defaults); absent: none shown. */
    private readonly chatConfig?: (override?: ChatOverride) => ChatConfig,
    /** ACP agents: catalog, settings, permission requests. */
    readonly acp: AcpFacade = new AcpFacade(new AcpCatalog({ settings: () => NO_ACP_SETTINGS, env: {} }), new PendingPermissions(() => undefined), undefined),
  ) {}

  permissionMode(sessionId: string): PermissionMode {
    return readPermissionMode(this.store, sessionId);
  }

  /** A new session's own options, written in its row's transaction (`usecases/newSession.ts`, `continueIn.ts`). */
  writeNewSessionOptions(sessionId: string, options: { readonly permissionMode?: PermissionMode | undefined; readonly chat?: ChatOverride | undefined; readonly acpAgent?: string | null }): void {
    if (options.permissionMode) writePermissionMode(this.store, sessionId, options.permissionMode);
    if (options.chat) writeChatOverride(this.store, sessionId, options.chat);
    if (options.acpAgent) writeAcpAgent(this.store, sessionId, options.acpAgent);
  }

  /** Applies from the next turn (the CLI reads it at start): a running turn keeps the mode it started with. */
  setPermissionMode(sessionId: string, mode: PermissionMode): PermissionMode {
    writePermissionMode(this.store, sessionId, mode);
    return mode;
  }

  availability(): ChannelOutput<'agents:availability'> {
    const of = (kind: 'chat' | 'claude-code') => {
      const reason = this.runtime.unavailable(kind);
      return { available: reason === null, reason };
    };
    return { chat: of('chat'), 'claude-code': of('claude-code'), ...(this.chatConfig ? { chatDefaults: chatDefaults(this.chatConfig) } : {}) };
  }

  close(): Promise<void> {
    return this.runtime.close();
  }
}

/** The newest entries back to the last compaction summary (and what it left open), oldest first. */
export function loadChatEntries(store: Pick<AgentsStore, 'entries'>, sessionId: string): Entry[] {
  const pages: Entry[][] = [];
  let before: number | undefined;
  let total = 0;
  let stopAtSeq: number | null = null;
  for (;;) {
    const page = store.entries.page(sessionId, before, PAGE);
    pages.unshift(page.entries);
    total += page.entries.length;
    if (stopAtSeq === null) {
      const summary = [...page.entries].reverse().find((e) => e.kind === 'summary');
      if (summary) {
        const covers = summary.meta?.coversThroughSeq;
        stopAtSeq = typeof covers === 'number' ? covers : summary.seq;
      }
    }
    const oldest = page.entries[0];
    if (!page.hasMore || !oldest || total >= MAX_REBUILD_ENTRIES) break;
    if (stopAtSeq !== null && oldest.seq <= stopAtSeq) break;
    before = oldest.seq;
  }
  return pages.flat();
}

export function createAgents(deps: AgentsDeps): Agents {
  const resolved = () => deps.config?.resolve() ?? null;
  const claude = new ClaudeCodeBackend({
    claudePath: () => resolveClaudePath(resolved()?.claudePath, deps.env),
    // The core's environment (a test's stand-in server, a temp HOME) goes to the CLI.
    env: deps.env,
    keepAliveMs: () => resolveKeepAliveMs(deps.env),
    ...(deps.liveAgents ? { liveAgents: deps.liveAgents } : {}),
    ...(deps.reports ? { reports: deps.reports } : {}),
    ...deps.claude,
  });
  const chatConfigFor = (override?: ChatOverride): ChatConfig => {
    const r = resolved();
    const env = deps.env;
    const endpoints = r
      ? { anthropic: r.anthropic, openai: r.openai }
      : {
          anthropic: { apiKey: env.ANTHROPIC_API_KEY?.trim() || null, baseURL: env.ANTHROPIC_BASE_URL?.trim() || null },
          openai: { apiKey: env.OPENAI_API_KEY?.trim() || null, baseURL: env.OPENAI_BASE_URL?.trim() || null, model: null },
        };
    return resolveChatConfig(env, endpoints, override, deps.chatPreference?.());
  };
  // A session's own provider/model (chosen in the new-session dialog) applies to it.
  const chatConfig = (sessionId?: string): ChatConfig => chatConfigFor(sessionId ? readChatOverride(deps.store, sessionId) : undefined);
  const chat = new ChatBackend({ config: chatConfig, ...(deps.chatLimits ? { limits: deps.chatLimits } : {}), ...(deps.chatProvider ? { provider: deps.chatProvider } : {}) });
  const acpSettings = (): AcpSettings => deps.acpSettings?.read() ?? NO_ACP_SETTINGS;
  const catalog = new AcpCatalog({ settings: acpSettings, env: deps.env });
  const permissions = new PendingPermissions((sessionId, request) => deps.events.emit('acp:permission', { sessionId, request }));
  const choices = new AcpChoiceBook(deps.store, deps.events, (sessionId, options) => deps.events.emit('acp:sessionOptions', { sessionId, ...options }));
  const acp = new AcpBackend({ catalog, permissions, choices, agentOf: (id) => readAcpAgent(deps.store, id), env: deps.env, ...(deps.liveAgents ? { liveAgents: deps.liveAgents } : {}), ...(deps.reports ? { reports: deps.reports } : {}), ...deps.acp });
  let agents: Agents | null = null;
  const runtime = new AgentRuntime({
    sessions: deps.sessions,
    events: deps.events,
    hooks: deps.hooks,
    backends: [claude, chat, acp],
    loadEntries: (id) => loadChatEntries(deps.store, id),
    permissionMode: (id) => agents?.permissionMode(id) ?? null,
    recordUsage: deps.usage ? (id, source, turn) => deps.usage?.record(id, source, turn) : undefined,
  });
  agents = new Agents(runtime, deps.store, chatConfigFor, new AcpFacade(catalog, permissions, deps.acpSettings, { book: choices, live: (id) => runtime.liveSession(id) }));
  runtime.register();
  settleStaleStatuses(deps.sessions);
  return agents;
}

/**
 * No agent survives a restart: a chat, claude-code or acp row still `working` (the app was
 * killed mid-turn, or a subagent was running) is idle now, so its dot does not pulse forever.
 */
export function settleStaleStatuses(sessions: Pick<SessionsService, 'list' | 'setStatus'>): number {
  let settled = 0;
  for (const row of sessions.list(true)) {
    if (row.status !== 'working' || (row.kind !== 'chat' && row.kind !== 'claude-code' && row.kind !== 'acp')) continue;
    sessions.setStatus(row.id, 'idle');
    settled += 1;
  }
  return settled;
}

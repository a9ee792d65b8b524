import { statSync } from 'node:fs';
import { z } from 'zod';
import { AgentSettingsSchema, KEEP_CHECKPOINT_DAYS, KeepCheckpointDaysSchema, ThemeSchema, type AgentSettings, type EnvSetting, type Theme } from '../../../shared/ipc/settings';
import { SavedPanesSchema, SidebarLayoutSchema, type SavedPanes, type SavedSidebarLayout, type UiState } from '../../../shared/ipc/ui';
import { DEFAULT_HOST_IDLE_MINUTES, HostSettingsSchema, type HostSettings } from '../../../shared/ipc/host';
import { AcpSettingsSchema, type AcpSettings } from '../../../shared/ipc/acp';
import type { SettingsRepo } from '../store/repos/settings';

/**
 * The user's preferences outside the ambient settings, each under one typed key: read with its
 * schema (a value that does not parse reads as the default), written only through this module.
 */
const PREFERENCES = {
  theme: { key: 'app.theme', schema: ThemeSchema, fallback: 'system' as Theme },
  chat: { key: 'agents.chat', schema: AgentSettingsSchema, fallback: { chatProvider: null, chatModel: null } as AgentSettings },
  lastFolder: { key: 'newSession.lastFolder', schema: z.string().min(1).max(4096), fallback: null },
  /** The window's open panes and focused one (null: never saved), reopened after a restart. */
  panes: { key: 'ui.panes', schema: SavedPanesSchema, fallback: null },
  /** The sidebar's width, fold, grouping and folded groups (null: never saved). */
  sidebar: { key: 'ui.sidebar', schema: SidebarLayoutSchema, fallback: null },
  /** The session host's lifetime: stop agents when the last front quits, idle exit (SPEC §5.1). */
  host: { key: 'host.lifetime', schema: HostSettingsSchema, fallback: { stopAgentsOnQuit: false, idleExitMinutes: DEFAULT_HOST_IDLE_MINUTES } as HostSettings },
  /** ACP agents: the built-in agents' paths (null: env, else PATH) and the user's own agents. */
  /** How many days checkpoints and removed worktrees are kept (issue 36): pruning and "Recently removed" read it. */
  keepCheckpointDays: { key: 'git.keepCheckpointDays', schema: KeepCheckpointDaysSchema, fallback: KEEP_CHECKPOINT_DAYS.fallback as number },
  acp: { key: 'agents.acp', schema: AcpSettingsSchema, fallback: { geminiPath: null, codexAcpPath: null, qwenPath: null, custom: [], mcpServers: {} } as AcpSettings },
} as const;

type PreferenceName = keyof typeof PREFERENCES;

export class Preferences {
  constructor(
    private readonly repo: SettingsRepo,
    /** The process environment, for `envSettings` (SPEC §10). */
    private readonly env: NodeJS.ProcessEnv = {},
  ) {}

  /** The settings the environment decides now (shown read-only with their values). */
  envSettings(): EnvSetting[] {
    return envSettings(this.env);
  }

  private read<N extends PreferenceName>(name: N): z.infer<(typeof PREFERENCES)[N]['schema']> | (typeof PREFERENCES)[N]['fallback'] {
    const { key, schema, fallback } = PREFERENCES[name];
    const parsed = schema.safeParse(this.repo.get(key));
    return parsed.success ? (parsed.data as z.infer<(typeof PREFERENCES)[N]['schema']>) : fallback;
  }

  host(): HostSettings {
    return this.read('host');
  }

  setHost(patch: Partial<HostSettings>): HostSettings {
    const next = HostSettingsSchema.parse({ ...this.host(), ...patch });
    this.repo.set(PREFERENCES.host.key, next);
    return next;
  }

  theme(): Theme {
    return this.read('theme');
  }

  setTheme(theme: Theme): void {
    this.repo.set(PREFERENCES.theme.key, ThemeSchema.parse(theme));
  }

  keepCheckpointDays(): number {
    return this.read('keepCheckpointDays');
  }

  setKeepCheckpointDays(days: number): void {
    this.repo.set(PREFERENCES.keepCheckpointDays.key, KeepCheckpointDaysSchema.parse(days));
  }

  /** The chat agent's default provider and model (env overrides them: `agents/chat/backend`). */
  chat(): AgentSettings {
    return this.read('chat');
  }

  setChat(patch: Partial<AgentSettings>): AgentSettings {
    const next = AgentSettingsSchema.parse({ ...this.chat(), ...patch });
    this.repo.set(PREFERENCES.chat.key, next);
    return next;
  }

  acp(): AcpSettings {
    return this.read('acp');
  }

  setAcp(settings: AcpSettings): AcpSettings {
    const next = AcpSettingsSchema.parse(settings);
    this.repo.set(PREFERENCES.acp.key, next);
    return next;
  }

  /** The folder of the last session made in the dialog, while it is still a folder; null otherwise. */
  lastFolder(): string | null {
    const folder = this.read('lastFolder');
    if (folder === null) return null;
    try {
      return statSync(folder).isDirectory() ? folder : null;
    } catch {
      return null;
    }
  }

  setLastFolder(folder: string): void {
    this.repo.set(PREFERENCES.lastFolder.key, PREFERENCES.lastFolder.schema.parse(folder));
  }

  /** What the window remembers (`ui:state`): each part as saved, or null if never saved or unreadable. */
  uiState(): UiState {
    return { panes: this.read('panes') as SavedPanes | null, sidebar: this.read('sidebar') as SavedSidebarLayout | null };
  }

  /** Saves the parts given (already parsed by the channel; parsed again here, the one way in). */
  setUiState(patch: { panes?: SavedPanes; sidebar?: SavedSidebarLayout }): UiState {
    if (patch.panes !== undefined) this.repo.set(PREFERENCES.panes.key, PREFERENCES.panes.schema.parse(patch.panes));
    if (patch.sidebar !== undefined) this.repo.set(PREFERENCES.sidebar.key, PREFERENCES.sidebar.schema.parse(patch.sidebar));
    return this.uiState();
  }
}

export function preferencesOf(repo: SettingsRepo): Preferences {
  return new Preferences(repo);
}

/** Which environment variable overrides which settings field (SPEC §10); keys are secrets. */
const ENV_SETTINGS: ReadonlyArray<{ field: string; variable: string; secret?: true }> = [
  { field: 'chatProvider', variable: 'SWARMDESK_CHAT_PROVIDER' },
  { field: 'chatModel', variable: 'SWARMDESK_CHAT_MODEL' },
  { field: 'claudePath', variable: 'SWARMDESK_CLAUDE_PATH' },
  { field: 'geminiPath', variable: 'SWARMDESK_GEMINI_PATH' },
  { field: 'codexAcpPath', variable: 'SWARMDESK_CODEX_ACP_PATH' },
  { field: 'provider', variable: 'SWARMDESK_AMBIENT_PROVIDER' },
  { field: 'model', variable: 'SWARMDESK_AMBIENT_MODEL' },
  { field: 'anthropicApiKey', variable: 'ANTHROPIC_API_KEY', secret: true },
  { field: 'anthropicBaseUrl', variable: 'ANTHROPIC_BASE_URL' },
  { field: 'openaiApiKey', variable: 'OPENAI_API_KEY', secret: true },
  { field: 'openaiBaseUrl', variable: 'OPENAI_BASE_URL' },
];

/** The settings the environment decides now, with their values; a key's value never leaves main. */
export function envSettings(env: NodeJS.ProcessEnv): EnvSetting[] {
  const out: EnvSetting[] = [];
  for (const { field, variable, secret } of ENV_SETTINGS) {
    const value = env[variable]?.trim();
    if (!value) continue;
    out.push({ field, variable, value: secret ? null : value });
  }
  return out;
}

/**
 * Ambient settings: what is stored, what the environment overrides (SPEC §10, contract),
 * and the provider chain that results. Keys live only here in main: in the OS keychain via
 * the platform's secret box where there is one, else as plain text with a visible warning.
 */
import { existsSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import {
  AMBIENT_PROVIDER_CHOICES,
  AmbientSettingsSchema,
  type AmbientProviderChoice,
  type AmbientSettings,
  type AmbientStatus,
  type KeyState,
} from '../../../shared/ipc/settings';
import { DEFAULT_TITLE_WORD_TARGET } from '../../../shared/judge/limits';
import type { SettingsRepo } from '../store/repos/settings';
import { DEFAULT_ANTHROPIC_MODEL } from './providers/anthropic';
import { DEFAULT_CLI_MODEL } from './providers/claude-cli';
import { DEFAULT_OPENAI_MODEL } from './providers/openai';
import type { ProviderId } from './providers/types';

/** Encrypts secrets at rest (Electron's safeStorage); absent in web mode. `isEncryptionAvailable` is false where it would not really encrypt (Linux `basic_text`). */
export interface SecretBox {
  isEncryptionAvailable(): boolean;
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

export const DEFAULT_AMBIENT_SETTINGS: AmbientSettings = {
  provider: 'auto',
  model: null,
  anthropicBaseUrl: null,
  openaiBaseUrl: null,
  openaiModel: null,
  claudePath: null,
  features: { titles: true, nextPrompt: true, pickupNote: true, narration: true, names: true, runningSummary: true, recoverySweep: true },
  titleWordTarget: DEFAULT_TITLE_WORD_TARGET,
  titleAfterTurns: 1,
  budgetPerHour: 120,
};

const SETTINGS_KEY = 'ambient';
const keyName = (which: 'anthropic' | 'openai'): string => `ambient.key.${which}`;

interface StoredKey {
  enc: 'safe' | 'plain';
  value: string;
}

export interface ResolvedAmbient {
  readonly settings: AmbientSettings;
  /** Providers to try, in order; empty when ambient work is off. */
  readonly chain: readonly ProviderId[];
  readonly model: string | null;
  readonly anthropic: { apiKey: string | null; baseURL: string | null };
  readonly openai: { apiKey: string | null; baseURL: string | null; model: string | null };
  readonly claudePath: string;
  readonly status: Omit<AmbientStatus, 'callsLastHour'>;
}

function nonEmpty(v: string | undefined | null): string | null {
  return v && v.trim() !== '' ? v.trim() : null;
}

/** Whether `path` names a runnable file: absolute and present, or found on PATH. */
function findExecutable(path: string, env: NodeJS.ProcessEnv): boolean {
  if (isAbsolute(path) || path.includes('/')) return existsSync(path);
  return (env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, path)));
}

export class AmbientConfig {
  constructor(
    private readonly repo: SettingsRepo,
    private readonly env: NodeJS.ProcessEnv,
    private readonly secrets: SecretBox | null,
  ) {}

  stored(): AmbientSettings {
    const raw = this.repo.get(SETTINGS_KEY);
    const merged = { ...DEFAULT_AMBIENT_SETTINGS, ...(raw && typeof raw === 'object' ? raw : {}) } as Record<string, unknown>;
    merged.features = { ...DEFAULT_AMBIENT_SETTINGS.features, ...((raw as { features?: object } | undefined)?.features ?? {}) };
    const parsed = AmbientSettingsSchema.safeParse(merged);
    return parsed.success ? parsed.data : DEFAULT_AMBIENT_SETTINGS;
  }

  save(patch: Partial<Omit<AmbientSettings, 'features'>> & { features?: Partial<AmbientSettings['features']> }): void {
    const current = this.stored();
    const next = AmbientSettingsSchema.parse({ ...current, ...patch, features: { ...current.features, ...(patch.features ?? {}) } });
    this.repo.set(SETTINGS_KEY, next);
  }

  get encryptionAvailable(): boolean {
    return this.secrets?.isEncryptionAvailable() ?? false;
  }

  setKey(which: 'anthropic' | 'openai', key: string | null): void {
    if (key === null || key.trim() === '') {
      this.repo.remove(keyName(which));
      return;
    }
    const value: StoredKey = this.encryptionAvailable && this.secrets
      ? { enc: 'safe', value: this.secrets.encrypt(key.trim()) }
      : { enc: 'plain', value: key.trim() };
    this.repo.set(keyName(which), { ...value });
  }

  private storedKey(which: 'anthropic' | 'openai'): { key: string | null; state: KeyState } {
    const raw = this.repo.get(keyName(which)) as StoredKey | undefined;
    if (!raw || typeof raw.value !== 'string') return { key: null, state: 'none' };
    if (raw.enc === 'plain') return { key: raw.value, state: 'plain' };
    try {
      if (!this.secrets) return { key: null, state: 'none' };
      // Sealed earlier, but the box no longer really encrypts (Linux's basic_text): say so.
      return { key: this.secrets.decrypt(raw.value), state: this.encryptionAvailable ? 'encrypted' : 'plain' };
    } catch {
      return { key: null, state: 'none' };
    }
  }

  resolve(): ResolvedAmbient {
    const settings = this.stored();
    const env = this.env;
    const overrides: string[] = [];
    const envProvider = nonEmpty(env.SWARMDESK_AMBIENT_PROVIDER)?.toLowerCase();
    let choice: AmbientProviderChoice = settings.provider;
    if (envProvider && (AMBIENT_PROVIDER_CHOICES as readonly string[]).includes(envProvider)) {
      choice = envProvider as AmbientProviderChoice;
      overrides.push('provider');
    }
    const envModel = nonEmpty(env.SWARMDESK_AMBIENT_MODEL);
    if (envModel) overrides.push('model');

    const envAnthropicKey = nonEmpty(env.ANTHROPIC_API_KEY);
    const storedAnthropic = this.storedKey('anthropic');
    const anthropicKey = envAnthropicKey ?? storedAnthropic.key;
    const anthropicBase = nonEmpty(env.ANTHROPIC_BASE_URL) ?? settings.anthropicBaseUrl;
    if (env.ANTHROPIC_BASE_URL) overrides.push('anthropicBaseUrl');

    const envOpenaiKey = nonEmpty(env.OPENAI_API_KEY);
    const storedOpenai = this.storedKey('openai');
    const openaiKey = envOpenaiKey ?? storedOpenai.key;
    const openaiBase = nonEmpty(env.OPENAI_BASE_URL) ?? settings.openaiBaseUrl;
    if (env.OPENAI_BASE_URL) overrides.push('openaiBaseUrl');

    const claudePath = nonEmpty(env.SWARMDESK_CLAUDE_PATH) ?? settings.claudePath ?? 'claude';
    if (env.SWARMDESK_CLAUDE_PATH) overrides.push('claudePath');

    let primary: ProviderId | 'off';
    let problem: string | null = null;
    switch (choice) {
      case 'auto':
        primary = anthropicKey ? 'anthropic' : openaiBase || openaiKey ? 'openai' : 'offline';
        break;
      case 'anthropic':
        primary = 'anthropic';
        if (!anthropicKey) problem = 'No Anthropic API key: add one below or set ANTHROPIC_API_KEY. Offline titles are used meanwhile.';
        break;
      case 'openai':
        primary = 'openai';
        if (!openaiBase && !openaiKey) problem = 'No OpenAI-compatible endpoint: set a base URL (and a key if it needs one). Offline titles are used meanwhile.';
        break;
      case 'claude-cli':
        primary = 'claude-cli';
        if (!findExecutable(claudePath, env)) problem = `Claude Code CLI not found at "${claudePath}": install it or set its path. Offline titles are used meanwhile.`;
        break;
      default:
        primary = choice;
    }
    if (problem) primary = 'offline';
    const chain: ProviderId[] = primary === 'off' ? [] : primary === 'offline' ? ['offline'] : [primary, 'offline'];

    const defaultModel = primary === 'anthropic' ? DEFAULT_ANTHROPIC_MODEL : primary === 'openai' ? (settings.openaiModel ?? DEFAULT_OPENAI_MODEL) : primary === 'claude-cli' ? DEFAULT_CLI_MODEL : null;
    const model = primary === 'offline' || primary === 'off' ? null : (envModel ?? settings.model ?? defaultModel);
    return {
      settings,
      chain,
      model,
      anthropic: { apiKey: anthropicKey, baseURL: anthropicBase },
      openai: { apiKey: openaiKey, baseURL: openaiBase, model: model },
      claudePath,
      status: {
        effectiveProvider: primary,
        effectiveModel: model,
        envOverrides: overrides,
        keys: {
          anthropic: envAnthropicKey ? 'env' : storedAnthropic.state,
          openai: envOpenaiKey ? 'env' : storedOpenai.state,
        },
        encryptionAvailable: this.encryptionAvailable,
        problem,
      },
    };
  }
}

/**
 * Ambient settings: what is stored, what the environment overrides (SPEC §10, contract),
 * and the provider chain that results. Keys are read only through `models/credentials`
 * (bound to the endpoint they were entered for; in the OS keychain via the platform's secret
 * box where there is one, else as plain text with a visible warning).
 */
import { existsSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import {
  AMBIENT_PROVIDER_CHOICES,
  AmbientSettingsSchema,
  type AmbientProviderChoice,
  type AmbientSettings,
  type AmbientStatus,
} from '../../../shared/ipc/settings';
import { DEFAULT_TITLE_WORD_TARGET } from '../../../shared/judge/limits';
import { baseUrlProblem } from '../../../shared/baseUrl';
import { AppError } from '../../../shared/result';
import { Credentials, type SecretBox } from '../models/credentials';
import type { SettingsRepo } from '../store/repos/settings';
import { DEFAULT_ANTHROPIC_MODEL, DEFAULT_CLI_MODEL, DEFAULT_OPENAI_MODEL } from './providers/models';
import type { ProviderId } from './providers/types';

export const DEFAULT_AMBIENT_SETTINGS: AmbientSettings = {
  provider: 'auto',
  model: null,
  anthropicBaseUrl: null,
  anthropicAllowPlainHttp: false,
  openaiBaseUrl: null,
  openaiAllowPlainHttp: false,
  openaiModel: null,
  claudePath: null,
  features: { titles: true, nextPrompt: true, pickupNote: true, narration: true, names: true, runningSummary: true, recoverySweep: true },
  titleWordTarget: DEFAULT_TITLE_WORD_TARGET,
  titleAfterTurns: 1,
  budgetPerHour: 120,
};

const SETTINGS_KEY = 'ambient';

/** The two base URL settings, each with its allow-plain-HTTP flag and its name in a sentence. */
const BASE_URLS = [
  { url: 'anthropicBaseUrl', flag: 'anthropicAllowPlainHttp', label: 'Anthropic base URL' },
  { url: 'openaiBaseUrl', flag: 'openaiAllowPlainHttp', label: 'OpenAI base URL' },
] as const;

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

/** What the settings screen says when a key exists but not for the endpoint now set. */
export function keyElsewhere(provider: string, tail: string): string {
  return `Key needed for this endpoint: the stored ${provider} key was given for another base URL and is not sent to this one. Enter the key again for it.${tail ? ` ${tail}` : ''}`;
}

export class AmbientConfig {
  private readonly credentials: Credentials;

  constructor(
    private readonly repo: SettingsRepo,
    private readonly env: NodeJS.ProcessEnv,
    secrets: SecretBox | null,
  ) {
    this.credentials = new Credentials(repo, env, secrets);
  }

  stored(): AmbientSettings {
    const raw = this.repo.get(SETTINGS_KEY);
    const merged = { ...DEFAULT_AMBIENT_SETTINGS, ...(raw && typeof raw === 'object' ? raw : {}) } as Record<string, unknown>;
    merged.features = { ...DEFAULT_AMBIENT_SETTINGS.features, ...((raw as { features?: object } | undefined)?.features ?? {}) };
    const parsed = AmbientSettingsSchema.safeParse(merged);
    return parsed.success ? parsed.data : DEFAULT_AMBIENT_SETTINGS;
  }

  /**
   * Stores a partial update. A base URL it changes is checked (`baseUrlProblem`: http(s) only, plain HTTP
   * off this machine only with its allow flag) and refused with BAD_INPUT; the allow flag belongs to the
   * URL it was given with, so a new URL without one starts without it.
   */
  save(patch: Partial<Omit<AmbientSettings, 'features'>> & { features?: Partial<AmbientSettings['features']> }): void {
    const current = this.stored();
    const next = AmbientSettingsSchema.parse({ ...current, ...patch, features: { ...current.features, ...(patch.features ?? {}) } });
    for (const endpoint of BASE_URLS) {
      const url = patch[endpoint.url];
      const urlChanged = url !== undefined && url !== current[endpoint.url];
      if (urlChanged && patch[endpoint.flag] === undefined) next[endpoint.flag] = false;
      // An unchanged URL (the form sends every field) is not judged again, nor one the environment set.
      if (!urlChanged && next[endpoint.flag] === current[endpoint.flag]) continue;
      const problem = baseUrlProblem(endpoint.label, next[endpoint.url], next[endpoint.flag]);
      if (problem) throw new AppError('BAD_INPUT', problem);
    }
    this.repo.set(SETTINGS_KEY, next);
  }

  get encryptionAvailable(): boolean {
    return this.credentials.encryptionAvailable;
  }

  /** The base URL requests go to (env over settings; null = the provider's default). */
  baseUrl(which: 'anthropic' | 'openai'): string | null {
    const settings = this.stored();
    return this.credentials.envBaseUrl(which) ?? (which === 'anthropic' ? settings.anthropicBaseUrl : settings.openaiBaseUrl);
  }

  /** Unseals the stored keys once (the core does it before it serves): key reads then never wait on the keychain. */
  unsealStoredKeys(): Promise<void> {
    return this.credentials.unsealStored();
  }

  /** Stores a key bound to the base URL in effect now: save a new base URL first, then its key. */
  async setKey(which: 'anthropic' | 'openai', key: string | null): Promise<void> {
    await this.credentials.setKey(which, key, this.baseUrl(which));
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

    // Each key only for the endpoint it was given for (models/credentials).
    const anthropicBase = this.credentials.envBaseUrl('anthropic') ?? settings.anthropicBaseUrl;
    if (env.ANTHROPIC_BASE_URL) overrides.push('anthropicBaseUrl');
    const anthropicGrant = this.credentials.keyFor('anthropic', anthropicBase);
    const anthropicKey = anthropicGrant.apiKey;

    const openaiBase = this.credentials.envBaseUrl('openai') ?? settings.openaiBaseUrl;
    if (env.OPENAI_BASE_URL) overrides.push('openaiBaseUrl');
    const openaiGrant = this.credentials.keyFor('openai', openaiBase);
    const openaiKey = openaiGrant.apiKey;

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
        if (!anthropicKey) problem = anthropicGrant.state === 'elsewhere' ? keyElsewhere('Anthropic', 'Offline titles are used meanwhile.') : 'No Anthropic API key: add one below or set ANTHROPIC_API_KEY. Offline titles are used meanwhile.';
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
    // A key held back from a changed endpoint is said even when `auto` quietly moved on.
    if (!problem && anthropicGrant.state === 'elsewhere') problem = keyElsewhere('Anthropic', '');
    if (!problem && openaiGrant.state === 'elsewhere' && (primary === 'openai' || choice === 'auto')) problem = keyElsewhere('OpenAI', '');
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
        keys: { anthropic: anthropicGrant.state, openai: openaiGrant.state },
        encryptionAvailable: this.encryptionAvailable,
        problem,
      },
    };
  }
}

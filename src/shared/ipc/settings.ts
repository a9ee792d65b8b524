import { z } from 'zod';
import { ChatProviderSchema } from './agents';
import { channel } from './channel';

/** The app's look: `system` follows the OS (the default); `light` / `dark` override it. */
export const THEMES = ['system', 'light', 'dark'] as const;
export const ThemeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof ThemeSchema>;

/** "Keep checkpoints for N days" (issue 36): whole days; checkpoints and removed worktrees older than this are pruned. */
export const KEEP_CHECKPOINT_DAYS = { min: 1, max: 365, fallback: 14 } as const;
export const KeepCheckpointDaysSchema = z.number().int().min(KEEP_CHECKPOINT_DAYS.min).max(KEEP_CHECKPOINT_DAYS.max);

/** General and appearance settings (the "General" section). */
export const GeneralSettingsSchema = z.object({ theme: ThemeSchema, keepCheckpointDays: KeepCheckpointDaysSchema });
export type GeneralSettings = z.infer<typeof GeneralSettingsSchema>;

/** The chat agent's default provider and model (null: the first configured provider, its default model). SPEC §10's env overrides them. */
export const AgentSettingsSchema = z.object({
  chatProvider: ChatProviderSchema.nullable(),
  chatModel: z.string().trim().min(1).max(200).nullable(),
});
export type AgentSettings = z.infer<typeof AgentSettingsSchema>;

/**
 * A setting an environment variable decides (SPEC §10), named by the settings field it overrides.
 * `value` is the variable's value, or null for a secret (a key is never shown, only where it comes from).
 */
export const EnvSettingSchema = z.object({
  field: z.string(),
  variable: z.string(),
  value: z.string().nullable(),
});
export type EnvSetting = z.infer<typeof EnvSettingSchema>;

/** Which ambient provider to use: `auto` = the first one configured, else offline (SPEC §10). */
export const AMBIENT_PROVIDER_CHOICES = ['auto', 'anthropic', 'openai', 'claude-cli', 'offline', 'off'] as const;
export const AmbientProviderChoiceSchema = z.enum(AMBIENT_PROVIDER_CHOICES);
export type AmbientProviderChoice = z.infer<typeof AmbientProviderChoiceSchema>;

export const AmbientFeaturesSchema = z.object({
  titles: z.boolean(),
  nextPrompt: z.boolean(),
  pickupNote: z.boolean(),
  narration: z.boolean(),
  names: z.boolean(),
  runningSummary: z.boolean(),
  recoverySweep: z.boolean(),
});
export type AmbientFeatures = z.infer<typeof AmbientFeaturesSchema>;

const Url = z.string().max(2_000).url().nullable();
const Model = z.string().max(200).nullable();

/** The ambient settings as stored and shown. Keys are never part of it (they stay in main). */
export const AmbientSettingsSchema = z.object({
  provider: AmbientProviderChoiceSchema,
  /** The ambient model for the chosen provider; null = the provider's small default. */
  model: Model,
  anthropicBaseUrl: Url,
  /** The user allowed plain `http:` to the Anthropic base URL's host (not loopback); given with that URL, dropped when it changes. */
  anthropicAllowPlainHttp: z.boolean(),
  openaiBaseUrl: Url,
  /** The same for the OpenAI-compatible base URL (a LAN Ollama, say). */
  openaiAllowPlainHttp: z.boolean(),
  openaiModel: Model,
  claudePath: z.string().max(4_096).nullable(),
  features: AmbientFeaturesSchema,
  titleWordTarget: z.number().int().min(2).max(20),
  /** Completed turns before the first title; 0 = never title automatically. */
  titleAfterTurns: z.number().int().min(0).max(50),
  /** Ambient calls allowed per hour, across all sessions. */
  budgetPerHour: z.number().int().min(0).max(10_000),
});
export type AmbientSettings = z.infer<typeof AmbientSettingsSchema>;

/** `elsewhere`: a key exists but was given for another base URL, so it is withheld until entered again for this one. */
export const KeyStateSchema = z.enum(['env', 'encrypted', 'plain', 'none', 'elsewhere']);
export type KeyState = z.infer<typeof KeyStateSchema>;

/** What is in effect, and why: env overrides, the chosen provider, problems to show. */
export const AmbientStatusSchema = z.object({
  effectiveProvider: z.enum(['anthropic', 'openai', 'claude-cli', 'offline', 'off']),
  effectiveModel: z.string().nullable(),
  /** Settings fields an environment variable overrides (shown read-only). */
  envOverrides: z.array(z.string()),
  keys: z.object({ anthropic: KeyStateSchema, openai: KeyStateSchema }),
  /** False where keys can only be kept as plain text (no OS keychain): the screen warns. */
  encryptionAvailable: z.boolean(),
  /** A clear sentence when the chosen provider cannot run (no key, no CLI). */
  problem: z.string().nullable(),
  callsLastHour: z.number().int().nonnegative(),
});
export type AmbientStatus = z.infer<typeof AmbientStatusSchema>;

export const SettingsViewSchema = z.object({
  ambient: AmbientSettingsSchema,
  status: AmbientStatusSchema,
  general: GeneralSettingsSchema,
  agents: AgentSettingsSchema,
  /** Every setting the environment decides now, with its value (secrets: only the variable). */
  env: z.array(EnvSettingSchema),
});
export type SettingsView = z.infer<typeof SettingsViewSchema>;

const Key = z.string().max(500).nullable();

/** A project's title hint ("use ticket ids like ABC-123") is one line of at most this many characters. */
export const TITLE_HINT_MAX_CHARS = 160;
/** One project's (a repository's or a folder's) title hint, carried in its sessions' title prompts as data. */
export const TitleHintSchema = z.object({ project: z.string().min(1).max(4_096), hint: z.string().min(1).max(TITLE_HINT_MAX_CHARS) });
export type TitleHint = z.infer<typeof TitleHintSchema>;
const TitleHints = z.object({ hints: z.array(TitleHintSchema) });

export const settingsChannels = {
  'settings:get': channel(z.object({}).strict(), SettingsViewSchema),
  /** A partial update; keys are write-only (null clears a stored key). */
  'settings:set': channel(
    z
      .object({
        ambient: AmbientSettingsSchema.omit({ features: true }).partial().extend({ features: AmbientFeaturesSchema.partial().optional() }).strict().optional(),
        anthropicApiKey: Key.optional(),
        openaiApiKey: Key.optional(),
        general: GeneralSettingsSchema.partial().strict().optional(),
        agents: AgentSettingsSchema.partial().strict().optional(),
      })
      .strict(),
    SettingsViewSchema,
  ),
  /** Every project's title hint (Settings → General). */
  'settings:titleHints': channel(z.object({}).strict(), TitleHints),
  /**
   * Sets a project's title hint (an empty one clears it). Judged for length: one line of at most
   * TITLE_HINT_MAX_CHARS characters, else BAD_INPUT says so.
   */
  'settings:setTitleHint': channel(
    z.object({ project: z.string().min(1).max(4_096), hint: z.string().max(2_000) }).strict(),
    TitleHints,
  ),
} as const;

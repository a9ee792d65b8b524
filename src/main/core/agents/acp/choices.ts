import type { AcpChoice, AcpChoices, AcpSessionOptions } from '../../../../shared/ipc/acp';

/*
 * The modes and models an agent offers (issue 16). Modes are ACP's `modes` (SessionModeState,
 * `session/set_mode`, `current_mode_update`). Models are the session config option of category
 * `model` (`configOptions`, `session/set_config_option`, `config_option_update`; codex-acp 0.16),
 * or the older draft `models` (SessionModelState, `session/set_model`) some agents still send.
 */

/** Where the models came from, so a choice goes back the same way. */
export type ModelSource = { readonly kind: 'config'; readonly configId: string } | { readonly kind: 'legacy' } | null;
/** Modes: ACP's `modes`, or (codex-acp 0.16) the config option of category `mode`. */
export type ModeSource = { readonly kind: 'config'; readonly configId: string } | { readonly kind: 'modes' } | null;

export interface ChoiceState {
  readonly options: AcpSessionOptions;
  readonly modelSource: ModelSource;
  readonly modeSource: ModeSource;
}

export const NO_CHOICES: ChoiceState = { options: { modes: null, models: null }, modelSource: null, modeSource: null };

const clip = (s: unknown, n: number): string => String(s).slice(0, n);
const choice = (id: unknown, name: unknown, description: unknown): AcpChoice => ({
  id: clip(id, 200),
  name: clip(typeof name === 'string' && name.trim() ? name : id, 200),
  description: typeof description === 'string' && description.trim() ? clip(description, 2_000) : null,
});
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function modesOf(modes: unknown): AcpChoices {
  if (!isObj(modes) || !Array.isArray(modes.availableModes)) return null;
  const available = modes.availableModes.filter((m): m is Record<string, unknown> => isObj(m) && typeof m.id === 'string' && m.id !== '').map((m) => choice(m.id, m.name, m.description));
  if (available.length === 0) return null;
  return { current: clip(modes.currentModeId ?? available[0]?.id, 200), available: available.slice(0, 200) };
}

/** A select option's values, groups flattened. */
function selectValues(options: unknown): AcpChoice[] {
  if (!Array.isArray(options)) return [];
  return options.flatMap((o): AcpChoice[] => {
    if (!isObj(o)) return [];
    if (Array.isArray(o.options)) return selectValues(o.options);
    return typeof o.value === 'string' && o.value !== '' ? [choice(o.value, o.name, o.description)] : [];
  });
}

function configOf(configOptions: unknown, category: 'mode' | 'model'): { configId: string; choices: AcpChoices } | null {
  if (!Array.isArray(configOptions)) return null;
  const opt = configOptions.find((o): o is Record<string, unknown> => isObj(o) && o.category === category && (o.type === 'select' || o.type === undefined) && typeof o.id === 'string');
  if (!opt) return null;
  const available = selectValues(opt.options);
  if (available.length === 0) return null;
  return { configId: String(opt.id), choices: { current: clip(opt.currentValue ?? available[0]?.id, 200), available: available.slice(0, 200) } };
}

function legacyModelsOf(models: unknown): AcpChoices {
  if (!isObj(models) || !Array.isArray(models.availableModels)) return null;
  const available = models.availableModels.filter((m): m is Record<string, unknown> => isObj(m) && typeof m.modelId === 'string' && m.modelId !== '').map((m) => choice(m.modelId, m.name, m.description));
  if (available.length === 0) return null;
  return { current: clip(models.currentModelId ?? available[0]?.id, 200), available: available.slice(0, 200) };
}

/** What a `session/new` or `session/load` response offers. */
export function choicesFromResponse(response: unknown): ChoiceState {
  if (!isObj(response)) return NO_CHOICES;
  const acpModes = modesOf(response.modes);
  const modeConfig = acpModes ? null : configOf(response.configOptions, 'mode');
  const modes = acpModes ?? modeConfig?.choices ?? null;
  const modeSource: ModeSource = acpModes ? { kind: 'modes' } : modeConfig ? { kind: 'config', configId: modeConfig.configId } : null;
  const config = configOf(response.configOptions, 'model');
  if (config) return { options: { modes, models: config.choices }, modelSource: { kind: 'config', configId: config.configId }, modeSource };
  const legacy = legacyModelsOf(response.models);
  return { options: { modes, models: legacy }, modelSource: legacy ? { kind: 'legacy' } : null, modeSource };
}

/** After a `config_option_update` (or a `session/set_config_option` answer): the models as now reported. */
export function withConfigOptions(state: ChoiceState, configOptions: unknown): ChoiceState {
  let next = state;
  if (next.modeSource?.kind !== 'modes') {
    const mode = configOf(configOptions, 'mode');
    next = mode ? { ...next, options: { ...next.options, modes: mode.choices }, modeSource: { kind: 'config', configId: mode.configId } } : { ...next, options: { ...next.options, modes: null }, modeSource: null };
  }
  const config = configOf(configOptions, 'model');
  if (!config) return next.modelSource?.kind === 'legacy' ? next : { ...next, options: { ...next.options, models: null }, modelSource: null };
  return { ...next, options: { ...next.options, models: config.choices }, modelSource: { kind: 'config', configId: config.configId } };
}

export function withCurrentMode(state: ChoiceState, modeId: string): ChoiceState {
  const modes = state.options.modes;
  return modes ? { ...state, options: { ...state.options, modes: { ...modes, current: modeId } } } : state;
}

export function withCurrentModel(state: ChoiceState, modelId: string): ChoiceState {
  const models = state.options.models;
  return models ? { ...state, options: { ...state.options, models: { ...models, current: modelId } } } : state;
}

export const offers = (choices: AcpChoices, id: string): boolean => choices?.available.some((c) => c.id === id) ?? false;
export const nameOf = (choices: AcpChoices, id: string): string => choices?.available.find((c) => c.id === id)?.name ?? id;

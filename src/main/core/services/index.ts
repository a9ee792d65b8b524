/* The writers and their helpers, for the rest of the core (the whole core's parts: `../context.ts`). */
export { AppService, safeExternalUrl } from './app';
export { systemClock, createManualClock, type Clock, type ManualClock } from './clock';
export { CoreHooks, type CoreHookMap, type HookName, type HookListener } from './hooks';
export type { AgentDispatcher } from './dispatchers';
export { UsageService } from './usage';
export { Preferences, preferencesOf, envSettings } from './preferences';
export { SessionsService, type CreateSessionInput, type AutoTitleInput } from './sessions';
export { RESTORE_WINDOW_MS, PURGE_INTERVAL_MS } from './trash';

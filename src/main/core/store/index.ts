export { openStore, type OpenStoreOptions, type OpenedStore } from './open';
export { resolveDataDir, DB_FILE_NAME } from './dataDir';
export { DatabaseTooNewError } from './errors';
export { scheduleBackgroundCheck, BACKGROUND_DAMAGE_NOTICE, type ScheduledCheck } from './scheduledCheck';
export type { Store } from './store';
export { SessionGoneError } from './repos/entries';
export type { AmbientCallRecord, AmbientVerdict } from './repos/ambientCalls';
export type { NewSession } from './repos/sessions';
export type { JsonValue } from './repos/settings';

/*
 * The core's front door: everything an entry (the Electron main process, web mode, the session host),
 * the Electron shell and the transports take from the core comes from here, and nothing else of the
 * core is theirs to import (lint: `eslint-rules/boundaries.js`). Inside the core, nothing imports this
 * file: the core's own modules import each other directly.
 */

// Starting and stopping a core, and what it hands back. Loaded on demand: a front (web mode's server, a
// window) imports this file for the small helpers below and never pays for the core's modules (the model
// SDKs, SQLite, node-pty), which only the session host evaluates.
import type { CreateCoreOptions, SwarmCore } from './app';
export type { SwarmCore } from './app';
export async function createCore(options: CreateCoreOptions): Promise<SwarmCore> {
  const { createCore: create } = await import('./app');
  const core = create(options);
  // Sealed keys are unsealed here, asynchronously, so that no later read waits on the OS keychain.
  await core.services.ambient.engine.config.unsealStoredKeys();
  return core;
}
export type { FrontAbilities } from './core';

// Logging (entries write their own lines; a host can send every line to its log file).
export { createLogger, setLogSink, type Logger } from './logger';

// The data folder: where it is, private (0700 / 0600), and held by one process at a time.
export { resolveDataDir } from './store/dataDir';
export { ensurePrivateDataDir } from './store/privateFiles';
export { acquireDataDirLock, isProcessAlive, type DataDirLock } from './store/dataDirLock';

// For the Electron shell: the one rule for URLs opened outside the app, and the key box it injects.
export { safeExternalUrl } from './services/app';
export type { SecretBox } from './models/credentials';

// For the transports: the router's request type and limit, the event stream's listener, bounded warnings.
// Only what a front imports is here (architecture/frontDoor.test.ts); the core's own types stay inside.
export { MAX_REQUEST_CHARS, type RequestContext } from './router/router';
export type { EventListener } from './events';
export { RateLimitedWarnings } from './rateLimitedLog';

// For the Electron entry: the host's flag, and the small scripts an agent runs through the app's own binary.
export { BUNDLED_SCRIPTS, HOST_FLAG, isBundledScript, RUN_SCRIPT_FLAG } from './agents/sessionReports/scriptCommand';

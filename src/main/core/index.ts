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
export type { CreateCoreOptions, SwarmCore } from './app';
export async function createCore(options: CreateCoreOptions): Promise<SwarmCore> {
  const { createCore: create } = await import('./app');
  return create(options);
}
export type { Core, CoreOptions, FrontAbilities, Platform } from './core';
export type { CoreContext } from './context';
export { DatabaseTooNewError } from './store/errors';

// Logging (entries write their own lines; a host can send every line to its log file).
export { createLogger, setLogLevel, setLogSink, type Logger, type LogFields, type LogLevel, type LogSink } from './logger';

// The data folder: where it is, private (0700 / 0600), and held by one process at a time.
export { resolveDataDir } from './store/dataDir';
export { ensurePrivateDataDir } from './store/privateFiles';
export { acquireDataDirLock, DataDirLockedError, isProcessAlive, type DataDirLock, type LockHolder } from './store/dataDirLock';

// For the Electron shell: the one rule for URLs opened outside the app, and the key box it injects.
export { safeExternalUrl } from './services/app';
export type { SecretBox } from './models/credentials';

// For the transports: the router's request types and limit, the event stream's listener, bounded warnings.
export { MAX_REQUEST_CHARS, type RequestContext, type Router } from './router/router';
export type { CoreEvents, EventListener } from './events';
export { RateLimitedWarnings } from './rateLimitedLog';

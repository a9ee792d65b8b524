import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { setLogSink } from '../../../src/main/core/logger';

// Store tests log expected warnings (damaged files, backups); keep the output readable.
setLogSink(() => {});

const made: string[] = [];

/** A fresh data folder under the OS temp dir, removed after the test. */
export function tempDataDir(prefix = 'swarmdesk-store-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

afterEach(() => {
  // A check worker that was stopped (its stop is bounded, not awaited to the end) may still be
  // closing its database and removing its -wal/-shm files: retry on ENOTEMPTY.
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 10 });
});

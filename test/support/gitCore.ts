import { afterEach } from 'vitest';
import { startCore, type Harness } from '../unit/core/harness';
import { coreGitEnv } from './gitRepo';

type StartOptions = NonNullable<Parameters<typeof startCore>[0]>;

/**
 * Registers a test file's hook that closes, after each test, every core it started, and gives the
 * start: a test core (`unit/core/harness`) whose git runs as the tests' own does (`coreGitEnv`), or
 * one started with exactly `options` (another environment, the data folder of an earlier core).
 */
export function gitCoreStarter(): (options?: StartOptions) => Harness {
  const open: Harness[] = [];
  afterEach(async () => {
    // Closing is idempotent: a core the test closed itself is closed again harmlessly.
    for (const h of open.splice(0)) await h.core.close();
  });
  return (options = { env: coreGitEnv() }) => {
    const h = startCore(options);
    open.push(h);
    return h;
  };
}

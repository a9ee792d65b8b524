import { afterEach } from 'vitest';
import { startCore, type Harness } from '../unit/core/harness';
import { coreGitEnv } from './gitRepo';

/**
 * Registers a test file's hook that closes, after each test, every core it started, and gives the
 * start: a test core (`unit/core/harness`) whose git runs as the tests' own does (`coreGitEnv`).
 */
export function gitCoreStarter(): () => Harness {
  const open: Harness[] = [];
  afterEach(async () => {
    for (const h of open.splice(0)) await h.core.close();
  });
  return () => {
    const h = startCore({ env: coreGitEnv() });
    open.push(h);
    return h;
  };
}

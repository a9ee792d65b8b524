import { startHostDetached, type HostCommand } from '../../src/main/transport/socket/attach';

/**
 * The session host as a real detached process, as a front starts it: `src/main/host.ts` under tsx, with
 * the ambient engine and the history import off. A test that needs other variables spreads this.
 */
export const REAL_HOST: HostCommand = {
  command: process.execPath,
  args: ['--import', 'tsx', 'src/main/host.ts'],
  env: { ...process.env, SWARMDESK_AMBIENT_PROVIDER: 'off', SWARMDESK_IMPORT: 'off' },
};

/**
 * Starts a real host on `dataDir` and waits for its ready line; once it is up its pid goes into `pids`,
 * for the test's cleanup to kill its process group. Throws what the start said on failure.
 */
export async function startRealHost(dataDir: string, pids: number[], command: HostCommand = REAL_HOST): Promise<number> {
  const started = await startHostDetached(dataDir, command);
  if ('error' in started) throw new Error(started.error);
  pids.push(started.pid);
  return started.pid;
}

import { startHostDetached, type HostCommand } from '../../src/main/transport/socket/attach';

/**
 * The session host as a real detached process, as a front starts it: `src/main/host.ts` under tsx, with
 * the ambient engine and the history import off (`env` adds to or overrides the test's environment).
 */
export function realHostCommand(env: NodeJS.ProcessEnv = {}): HostCommand {
  return { command: process.execPath, args: ['--import', 'tsx', 'src/main/host.ts'], env: { ...process.env, SWARMDESK_AMBIENT_PROVIDER: 'off', SWARMDESK_IMPORT: 'off', ...env } };
}

/** The default real host command. */
export const REAL_HOST: HostCommand = realHostCommand();

/**
 * Starts a real host on `dataDir` and waits for its ready line; its pid goes into `pids` first, so the
 * test's cleanup can kill its process group whatever happens next. Throws what the start said on failure.
 */
export async function startRealHost(dataDir: string, pids: number[], command: HostCommand = REAL_HOST): Promise<number> {
  const started = await startHostDetached(dataDir, command);
  if ('error' in started) throw new Error(started.error);
  pids.push(started.pid);
  return started.pid;
}

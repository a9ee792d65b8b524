/** `npm run serve -- [--port N] [--data-dir DIR]` (SPEC §5). */
export interface ServeArgs {
  /** 0 picks a free port. */
  readonly port: number;
  /** Absent: SWARMDESK_DATA_DIR, else the OS default (resolveDataDir). */
  readonly dataDir: string | undefined;
  /** `--stop`: end the folder's session host, its agents and web fronts; `--status`: report the host. */
  readonly command: 'serve' | 'stop' | 'status';
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const SERVE_USAGE = 'usage: npm run serve -- [--port N] [--data-dir DIR] [--stop | --status]';

/** Accepts `--port N`, `--port=N`, `--data-dir DIR`, `--data-dir=DIR`; anything else is a UsageError. */
export function parseServeArgs(argv: readonly string[]): ServeArgs {
  let port = 0;
  let dataDir: string | undefined;
  let command: ServeArgs['command'] = 'serve';
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new UsageError(`${name} needs a value. ${SERVE_USAGE}`);
      return v;
    };
    if (name === '--port') {
      const raw = value();
      if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65_535) throw new UsageError(`--port must be 0..65535, got ${raw}. ${SERVE_USAGE}`);
      port = Number(raw);
    } else if (name === '--data-dir') {
      dataDir = value();
    } else if ((name === '--stop' || name === '--status') && inline === undefined) {
      if (command !== 'serve') throw new UsageError(`--stop and --status go alone. ${SERVE_USAGE}`);
      command = name === '--stop' ? 'stop' : 'status';
    } else {
      throw new UsageError(`unknown argument ${arg.slice(0, 80)}. ${SERVE_USAGE}`);
    }
  }
  return { port, dataDir, command };
}

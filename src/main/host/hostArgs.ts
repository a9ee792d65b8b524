/**
 * The host's command line: `--data-dir DIR` (required), `--report-fd N` (the
 * starting front's pipe) and `--unless-stopped-since TIME` (a front re-attaching
 * after its host died: the `startedAt` of the host it lost; start only if no host
 * of that time or later was stopped on purpose meanwhile).
 */
export interface HostArgs {
  readonly dataDir: string;
  readonly reportFd: number | null;
  readonly unlessStoppedSince: string | null;
}

export function parseHostArgs(argv: readonly string[]): HostArgs {
  let dataDir: string | null = null;
  let reportFd: number | null = null;
  let unlessStoppedSince: string | null = null;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--data-dir') dataDir = argv[++i] ?? null;
    else if (arg === '--report-fd') {
      const n = Number(argv[++i]);
      reportFd = Number.isInteger(n) && n > 2 ? n : null;
    } else if (arg === '--unless-stopped-since') {
      const time = argv[++i] ?? '';
      if (Number.isNaN(Date.parse(time))) throw new Error('--unless-stopped-since takes a time (ISO 8601).');
      unlessStoppedSince = time;
    }
  }
  if (dataDir === null || dataDir === '') throw new Error('The session host needs --data-dir DIR.');
  return { dataDir, reportFd, unlessStoppedSince };
}

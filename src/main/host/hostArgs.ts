/** The host's command line: `--data-dir DIR` (required) and `--report-fd N` (the starting front's pipe). */
export interface HostArgs {
  readonly dataDir: string;
  readonly reportFd: number | null;
}

export function parseHostArgs(argv: readonly string[]): HostArgs {
  let dataDir: string | null = null;
  let reportFd: number | null = null;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--data-dir') dataDir = argv[++i] ?? null;
    else if (arg === '--report-fd') {
      const n = Number(argv[++i]);
      reportFd = Number.isInteger(n) && n > 2 ? n : null;
    }
  }
  if (dataDir === null || dataDir === '') throw new Error('The session host needs --data-dir DIR.');
  return { dataDir, reportFd };
}

// The session host's entry under plain Node (SPEC §5.1): started detached by a
// front (web mode, or the desktop app in development) as
// `node out/main/host.js --data-dir DIR [--report-fd 3]`. The packaged app
// runs the same host from its own binary (index.ts, `--swarmdesk-host`).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runHost } from './host/runHost';
import { parseHostArgs } from './host/hostArgs';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

const args = parseHostArgs(process.argv.slice(2));
runHost({
  dataDir: resolve(args.dataDir),
  env: process.env,
  version: packageVersion(),
  reportFd: args.reportFd,
  unlessStoppedSince: args.unlessStoppedSince,
  appRoot: repoRoot,
  // Tests fake a host built from another contract with this (SPEC §5.1 versions).
  ...(process.env.SWARMDESK_TEST_HOST_PROTOCOL ? { protocol: process.env.SWARMDESK_TEST_HOST_PROTOCOL } : {}),
}).catch(() => {
  // runHost logged it and told the front that started it
  process.exit(1);
});

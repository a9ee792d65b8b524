// Web mode's entry (SPEC §5): the core under plain Node behind the loopback
// HTTP+WebSocket transport. Run by scripts/serve.mjs (`npm run serve`), which
// builds the renderer first when it is missing. stdout carries exactly one
// line, the URL to open; everything else is logged to stderr.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import { createCore } from './core/app';
import { createLogger } from './core/logger';
import { resolveDataDir } from './core/store/dataDir';
import { acquireDataDirLock } from './core/store/dataDirLock';
import { ensurePrivateDataDir } from './core/store/privateFiles';
import { parseServeArgs, UsageError } from './transport/web/serve-args';
import { startWebServer } from './transport/web/server';

const log = createLogger('serve');
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** A shutdown that takes longer than this is cut short (exit 1) rather than hanging. */
const SHUTDOWN_BOUND_MS = 10_000;

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

async function main(): Promise<void> {
  const args = parseServeArgs(process.argv.slice(2));
  const dataDir = resolve(args.dataDir ?? resolveDataDir(process.env, process.platform));
  const rendererDir = join(repoRoot, 'out', 'renderer');
  // One process per data folder: a second serve (or the desktop app) on it stops here, naming the first.
  ensurePrivateDataDir(dataDir);
  const lock = acquireDataDirLock(dataDir, 'web');
  process.on('exit', () => lock.release());
  const core = createCore({
    dataDir,
    env: process.env,
    version: packageVersion(),
    // The server may be a remote box: it cannot open the user's browser. The page opens links itself.
    platform: { transport: 'web', openExternal: async () => false },
  });
  let server: Awaited<ReturnType<typeof startWebServer>>;
  try {
    server = await startWebServer({ router: core.router, events: core.events, rendererDir, port: args.port });
  } catch (err) {
    await core.close();
    throw err;
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    log.info('stopping', { signal });
    const bound = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_BOUND_MS);
    bound.unref();
    void (async () => {
      await server.close();
      await core.close();
      process.exit(0);
    })().catch((err: unknown) => {
      log.error('shutdown failed', { err });
      process.exit(1);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  lock.setUrl(`http://127.0.0.1:${server.port}/`);
  log.info('web mode ready', { port: server.port, dataDir, rendererDir });
  process.stdout.write(`serving ${server.url}\n`);
}

main().catch((err: unknown) => {
  if (err instanceof UsageError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  log.error('web mode failed to start', { err });
  process.stderr.write(`Swarmdesk web mode failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

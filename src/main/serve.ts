// Web mode's entry (SPEC §5, §5.1): a front of the data folder's session host.
// It attaches to the running host (or starts one detached) and serves the
// renderer and a loopback WebSocket whose requests go to the host's router.
// Stopping it leaves the host and its agents running. `--stop` and `--status`
// talk to the host and exit. Run by scripts/serve.mjs (`npm run serve`).
// stdout carries exactly one line; everything else goes to stderr.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import { createLogger, ensurePrivateDataDir, resolveDataDir } from './core';
import { HostStartError } from './transport/socket/attach';
import { HostRefusedError, type FrontIdentity } from './transport/socket/hostClient';
import { describeHost, stopHost } from './transport/socket/hostControl';
import { contractFingerprint, olderContractFingerprints, settingsEnvDigest } from './transport/socket/hostFiles';
import { HostLink } from './transport/socket/hostLink';
import { parseServeArgs, UsageError } from './transport/web/serve-args';
import { startWebServer } from './transport/web/server';

const log = createLogger('serve');
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const hereDir = fileURLToPath(new URL('.', import.meta.url)); // out/main
/** A shutdown that takes longer than this is cut short (exit 1) rather than hanging. */
const SHUTDOWN_BOUND_MS = 10_000;
/** Exit code of a front that met a host built from another contract (SPEC §5.1). */
const EXIT_VERSION_MISMATCH = 3;

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** The host's entry beside this one: the built host.js, or host.ts under tsx when this runs from the sources (tests). */
function hostEntry(): string[] {
  // A small young generation: the host allocates steadily under live output (every terminal's pushes), and V8's
  // default lets that churn hold tens of MB of RSS; scavenges of 4 MB stay short.
  const heap = ['--max-semi-space-size=4'];
  return import.meta.url.endsWith('.ts') ? [...heap, '--import', 'tsx', join(hereDir, 'host.ts')] : [...heap, join(hereDir, 'host.js')];
}

function plural(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}

async function main(): Promise<void> {
  const args = parseServeArgs(process.argv.slice(2));
  const dataDir = resolve(args.dataDir ?? resolveDataDir(process.env, process.platform));
  ensurePrivateDataDir(dataDir);
  const me: FrontIdentity = { kind: 'web', version: packageVersion(), protocol: contractFingerprint(), olderProtocols: [...olderContractFingerprints().keys()], url: null, env: settingsEnvDigest(process.env) };

  if (args.command === 'stop') {
    const outcome = await stopHost(dataDir, { ...me, kind: 'cli' });
    process.stdout.write(`${outcome.line}\n`);
    process.exit(outcome.exitCode);
  }
  if (args.command === 'status') {
    process.stdout.write(`${(await describeHost(dataDir, { ...me, kind: 'cli' })).line}\n`);
    process.exit(0);
  }

  let server: Awaited<ReturnType<typeof startWebServer>> | null = null;
  let stopping = false;
  const exitWith = (code: number, message?: string): void => {
    if (stopping) return;
    stopping = true;
    if (message) process.stderr.write(`${message}\n`);
    const bound = setTimeout(() => process.exit(1), SHUTDOWN_BOUND_MS);
    bound.unref();
    void (server?.close() ?? Promise.resolve()).finally(() => process.exit(code));
  };

  const link = new HostLink({
    dataDir,
    me,
    abilities: null,
    host: { command: process.execPath, args: hostEntry(), env: process.env },
    log,
    // `--stop` (or "Quit and Stop Agents" in a window) ends this front too.
    onStopped: () => exitWith(0, 'The session host was stopped; web mode ends with it.'),
  });
  let welcome;
  try {
    welcome = (await link.open()).welcome;
  } catch (err) {
    if (err instanceof HostRefusedError && err.code === 'VERSION_MISMATCH') {
      process.stderr.write(
        `The session host of ${dataDir} runs Swarmdesk ${err.hostVersion} (contract ${err.hostProtocol}); this is ${me.version} (contract ${me.protocol}). ` +
          `Its agents keep running. To restart it with this version: npm run serve -- --stop --data-dir ${dataDir}\n`,
      );
      process.exit(EXIT_VERSION_MISMATCH);
    }
    throw err;
  }
  if (welcome.envDiffers.length > 0) {
    process.stderr.write(
      `The session host keeps the settings it was started with; these differ here: ${welcome.envDiffers.join(', ')}. ` +
        `Stop it (npm run serve -- --stop) and start again to apply them.\n`,
    );
  }

  const rendererDir = join(repoRoot, 'out', 'renderer');
  server = await startWebServer({ router: link, events: link, rendererDir, port: args.port });
  link.setUrl(server.url);

  const quit = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    log.info('stopping the front', { signal });
    void (async () => {
      const settings = await link.handle('host:settings', {}, { transport: 'web' });
      const stopAgents = settings.ok && (settings.value as { stopAgentsOnQuit: boolean }).stopAgentsOnQuit;
      const status = await link.current()?.status();
      await link.leave(stopAgents);
      const agents = status?.liveAgents ?? 0;
      exitWith(
        0,
        stopAgents || agents === 0 ? undefined : `${plural(agents, 'agent')} keep${agents === 1 ? 's' : ''} running; Swarmdesk will show them when you come back.`,
      );
    })().catch(() => exitWith(0));
  };
  process.on('SIGINT', quit);
  process.on('SIGTERM', quit);

  log.info('web mode ready', { port: server.port, dataDir, rendererDir, host: welcome.pid });
  process.stdout.write(`serving ${server.url}\n`);
}

main().catch((err: unknown) => {
  if (err instanceof UsageError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  log.error('web mode failed to start', { err });
  const message = err instanceof HostStartError || err instanceof Error ? err.message : String(err);
  process.stderr.write(`Swarmdesk web mode failed to start: ${message}\n`);
  process.exit(1);
});

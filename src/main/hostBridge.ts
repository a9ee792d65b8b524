// The remote end of an SSH link to a session host (issue 17; SPEC §5.1,
// remote hosts), built to out/main/host-bridge.js and run on the remote by
// the local front as `ssh <dest> <node> <install>/out/main/host-bridge.js
// --data-dir DIR`. It attaches to that folder's host, or starts it detached
// beside this file (host.js), and relays the SSH channel's stdio to the
// host's socket. Its stdout carries only the bridge line and the host's bytes.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBridge } from './transport/ssh/bridge';

const hereDir = fileURLToPath(new URL('.', import.meta.url)); // out/main

function dataDirArg(argv: readonly string[]): string | null {
  const i = argv.indexOf('--data-dir');
  const dir = i >= 0 ? argv[i + 1] : undefined;
  return dir ? resolve(dir) : null;
}

/**
 * The host outlives this SSH session: it does not keep the session's own variables (a forwarded agent's
 * socket, the client's address), which would point its agents at things gone with the connection.
 */
function hostEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env };
  for (const name of ['SSH_CLIENT', 'SSH_CONNECTION', 'SSH_TTY', 'SSH_AUTH_SOCK', 'SSH_ORIGINAL_COMMAND']) delete out[name];
  return out;
}

const dataDir = dataDirArg(process.argv.slice(2));
if (dataDir === null) {
  process.stdout.write(`${JSON.stringify({ t: 'bridgeError', message: 'The host bridge needs --data-dir DIR.' })}\n`);
  process.exit(2);
}
runBridge({
  dataDir,
  // The host's small young generation, as a local front starts it (serve.ts).
  host: { command: process.execPath, args: ['--max-semi-space-size=4', join(hereDir, 'host.js')], env: hostEnv(process.env) },
  input: process.stdin,
  output: process.stdout,
}).then(
  (code) => process.exit(code),
  () => process.exit(1),
);

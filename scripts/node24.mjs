// The Node the project needs (package.json engines: 22.12+), for `npm start`, `npm run serve`,
// `npm test` and `npm run bench`. `npm install` runs on whatever node the system has; on an older one
// (Debian 12 ships 18, this project's CI image 20) better-sqlite3 would crash the process. So each
// entry calls `runOnSupportedNode()` first: on a supported Node it returns at once; on an older one it
// says so in one line, brings Node 24 the way `.ci/run` always did (the `node-linux-<arch>@24` package
// from the npm registry, into ~/.cache/swarmdesk-node24, once) and runs the same script again on it,
// with that Node first on PATH for everything it starts; where that cannot be done it stops with a clear
// message naming the version needed. This file (and whatever runs before it) must parse and run on
// Node 18: no syntax or API newer than that here.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';

export const NEEDED = { major: 22, minor: 12 };
const NEEDED_TEXT = `Node ${NEEDED.major}.${NEEDED.minor} or newer`;
/** Set in the relaunched process: a second relaunch would be a loop. */
const RELAUNCHED = 'SWARMDESK_NODE_RELAUNCHED';
const INSTALL_TIMEOUT_MS = 10 * 60 * 1000;

/** Whether `version` ("20.20.2" or "v20.20.2") is one the project runs on. */
export function isSupported(version) {
  const parts = String(version).replace(/^v/, '').split('.').map(Number);
  const major = parts[0];
  const minor = parts[1];
  return major > NEEDED.major || (major === NEEDED.major && minor >= NEEDED.minor);
}

/** The registry package holding Node 24's binary for this machine, or null where there is none. */
export function nodePackageName(platform, arch) {
  const os = platform === 'linux' ? 'linux' : platform === 'darwin' ? 'darwin' : null;
  const cpu = arch === 'x64' || arch === 'arm64' ? arch : null;
  return os && cpu ? `node-${os}-${cpu}` : null;
}

export function nodeCacheDir() {
  return process.env.SWARMDESK_NODE_CACHE || join(homedir(), '.cache', 'swarmdesk-node24');
}

function stop(message) {
  console.error(message);
  process.exit(1);
}

/** npm as this process was started by it (npm_execpath), else the one on PATH. */
function npmCommand() {
  const execpath = process.env.npm_execpath;
  if (execpath && existsSync(execpath) && /\.c?js$/.test(execpath)) return [process.execPath, [execpath]];
  return [process.platform === 'win32' ? 'npm.cmd' : 'npm', []];
}

/** Node 24's directory in the cache, installing it once; an error string when that failed. */
function ensureNode24(pkg) {
  const cache = nodeCacheDir();
  const dir = join(cache, 'node_modules', pkg);
  const binary = join(dir, 'bin', 'node');
  if (existsSync(binary)) return { dir, binary };
  const npm = npmCommand();
  const args = npm[1].concat(['install', '--prefix', cache, '--no-save', '--no-audit', '--no-fund', '--no-package-lock', `${pkg}@24`]);
  const r = spawnSync(npm[0], args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: INSTALL_TIMEOUT_MS, encoding: 'utf8' });
  if (r.status === 0 && existsSync(binary)) return { dir, binary };
  const why = r.error ? r.error.message : (r.stderr || '').trim().split('\n').filter(Boolean).slice(-1)[0] || `npm exited ${r.status}`;
  return { error: why };
}

/**
 * Returns when this Node is supported. Otherwise relaunches this same script on Node 24 (never
 * returns: this process exits with the child's status) or stops with a message naming the version.
 */
export function runOnSupportedNode() {
  const current = process.versions.node;
  if (isSupported(current)) return Promise.resolve();
  if (process.env[RELAUNCHED]) {
    stop(`Swarmdesk needs ${NEEDED_TEXT}, and this is still Node ${current} after switching. Install ${NEEDED_TEXT} and try again.`);
  }
  const pkg = nodePackageName(process.platform, process.arch);
  if (pkg === null) {
    stop(`Swarmdesk needs ${NEEDED_TEXT}; this is Node ${current} on ${process.platform}-${process.arch}, where it cannot bring its own. Install ${NEEDED_TEXT} and try again.`);
  }
  const cache = nodeCacheDir();
  const cached = existsSync(join(cache, 'node_modules', pkg, 'bin', 'node'));
  console.error(`Node ${current} is older than Swarmdesk needs (${NEEDED.major}.${NEEDED.minor}+): running on Node 24 from ${cache}${cached ? '' : ` (fetching ${pkg}@24 from the npm registry once)`}.`);
  const node = ensureNode24(pkg);
  if (node.error) {
    stop(`Swarmdesk needs ${NEEDED_TEXT}; this is Node ${current}, and Node 24 could not be fetched (${node.error}). Install ${NEEDED_TEXT} and try again.`);
  }
  const env = Object.assign({}, process.env, {
    [RELAUNCHED]: '1',
    PATH: join(node.dir, 'bin') + delimiter + (process.env.PATH || ''),
    // Native builds (node-gyp) use this Node's headers.
    npm_config_nodedir: node.dir,
    npm_node_execpath: node.binary,
  });
  const child = spawn(node.binary, process.argv.slice(1), { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (err) => stop(`Could not start Node 24 at ${node.binary}: ${err.message}`));
  child.on('exit', (code, signal) => process.exit(code === null ? (signal ? 1 : 0) : code));
  return new Promise(() => {});
}

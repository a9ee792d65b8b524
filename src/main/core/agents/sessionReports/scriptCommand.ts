import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { builtWorkerFile } from '../../workerEntry';

/**
 * The small scripts an agent runs through Swarmdesk (each its own bundle entry, electron.vite.config.ts, so the
 * remote host's bundle carries them too): the hook reporter and the `set_session_title` MCP server. The only
 * names `--swarmdesk-run` accepts (src/main/index.ts).
 */
export const BUNDLED_SCRIPTS = {
  'hook-reporter': { built: 'hook-reporter.js', source: './reporter.ts' },
  'mcp-server': { built: 'mcp-server.js', source: './mcpServer.ts' },
} as const;
export type BundledScript = keyof typeof BUNDLED_SCRIPTS;

export function isBundledScript(name: unknown): name is BundledScript {
  return typeof name === 'string' && Object.hasOwn(BUNDLED_SCRIPTS, name);
}

/** The flag the app's own binary runs a bundled script with (src/main/index.ts dispatches it first). */
export const RUN_SCRIPT_FLAG = '--swarmdesk-run';
/** The flag the session host runs with under Electron (src/main/index.ts). */
export const HOST_FLAG = '--swarmdesk-host';

/** A bundled script as a command: `argv[0]` an absolute executable, then its arguments; `env` what it needs besides. */
export interface ScriptCommand {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}

/** Where this core runs (parameters for the tests; the defaults are this process). */
export interface ScriptHost {
  /** The caller's module URL: a `.ts` one means sources (Node strips the types), else the bundle. */
  readonly here?: string;
  readonly execPath?: string;
  /** `process.versions.electron` (undefined under plain Node). */
  readonly electron?: string | undefined;
  /** `process.argv` of this process (under Electron: the app's binary, its app path in development, `--swarmdesk-host`, …). */
  readonly argv?: readonly string[];
  readonly exists?: (file: string) => boolean;
}

/**
 * How an agent's hook or its MCP client runs `name` where this core runs; null when the script is not there.
 * - Plain Node (web mode, a remote host, tests): `<node> <script>`.
 * - Under Electron, as the session host: the host's own command line up to `--swarmdesk-host` (the binary,
 *   and in development the app's path, the binary as `execPath`, absolute), then `--swarmdesk-run <name>`. The release build turns the RunAsNode
 *   fuse off (scripts/fuses.mjs): `ELECTRON_RUN_AS_NODE=1 <app> script.js` would start the app there, a
 *   window per hook; the app's entry runs the script itself instead, before anything else.
 * - Under Electron otherwise (no host flag: not the packaged app's host): Electron's Node with `ELECTRON_RUN_AS_NODE=1`.
 */
export function scriptCommand(name: BundledScript, host: ScriptHost = {}): ScriptCommand | null {
  const here = host.here ?? import.meta.url;
  const exists = host.exists ?? existsSync;
  const execPath = host.execPath ?? process.execPath;
  const electron = 'electron' in host ? host.electron : process.versions.electron;
  const argv = host.argv ?? process.argv;
  const entry = BUNDLED_SCRIPTS[name];
  const script = here.endsWith('.ts') ? fileURLToPath(new URL(entry.source, here)) : builtWorkerFile({ here, built: entry.built }, exists);
  if (script === null || !exists(script)) return null;
  if (!electron) return { argv: [execPath, script], env: {} };
  const hostAt = argv.indexOf(HOST_FLAG);
  if (hostAt > 0) return { argv: [execPath, ...argv.slice(1, hostAt), RUN_SCRIPT_FLAG, name], env: {} };
  return { argv: [execPath, script], env: { ELECTRON_RUN_AS_NODE: '1' } };
}

/** `value` as one POSIX shell word. */
export function shQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The command as a shell command line (its environment first), followed by `extra` words. */
export function shellLine(command: ScriptCommand, ...extra: string[]): string {
  const env = Object.entries(command.env).map(([k, v]) => `${k}=${shQuote(v)} `).join('');
  return `${env}${[...command.argv, ...extra].map(shQuote).join(' ')}`;
}

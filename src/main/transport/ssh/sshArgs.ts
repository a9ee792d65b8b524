import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * How Swarmdesk runs the system OpenSSH client (issue 17): the user's own
 * config, keys, agent, known_hosts and jump hosts apply; Swarmdesk never asks
 * for or stores a password or key (BatchMode: ssh fails rather than prompts).
 */
export interface SshOptions {
  /** An OpenSSH config file for `ssh -F` (SWARMDESK_SSH_CONFIG or the setting); null: the user's own. */
  readonly configFile: string | null;
  /** A private folder for the multiplexing sockets (one master connection per host). */
  readonly controlDir: string;
  /** The ssh binary (default `ssh` on PATH). */
  readonly ssh?: string;
}

/** How long the multiplexing master stays after its last session, in seconds. */
export const CONTROL_PERSIST_S = 60;

export class BadDestinationError extends Error {
  override readonly name = 'BadDestinationError';
  readonly code = 'BAD_INPUT';
}

/**
 * A destination as typed (`user@box`, `box`, a `Host` alias): one word that
 * ssh can only read as a destination, never as an option or two arguments.
 */
export function checkDestination(destination: string): string {
  if (destination.length === 0 || destination.length > 255) throw new BadDestinationError('An SSH destination is a host name or alias, like user@box.');
  if (destination.startsWith('-')) throw new BadDestinationError(`"${destination}" starts with "-": an SSH destination cannot be an option.`);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\s\u0000-\u001f\u007f]/.test(destination)) throw new BadDestinationError('An SSH destination has no spaces or control characters.');
  return destination;
}

/** `-F` file: the variable wins over the setting (SPEC §10). */
export function sshConfigFile(env: NodeJS.ProcessEnv, setting: string | null = null): string | null {
  const fromEnv = env.SWARMDESK_SSH_CONFIG;
  if (fromEnv && fromEnv.length > 0) return fromEnv;
  return setting && setting.length > 0 ? setting : null;
}

/** The default folder for the control sockets: short (a socket path is at most 107 bytes), private. */
export function defaultControlDir(env: NodeJS.ProcessEnv = process.env): string {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  const base = env.XDG_RUNTIME_DIR && env.XDG_RUNTIME_DIR.startsWith('/') ? env.XDG_RUNTIME_DIR : tmpdir();
  const dir = join(base, `swarmdesk-ssh-${uid}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  if (!stat.isDirectory() || (typeof process.getuid === 'function' && stat.uid !== uid) || (stat.mode & 0o077) !== 0) {
    throw new Error(`The SSH control folder ${dir} is not a private folder of this user; remove it and try again.`);
  }
  return dir;
}

/**
 * The multiplexing socket of a destination as typed (and the config it is read with): one master connection
 * per host. Not `%C` (local host, remote host, port, user): two aliases of one server would share a
 * connection, and with it one alias's SetEnv; and its 40 characters, with the 17 ssh adds while it binds,
 * overflow a socket path (107 bytes) under a long runtime folder.
 */
export function controlPath(destination: string, opts: SshOptions): string {
  return join(opts.controlDir, createHash('sha256').update(`${opts.configFile ?? ''}\n${destination}`).digest('hex').slice(0, 16));
}

/** The ssh options of this process: `-F` from SWARMDESK_SSH_CONFIG or the setting, the default control folder. */
export function sshOptionsFromEnv(env: NodeJS.ProcessEnv, configSetting: string | null = null): SshOptions {
  return { configFile: sshConfigFile(env, configSetting), controlDir: defaultControlDir(env) };
}

/** The options every ssh run to `destination` shares (before it). */
export function sshOptions(destination: string, opts: SshOptions): string[] {
  return [
    ...(opts.configFile !== null ? ['-F', opts.configFile] : []),
    '-T',
    '-o', 'BatchMode=yes',
    '-o', 'ServerAliveInterval=15',
    '-o', 'ServerAliveCountMax=3',
    '-o', 'ControlMaster=auto',
    '-o', `ControlPath=${controlPath(destination, opts)}`,
    '-o', `ControlPersist=${CONTROL_PERSIST_S}`,
  ];
}

/** `ssh … -- <destination> <remote command>`: the command is one string for the remote user's shell. */
export function sshArgs(destination: string, remoteCommand: string, opts: SshOptions): string[] {
  return [...sshOptions(checkDestination(destination), opts), '--', destination, remoteCommand];
}

/** Ends the destination's multiplexing master (`ssh -O exit`), e.g. when a host is removed. */
export function sshExitMasterArgs(destination: string, opts: SshOptions): string[] {
  return [...sshOptions(checkDestination(destination), opts), '-O', 'exit', '--', destination];
}

/** One argument for a POSIX shell, single-quoted. */
export function shQuote(arg: string): string {
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** A script for the remote's POSIX sh, whatever the user's login shell is. */
export function remoteSh(script: string): string {
  return `sh -c ${shQuote(script)}`;
}

import { createHash, randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

/** The host's card in its data folder: how a front finds it and proves it may talk to it. */
export const HOST_INFO_FILE = 'host.json';
export const HOST_SOCKET_FILE = 'host.sock';
export const HOST_LOG_FILE = 'host.log';
/** What the last host stopped on purpose left: a front re-attaching after a crash reads it rather than start another host. */
export const HOST_STOPPED_FILE = 'host-stopped.json';
/** Linux's sun_path holds 108 bytes with the terminating NUL (macOS: 104). */
const MAX_SOCKET_PATH_BYTES = process.platform === 'darwin' ? 103 : 107;

const HostInfoSchema = z.object({
  pid: z.number().int(),
  version: z.string(),
  protocol: z.string(),
  socket: z.string(),
  secret: z.string(),
  startedAt: z.string(),
});
export type HostInfo = z.infer<typeof HostInfoSchema>;

export function readHostInfo(dataDir: string): HostInfo | null {
  try {
    const parsed = HostInfoSchema.safeParse(JSON.parse(readFileSync(join(dataDir, HOST_INFO_FILE), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Written whole (temp file and rename), mode 0600, once the socket listens. */
export function writeHostInfo(dataDir: string, info: HostInfo): void {
  const file = join(dataDir, HOST_INFO_FILE);
  const temp = `${file}.tmp-${process.pid}`;
  writeFileSync(temp, JSON.stringify(info), { mode: 0o600 });
  renameSync(temp, file);
}

/** Removes the card if it is still this process's (a newer host may have replaced it). */
export function removeHostInfo(dataDir: string, pid: number): void {
  if (readHostInfo(dataDir)?.pid === pid) rmSync(join(dataDir, HOST_INFO_FILE), { force: true });
}

const HostStoppedSchema = z.object({
  pid: z.number().int(),
  /** The stopped host's own start (its card's and welcome's `startedAt`). */
  startedAt: z.string(),
  stoppedAt: z.string(),
  reason: z.string(),
});
export type HostStopped = z.infer<typeof HostStoppedSchema>;

/** Written by a host that stops on purpose, while it still holds the folder's lock (so before any next host can start). */
export function writeHostStopped(dataDir: string, record: HostStopped): void {
  const file = join(dataDir, HOST_STOPPED_FILE);
  const temp = `${file}.tmp-${process.pid}`;
  writeFileSync(temp, JSON.stringify(record), { mode: 0o600 });
  renameSync(temp, file);
}

/**
 * The deliberate stop a front that lost the host started at `lostHostStartedAt`
 * must honour: a stop of that host or of any host started after it (one a
 * peer front brought up meanwhile). Null when there was none.
 */
export function stoppedSince(dataDir: string, lostHostStartedAt: string): HostStopped | null {
  try {
    const parsed = HostStoppedSchema.safeParse(JSON.parse(readFileSync(join(dataDir, HOST_STOPPED_FILE), 'utf8')));
    // ISO times of one clock: the string order is the time order.
    return parsed.success && parsed.data.startedAt >= lostHostStartedAt ? parsed.data : null;
  } catch {
    return null;
  }
}

export function newHostSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The socket's path: inside the data folder, unless that is longer than the
 * platform allows; then a short one under the user's runtime folder (0700),
 * named by a digest of the data folder. Either way it is recorded in host.json.
 */
export function hostSocketPath(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const inside = join(dataDir, HOST_SOCKET_FILE);
  if (Buffer.byteLength(inside) <= MAX_SOCKET_PATH_BYTES) return inside;
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  const base = env.XDG_RUNTIME_DIR && env.XDG_RUNTIME_DIR.startsWith('/') ? env.XDG_RUNTIME_DIR : tmpdir();
  const dir = join(base, `swarmdesk-${uid}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // A shared temp folder: the folder must be ours, private and real (not someone's symlink or theirs).
  const stat = lstatSync(dir);
  if (!stat.isDirectory() || (typeof process.getuid === 'function' && stat.uid !== uid) || (stat.mode & 0o077) !== 0) {
    throw new Error(`The session host's socket folder ${dir} is not a private folder of this user; remove it and start again.`);
  }
  return join(dir, `${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}.sock`);
}

export { contractFingerprint, olderContractFingerprints } from './fingerprint';

/** Variables that change what the host does (SPEC §10): a front started with other values is told once. */
const SETTINGS_VARIABLE = /^(SWARMDESK_|ANTHROPIC_|OPENAI_)/;

/** Each settings variable's name and a short digest of its value (a key's value never leaves in clear). */
export function settingsEnvDigest(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (!SETTINGS_VARIABLE.test(name) || value === undefined || name === 'SWARMDESK_DATA_DIR') continue;
    out[name] = createHash('sha256').update(value).digest('hex').slice(0, 12);
  }
  return out;
}

/** The settings variables whose values differ between a front and the host (set in one, unset or other in the other). */
export function envDifferences(host: Record<string, string>, front: Record<string, string>): string[] {
  const names = new Set([...Object.keys(host), ...Object.keys(front)]);
  return [...names].filter((n) => host[n] !== front[n]).sort();
}

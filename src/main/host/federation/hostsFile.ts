import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { HostNameSchema } from '../../../shared/domain/host';
import type { HostsFileProblem } from '../../../shared/ipc/hosts';

/** The remote hosts of this data folder, and the ssh config setting: `hosts.json`, 0600, written whole. */
export const HOSTS_FILE = 'hosts.json';

const SavedHostsSchema = z
  .object({
    version: z.literal(1),
    /** In the order they were added. */
    hosts: z.array(z.object({ name: HostNameSchema }).strict()).max(200),
    /** The `ssh -F` file the user chose (SWARMDESK_SSH_CONFIG wins over it); null: ssh's own. */
    sshConfig: z.string().min(1).max(4096).nullable(),
  })
  .strict();
export type SavedHosts = z.infer<typeof SavedHostsSchema>;

export const NO_SAVED_HOSTS: SavedHosts = { version: 1, hosts: [], sshConfig: null };

export class HostsFileError extends Error {
  override readonly name = 'HostsFileError';
  constructor(
    message: string,
    /** Why, without the file's name (for the user, beside it). */
    readonly reason: string = message,
  ) {
    super(message);
  }
}

/** What was saved; none when the file is missing. A file that does not read as one is a `HostsFileError` naming it. */
export function readSavedHosts(dataDir: string): SavedHosts {
  const file = join(dataDir, HOSTS_FILE);
  if (!existsSync(file)) return NO_SAVED_HOSTS;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    const reason = `not JSON (${clip(err instanceof Error ? err.message : String(err))})`;
    throw new HostsFileError(`${file} is ${reason}; fix or remove it.`, reason);
  }
  const parsed = SavedHostsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const reason = `not a list of remote hosts as Swarmdesk writes it (${clip(issue ? `${issue.path.join('.') || 'the file'}: ${issue.message}` : 'bad shape')})`;
    throw new HostsFileError(`${file} is ${reason}; fix or remove it.`, reason);
  }
  return parsed.data;
}

/**
 * What was saved, for the host's start: a file that does not read does not stop it. It is set aside
 * as `hosts.json.bad-<time>` (never over another file; never emptied), and the host starts with no
 * remote hosts; the problem says where it went. `keptAs` null: it could not be moved (it stays, and
 * the federation must not write over it).
 */
export function loadSavedHosts(dataDir: string, now: Date = new Date()): { saved: SavedHosts; problem: HostsFileProblem | null } {
  try {
    return { saved: readSavedHosts(dataDir), problem: null };
  } catch (err) {
    const file = join(dataDir, HOSTS_FILE);
    const reason = err instanceof HostsFileError ? err.reason : clip(err instanceof Error ? err.message : String(err));
    return { saved: NO_SAVED_HOSTS, problem: { file, reason, keptAs: setAside(file, now) } };
  }
}

/** Renames `file` to a free `<file>.bad-<time>[-n]` name; null when it cannot be moved. */
function setAside(file: string, now: Date): string | null {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  for (let n = 0; n < 100; n++) {
    const target = `${file}.bad-${stamp}${n === 0 ? '' : `-${n}`}`;
    // renameSync replaces a file already there: look first (the host is this folder's one writer).
    if (existsSync(target)) continue;
    try {
      renameSync(file, target);
      return target;
    } catch {
      return null;
    }
  }
  return null;
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/** Written to a temp file and renamed over: a reader sees the old list or the new one. */
export function writeSavedHosts(dataDir: string, saved: SavedHosts): void {
  const file = join(dataDir, HOSTS_FILE);
  const temp = `${file}.tmp-${process.pid}`;
  writeFileSync(temp, `${JSON.stringify(SavedHostsSchema.parse(saved), null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, file);
}

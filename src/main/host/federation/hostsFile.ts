import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { HostNameSchema } from '../../../shared/domain/host';

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
}

/** What was saved; none when the file is missing. A file that does not read as one is an error naming it (never silently emptied). */
export function readSavedHosts(dataDir: string): SavedHosts {
  const file = join(dataDir, HOSTS_FILE);
  if (!existsSync(file)) return NO_SAVED_HOSTS;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new HostsFileError(`${file} is not JSON (${err instanceof Error ? err.message : String(err)}); fix or remove it.`);
  }
  const parsed = SavedHostsSchema.safeParse(raw);
  if (!parsed.success) throw new HostsFileError(`${file} does not list remote hosts as Swarmdesk wrote it (${parsed.error.issues[0]?.message ?? 'bad shape'}); fix or remove it.`);
  return parsed.data;
}

/** Written to a temp file and renamed over: a reader sees the old list or the new one. */
export function writeSavedHosts(dataDir: string, saved: SavedHosts): void {
  const file = join(dataDir, HOSTS_FILE);
  const temp = `${file}.tmp-${process.pid}`;
  writeFileSync(temp, `${JSON.stringify(SavedHostsSchema.parse(saved), null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, file);
}

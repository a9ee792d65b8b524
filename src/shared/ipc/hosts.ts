import { z } from 'zod';
import { channel } from './channel';
import { HostNameSchema } from '../domain/host';

/*
 * Remote hosts (issue 17, SPEC §5.1 and §7.1 "hosts"): the same session host on another machine,
 * reached through the system OpenSSH client. This machine's own host is `host:*` (./host.ts).
 * The session host's federation (src/main/host/federation/) answers these channels and tags
 * every row of another machine with its host's name (`SessionRow.host`); a core served
 * without the session host answers UNAVAILABLE.
 */

export { HostNameSchema, type HostName } from '../domain/host';

/** The words of the contract's listitem names ("connected", "connecting", "reconnecting", "unreachable: …"). */
export const REMOTE_HOST_STATES = ['connecting', 'connected', 'reconnecting', 'unreachable'] as const;
export const RemoteHostStateSchema = z.enum(REMOTE_HOST_STATES);
export type RemoteHostState = z.infer<typeof RemoteHostStateSchema>;

export const RemoteHostInfoSchema = z
  .object({
    name: HostNameSchema,
    state: RemoteHostStateSchema,
    /** One line for the user ("Connected to box.", "Reconnecting to box…", OpenSSH's words when unreachable). */
    message: z.string().max(4000),
    /** What to do about it, when the user must act (unreachable); else null. */
    hint: z.string().max(2000).nullable(),
  })
  .strict();
export type RemoteHostInfo = z.infer<typeof RemoteHostInfoSchema>;

/** The OpenSSH config file passed as `ssh -F` (like VS Code's `remote.SSH.configFile`); null: ssh's own. */
export const SshConfigSchema = z
  .object({
    path: z.string().max(4096).nullable(),
    /** `SWARMDESK_SSH_CONFIG` set it (it wins over the setting); `setting`: the user's choice; null: none. */
    source: z.enum(['env', 'setting']).nullable(),
  })
  .strict();
export type SshConfig = z.infer<typeof SshConfigSchema>;

/**
 * `hosts.json` did not read when the session host started: it was set aside and the host started with no
 * remote hosts; the next change (adding a host) saves a fresh list. Said until then.
 */
export const HostsFileProblemSchema = z
  .object({
    /** The file that did not read (`<data folder>/hosts.json`). */
    file: z.string().max(4096),
    /** Why, in a line ("not JSON (…)"). */
    reason: z.string().max(2000),
    /** Where the old file was kept; null: it could not be moved, it stays and is not written over. */
    keptAs: z.string().max(4096).nullable(),
  })
  .strict();
export type HostsFileProblem = z.infer<typeof HostsFileProblemSchema>;

export const HostsViewSchema = z
  .object({ hosts: z.array(RemoteHostInfoSchema), sshConfig: SshConfigSchema, fileProblem: HostsFileProblemSchema.optional() })
  .strict();
export type HostsView = z.infer<typeof HostsViewSchema>;

export const hostsChannels = {
  /** The remote hosts in the order they were added, each with its link's state. */
  'hosts:list': channel(z.object({}).strict(), HostsViewSchema),
  /** Adds a host and starts connecting (answers at once, `connecting`; pushes follow). A name already added is BAD_INPUT. */
  'hosts:add': channel(z.object({ destination: HostNameSchema }).strict(), HostsViewSchema),
  /** Forgets a host and closes its link. Its sessions stay on that machine (and come back if it is added again). */
  'hosts:remove': channel(z.object({ name: HostNameSchema }).strict(), HostsViewSchema),
  /** Tries an unreachable host again now (after the user fixed what its message said). */
  'hosts:reconnect': channel(z.object({ name: HostNameSchema }).strict(), HostsViewSchema),
  /** Sets the ssh config file setting (null clears it); `SWARMDESK_SSH_CONFIG` still wins when set. */
  'hosts:setSshConfig': channel(z.object({ path: z.string().trim().min(1).max(4096).nullable() }).strict(), HostsViewSchema),
} as const;

export const hostsEvents = {
  /** A host was added or removed, or its link's state changed. */
  'hosts:changed': HostsViewSchema,
} as const;

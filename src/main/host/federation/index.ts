import type { EventSource, RouterLike } from '../../transport/router-like';
import type { Logger } from '../../core';
import { settingsEnvDigest } from '../../transport/socket/hostFiles';
import { hostBundle, type HostBundle } from '../../transport/ssh/hostBundle';
import { RemoteHostLink } from '../../transport/ssh/remoteHostLink';
import { defaultControlDir } from '../../transport/ssh/sshArgs';
import { Federation } from './federation';

export { Federation } from './federation';
export { HOSTS_FILE } from './hostsFile';

export interface HostFederationOptions {
  readonly core: { readonly router: RouterLike; readonly events: EventSource };
  readonly dataDir: string;
  readonly env: NodeJS.ProcessEnv;
  readonly version: string;
  /** The contract fingerprint this host speaks (a remote host of another one is refused). */
  readonly protocol: string;
  /** The same contract at older status levels: a remote host of one of them is attached to at its level. */
  readonly olderProtocols?: readonly string[];
  /** The app's folder (package.json, out/main, node_modules): what is installed on a remote. */
  readonly appRoot: string;
  readonly log: Logger;
}

/**
 * The federation with real links: the system ssh, the host bundle of this
 * app (read once, when a first link needs it), this host as a `web` front of
 * each remote host (it gets their pushes; it has no window of its own).
 */
export function createHostFederation(opts: HostFederationOptions): Federation {
  let bundle: HostBundle | null = null;
  const bundleOnce = (): HostBundle => (bundle ??= hostBundle(opts.appRoot));
  const envConfig = opts.env.SWARMDESK_SSH_CONFIG;
  return new Federation({
    core: opts.core,
    dataDir: opts.dataDir,
    envSshConfig: envConfig !== undefined && envConfig.length > 0 ? envConfig : null,
    log: opts.log,
    makeLink: (destination, sshConfig) =>
      new RemoteHostLink({
        destination,
        ssh: { configFile: sshConfig, controlDir: defaultControlDir(opts.env) },
        get bundle() {
          return bundleOnce();
        },
        me: { kind: 'web', version: opts.version, protocol: opts.protocol, olderProtocols: opts.olderProtocols ?? [], url: null, env: settingsEnvDigest(opts.env) },
        abilities: null,
      }),
  });
}

import type { RemoteHostInfo, RemoteHostState } from '../../../../shared/ipc/hosts';

/** The state as Settings shows it beside the host's name. */
export const STATE_WORDS: Record<RemoteHostState, string> = {
  connecting: 'connecting',
  connected: 'connected',
  reconnecting: 'reconnecting',
  unreachable: 'unreachable',
};

/**
 * A host's accessible name (SPEC §7.1 "hosts"): its name, then its state: "box, connected",
 * "box, reconnecting", "box, unreachable: " + why (OpenSSH's words as the federation said them).
 */
export function hostItemName(host: RemoteHostInfo): string {
  if (host.state !== 'unreachable') return `${host.name}, ${STATE_WORDS[host.state]}`;
  const why = host.message.trim().replace(/\s+/g, ' ');
  return `${host.name}, unreachable: ${why || 'no reason given'}`;
}

/**
 * What a session's row says while its host is not connected (null while it is, or for this machine):
 * "Reconnecting to box…", or "box is unreachable".
 */
export function rowHostNote(host: RemoteHostInfo | null): string | null {
  if (!host || host.state === 'connected') return null;
  if (host.state === 'unreachable') return `${host.name} is unreachable`;
  return host.state === 'connecting' ? `Connecting to ${host.name}…` : `Reconnecting to ${host.name}…`;
}

import { useMemo } from 'react';
import { create } from 'zustand';
import type { HostName, HostsFileProblem, HostsView, RemoteHostInfo, SshConfig } from '../../../../shared/ipc/hosts';

/**
 * The remote hosts (issue 17) as the session host's federation says them: `hosts:list` at start, then
 * each `hosts:changed` push. A core without the session host cannot reach any: `unavailable` says why,
 * and the hosts are empty (New session then has no Host choice; Settings → Hosts says so).
 */
export interface HostsState {
  byId: Record<HostName, RemoteHostInfo>;
  /** In the order they were added. */
  order: HostName[];
  sshConfig: SshConfig;
  /** A view arrived (or the list failed): the start's answer is in. */
  loaded: boolean;
  /** Why remote hosts cannot be used here, in words; null when they can. */
  unavailable: string | null;
  /** hosts.json did not read at the host's start (set aside; none loaded); null when it did. */
  fileProblem: HostsFileProblem | null;
}

const initial = (): HostsState => ({ byId: {}, order: [], sshConfig: { path: null, source: null }, loaded: false, unavailable: null, fileProblem: null });

export const useHosts = create<HostsState>()(initial);

export function resetHostsStore(): void {
  useHosts.setState(initial(), true);
}

/** What the federation answered or pushed: the whole view, in its order. */
export function setHostsView(view: HostsView): void {
  const byId: Record<HostName, RemoteHostInfo> = {};
  for (const host of view.hosts) byId[host.name] = host;
  useHosts.setState({
    byId,
    order: view.hosts.map((h) => h.name),
    sshConfig: view.sshConfig,
    loaded: true,
    unavailable: null,
    fileProblem: view.fileProblem ?? null,
  });
}

/** Remote hosts cannot be reached from here (no session host): none are shown. */
export function setHostsUnavailable(reason: string): void {
  useHosts.setState({ ...initial(), loaded: true, unavailable: reason });
}

/** The hosts in the order they were added (a new array only when they change). */
export function useHostList(): readonly RemoteHostInfo[] {
  const order = useHosts((s) => s.order);
  const byId = useHosts((s) => s.byId);
  return useMemo(() => order.map((name) => byId[name]).filter((h): h is RemoteHostInfo => h !== undefined), [order, byId]);
}

/** A host's state, or null for this machine (no host) or a host not (or no longer) known. */
export function useHostInfo(name: HostName | undefined): RemoteHostInfo | null {
  return useHosts((s) => (name === undefined ? null : (s.byId[name] ?? null)));
}

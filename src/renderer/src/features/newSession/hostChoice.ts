import { useState } from 'react';
import type { AcpAgentInfo } from '../../../../shared/ipc/acp';
import type { HostName, RemoteHostInfo } from '../../../../shared/ipc/hosts';
import { useAcpAgents } from '../acp/useAcpAgents';
import { useHostList } from '../hosts/store';
import { loadRemoteAcpAgents } from './actions';
import { useChosenHostAnswer } from './useChosenHostAnswer';

/*
 * New session's "Host" (issue 17): which machine the session starts on. Remembered like the folder:
 * the host chosen last (a host since removed is this machine again), and per host the folder used last
 * there (this machine's is main's `lastFolder`).
 */

const LAST_HOST_KEY = 'swarmdesk.lastHost';
const LAST_FOLDERS_KEY = 'swarmdesk.lastFolderOnHost';

function readLastHost(): HostName | null {
  try {
    return localStorage.getItem(LAST_HOST_KEY);
  } catch {
    return null;
  }
}

function readLastFolders(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LAST_FOLDERS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The folder used last on a remote host; its home (`~`) until one was. */
export function lastFolderOn(host: HostName): string {
  const folder = readLastFolders()[host];
  return typeof folder === 'string' && folder.trim() ? folder : '~';
}

/** After a create: the host (null: this machine) and, for a remote one, the folder used there. */
export function rememberHostChoice(host: HostName | null, folder: string): void {
  try {
    if (host === null) {
      localStorage.removeItem(LAST_HOST_KEY);
      return;
    }
    localStorage.setItem(LAST_HOST_KEY, host);
    localStorage.setItem(LAST_FOLDERS_KEY, JSON.stringify({ ...readLastFolders(), [host]: folder }));
  } catch {
    // Not remembering the choice is fine.
  }
}

/** The hosts to choose from, the one chosen (null: this machine) and how to pick another. */
export function useHostChoice(): { hosts: readonly RemoteHostInfo[]; host: HostName | null; pick: (host: HostName | null) => void } {
  const hosts = useHostList();
  const [remembered] = useState(readLastHost);
  // undefined until the user picks: the remembered host may only be known once the hosts arrive.
  const [picked, setPicked] = useState<HostName | null | undefined>(undefined);
  const wanted = picked === undefined ? remembered : picked;
  const host = wanted !== null && hosts.some((h) => h.name === wanted) ? wanted : null;
  return { hosts, host, pick: setPicked };
}

/**
 * The ACP agents found on `host`: this machine's from the ACP store (asked as the dialog opens), a
 * remote host's asked of it when chosen (not kept). `loaded` false until the chosen one answered.
 */
export function useHostAcpAgents(host: HostName | null): { loaded: boolean; agents: readonly AcpAgentInfo[] } {
  const local = useAcpAgents();
  const remote = useChosenHostAnswer(host, askRemoteAcpAgents);
  if (host === null) return local;
  return remote.answered ? { loaded: true, agents: remote.value } : { loaded: false, agents: [] };
}

/** This machine's agents are the ACP store's: only a remote host is asked. */
const askRemoteAcpAgents = (host: HostName | null): Promise<readonly AcpAgentInfo[]> | null => (host === null ? null : loadRemoteAcpAgents(host));

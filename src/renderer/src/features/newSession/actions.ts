import type { SessionId, SessionRow } from '../../../../shared/domain/session';
import type { PermissionMode } from '../../../../shared/ipc/agents';
import type { ChannelInput, ChannelOutput } from '../../../../shared/ipc/contract';
import type { WorktreeChoice } from '../../../../shared/ipc/git';
import type { HostName } from '../../../../shared/ipc/hosts';
import type { AcpAgentInfo } from '../../../../shared/ipc/acp';
import { api } from '../../bridge';
import { openSession } from '../../stores/panes';
import { upsertSession } from '../../stores/sessions';
import { requestComposerFocus, showToast } from '../../stores/ui';

/** "New session"'s calls to main: which agents can run, the folder picker, create; and a pane's permission mode. */

export type AgentAvailability = ChannelOutput<'agents:availability'>;

/** `{ host }` for a remote host, nothing for this machine (the channels' `host` is absent then). */
function on(host: HostName | null): { host?: HostName } {
  return host === null ? {} : { host };
}

/** Which agents can run on `host` (null: this machine); null when main cannot say. */
export async function loadAgentAvailability(host: HostName | null = null): Promise<AgentAvailability | null> {
  const result = await api().invoke('agents:availability', on(host));
  return result.ok ? result.value : null;
}

/**
 * Creates the session and opens it, ready to type into. A refusal (a folder that is not there) comes back
 * as its message, for the dialog to show beside the field.
 */
export async function createSession(input: ChannelInput<'sessions:create'>): Promise<{ ok: true; row: SessionRow } | { ok: false; message: string }> {
  const result = await api().invoke('sessions:create', input);
  if (!result.ok) return { ok: false, message: result.error.message };
  upsertSession(result.value);
  openSession(result.value.id);
  requestComposerFocus(result.value.id);
  return { ok: true, row: result.value };
}

/** "Browse…": the OS folder picker (desktop app); null when cancelled or unavailable (said in a toast). */
export async function pickFolder(current: string): Promise<string | null> {
  const result = await api().invoke('app:pickFolder', current.trim() ? { defaultPath: current.trim() } : {});
  if (result.ok) return result.value.folder;
  showToast(result.error.message, { tone: 'error' });
  return null;
}

/** A claude-code session's permission mode; null when main cannot say. */
export async function loadPermissionMode(id: SessionId): Promise<PermissionMode | null> {
  const result = await api().invoke('agents:permissionMode', { id });
  return result.ok ? result.value.mode : null;
}

/** Change it from the session's next turn. Returns whether main took it (a refusal is said in a toast). */
export async function setPermissionMode(id: SessionId, mode: PermissionMode): Promise<boolean> {
  const result = await api().invoke('agents:setPermissionMode', { id, mode });
  if (result.ok) return true;
  showToast(`Could not change the permission mode: ${result.error.message}`, { tone: 'error' });
  return false;
}

export type RepoInfo = ChannelOutput<'git:repoInfo'>;

/** Whether the folder (on `host`; null: this machine) is inside a git repository (the worktree checkbox); null when main cannot say. */
export async function loadRepoInfo(folder: string, host: HostName | null = null): Promise<RepoInfo | null> {
  const result = await api().invoke('git:repoInfo', { folder, ...on(host) });
  return result.ok ? result.value : null;
}

/** "Open existing worktree": the repository's worktrees (on `host`; null: this machine) made outside Swarmdesk; [] when main cannot say. */
export async function loadOutsideWorktrees(folder: string, host: HostName | null = null): Promise<Array<{ path: string; branch: string }>> {
  const result = await api().invoke('git:outsideWorktrees', { folder, ...on(host) });
  return result.ok ? result.value.items : [];
}

/** The worktree choice main remembers for the folder's repository; null outside one (or when main cannot say). */
export async function rememberedWorktree(folder: string, host: HostName | null = null): Promise<WorktreeChoice | null> {
  if (!folder.trim()) return null;
  const info = await loadRepoInfo(folder.trim(), host);
  return info?.repo?.remembered ?? null;
}

export type FolderCheck = ChannelOutput<'sessions:checkFolder'>;

/** Whether main can open the typed folder on `host` (missing, a file, unreadable: said in words); null when main cannot say. */
export async function checkFolder(folder: string, host: HostName | null = null): Promise<FolderCheck | null> {
  const result = await api().invoke('sessions:checkFolder', { folder, ...on(host) });
  return result.ok ? result.value : null;
}

/** The folders the user may mean by a partly typed path on `host`; none when main cannot say. */
export async function loadFolderSuggestions(folder: string, host: HostName | null = null): Promise<string[]> {
  const result = await api().invoke('sessions:folderSuggestions', { folder, ...on(host) });
  return result.ok ? result.value.folders : [];
}

/** The ACP agents found on a remote host (not kept: the store holds this machine's); none when it cannot say. */
export async function loadRemoteAcpAgents(host: HostName): Promise<readonly AcpAgentInfo[]> {
  const result = await api().invoke('acp:agents', { host });
  return result.ok ? result.value.agents : [];
}

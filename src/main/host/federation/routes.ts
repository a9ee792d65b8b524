import { channels, type ChannelName } from '../../../shared/ipc/contract';
import type { EventName } from '../../../shared/ipc/events';
import { SessionRowSchema } from '../../../shared/domain/session';

/**
 * How the federation answers a channel (issue 17, one swarm). Every channel is
 * classified here: a new one does not compile until it is.
 * - `local`: this machine's core only (the app, its settings, the window's state, the importer's switches).
 * - `bySession`: the input's `id` names a session; a remote host's session goes to that host.
 * - `byHost`: the input's optional `host` names where to do it (absent: this machine).
 * - `hosts`: the federation's own (the remote hosts).
 * - `list`, `search`, `ids`, `move`, `fanOut`: answered from this machine and every host, merged.
 * - `removed`: this machine's removed worktrees and every connected host's, each remote one tagged with its host.
 * - `reorder`: each host places its own rows of the group among themselves, in the order given.
 * - `missed`: this machine's core's, and what the remote hosts' rows did while no front was attached.
 */
export type Route = 'local' | 'bySession' | 'byHost' | 'hosts' | 'list' | 'search' | 'ids' | 'move' | 'reorder' | 'fanOut' | 'removed' | 'missed';

export const ROUTES: Record<ChannelName, Route> = {
  'app:info': 'local',
  'app:openExternal': 'local',
  'app:pickFolder': 'local',
  // A remote session's notification is shown by the front that asked, on this machine.
  'app:notify': 'local',
  'app:setBadge': 'local',
  'app:setNotifications': 'local',
  'app:setNotifyDone': 'local',
  // The host that runs the session keeps which of its waits were told.
  'app:claimWaitNotice': 'bySession',
  'app:missed': 'missed',
  'sessions:list': 'list',
  'sessions:search': 'search',
  'sessions:snippets': 'ids',
  'sessions:create': 'byHost',
  'sessions:checkFolder': 'byHost',
  'sessions:folderSuggestions': 'byHost',
  'sessions:continueIn': 'bySession',
  'sessions:get': 'bySession',
  'sessions:rename': 'bySession',
  'sessions:releaseTitle': 'bySession',
  'sessions:titleHistory': 'bySession',
  'sessions:titleAutomatic': 'bySession',
  'sessions:setTitleAutomatic': 'bySession',
  'sessions:move': 'move',
  'sessions:reorder': 'reorder',
  'sessions:setPinned': 'bySession',
  'sessions:setArchived': 'bySession',
  'sessions:delete': 'bySession',
  'sessions:restore': 'bySession',
  'sessions:markRead': 'bySession',
  'sessions:usage': 'bySession',
  'sessions:send': 'bySession',
  'sessions:stop': 'bySession',
  'entries:page': 'bySession',
  'terminal:open': 'bySession',
  'terminal:input': 'bySession',
  'terminal:resize': 'bySession',
  'terminal:interrupt': 'bySession',
  // Which terminals' output a window gets is decided by the transport it is attached through, on this machine.
  'terminal:close': 'local',
  'import:status': 'local',
  'import:setEnabled': 'local',
  'import:rescan': 'local',
  // A remote host imports that machine's history: its imported rows resume there.
  'import:resume': 'bySession',
  'import:source': 'bySession',
  'settings:get': 'local',
  'settings:set': 'local',
  'settings:titleHints': 'local',
  'settings:setTitleHint': 'local',
  // This machine's ambient call log (a remote host keeps its own).
  'ambient:log': 'local',
  'ambient:sessionState': 'bySession',
  'ambient:dismiss': 'bySession',
  'sessions:regenerateTitle': 'bySession',
  'agents:availability': 'byHost',
  'agents:permissionMode': 'bySession',
  'agents:setPermissionMode': 'bySession',
  'git:repoInfo': 'byHost',
  'git:worktreeState': 'bySession',
  'git:changes': 'bySession',
  'git:fileDiff': 'bySession',
  // A remote row's checkpoints are that machine's git.
  'checkpoints:list': 'bySession',
  'checkpoints:diff': 'bySession',
  'checkpoints:restore': 'bySession',
  'git:changeSummaries': 'fanOut',
  'git:suggestCommitMessage': 'bySession',
  'git:commit': 'bySession',
  'git:mergeCheck': 'bySession',
  'git:merge': 'bySession',
  'git:uncommittedFiles': 'bySession',
  'git:removeWorktree': 'bySession',
  // A worktree removed on a remote host is that machine's git: listed with its host, restored there.
  'git:removedWorktrees': 'removed',
  'git:restoreRemovedWorktree': 'byHost',
  'git:outsideWorktrees': 'byHost',
  'git:resolveConflicts': 'bySession',
  // A review lives where its session lives (that host's store and worktree).
  'review:list': 'bySession',
  'review:add': 'bySession',
  'review:edit': 'bySession',
  'review:delete': 'bySession',
  'review:resolve': 'bySession',
  'review:text': 'bySession',
  'review:send': 'bySession',
  'ui:state': 'local',
  'ui:setState': 'local',
  'host:settings': 'local',
  'host:setSettings': 'local',
  'host:start': 'local',
  'acp:agents': 'byHost',
  'acp:settings': 'local',
  'acp:setSettings': 'local',
  'acp:permission': 'bySession',
  'acp:answerPermission': 'bySession',
  'acp:sessionOptions': 'bySession',
  'acp:setMode': 'bySession',
  'acp:setModel': 'bySession',
  'hosts:list': 'hosts',
  'hosts:add': 'hosts',
  'hosts:remove': 'hosts',
  'hosts:reconnect': 'hosts',
  'hosts:setSshConfig': 'hosts',
};

/** Channels answering one session row: a remote host's reply is tagged with its name. */
export const ROW_REPLIES: ReadonlySet<ChannelName> = new Set(
  (Object.keys(channels) as ChannelName[]).filter((c) => channels[c].output === SessionRowSchema),
);

/**
 * What becomes of a remote host's push: relayed as is, relayed as a row tagged
 * with the host (`session:changed`), or kept there (its own host's state and
 * hosts are that machine's business, not this swarm's).
 */
export type EventRelay = 'relay' | 'row' | 'removed' | 'drop';

export const EVENT_RELAY: Record<EventName, EventRelay> = {
  'session:changed': 'row',
  'session:removed': 'removed',
  'entry:added': 'relay',
  'entry:streaming': 'relay',
  'app:notice': 'relay',
  'session:usage': 'relay',
  // A click on a notification happens on a front here, never on the remote.
  'app:openSession': 'drop',
  'session:suggestion': 'relay',
  'session:pickupNote': 'relay',
  'session:changes': 'relay',
  // The comments live where the session does; its fronts read them there again.
  'review:changed': 'relay',
  'terminal:data': 'relay',
  'terminal:exit': 'relay',
  'host:state': 'drop',
  'acp:permission': 'relay',
  'acp:sessionOptions': 'relay',
  'hosts:changed': 'drop',
};

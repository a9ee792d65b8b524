import type { HandlerMap } from '../router/router';
import type { CoreContext } from '../context';
import { appInfo } from './app/info';
import { appOpenExternal } from './app/openExternal';
import { appPickFolder } from './app/pickFolder';
import { appNotify } from './app/notify';
import { appSetBadge } from './app/setBadge';
import { appSetNotifications, appSetNotifyDone } from './app/setNotifications';
import { appClaimWaitNotice } from './app/claimWaitNotice';
import { appMissed } from './app/missed';
import { sessionsList } from './sessions/list';
import { sessionsSearch } from './sessions/search';
import { sessionsSnippets } from './sessions/snippets';
import { sessionsContinueIn } from './sessions/continueIn';
import { sessionsCreate } from './sessions/create';
import { sessionsCheckFolder } from './sessions/checkFolder';
import { sessionsFolderSuggestions } from './sessions/folderSuggestions';
import { hostsAdd, hostsList, hostsReconnect, hostsRemove, hostsSetSshConfig } from './hosts/unserved';
import { sessionsGet } from './sessions/get';
import { sessionsRename } from './sessions/rename';
import { sessionsReleaseTitle } from './sessions/releaseTitle';
import { sessionsTitleHistory } from './sessions/titleHistory';
import { sessionsMove } from './sessions/move';
import { sessionsReorder } from './sessions/reorder';
import { sessionsSetPinned } from './sessions/setPinned';
import { sessionsSetArchived } from './sessions/setArchived';
import { sessionsDelete } from './sessions/delete';
import { sessionsRestore } from './sessions/restore';
import { sessionsMarkRead } from './sessions/markRead';
import { sessionsUsage } from './sessions/usage';
import { sessionsSend } from './sessions/send';
import { sessionsStop } from './sessions/stop';
import { entriesPage } from './entries/page';
import { terminalOpen } from './terminal/open';
import { terminalInput } from './terminal/input';
import { terminalResize } from './terminal/resize';
import { terminalInterrupt } from './terminal/interrupt';
import { terminalClose } from './terminal/close';
import { importStatus } from './import/status';
import { importRescan } from './import/rescan';
import { importResume } from './import/resume';
import { importSource } from './import/source';
import { importSetEnabled } from './import/setEnabled';
import { settingsGet } from './settings/get';
import { settingsSet } from './settings/set';
import { settingsSetTitleHint, settingsTitleHints } from './settings/titleHints';
import { ambientLog } from './ambient/log';
import { ambientSessionState } from './ambient/sessionState';
import { ambientDismiss } from './ambient/dismiss';
import { sessionsRegenerateTitle } from './ambient/regenerateTitle';
import { sessionsSetTitleAutomatic, sessionsTitleAutomatic } from './ambient/titleAutomatic';
import { agentsAvailability } from './agents/availability';
import { agentsPermissionMode } from './agents/permissionMode';
import { agentsSetPermissionMode } from './agents/setPermissionMode';
import { gitRepoInfo } from './git/repoInfo';
import { gitWorktreeState } from './git/worktreeState';
import { gitChanges } from './git/changes';
import { gitFileDiff } from './git/fileDiff';
import { checkpointsDiff, checkpointsList, checkpointsRestore } from './git/checkpoints';
import { gitChangeSummaries } from './git/changeSummaries';
import { gitSuggestCommitMessage } from './git/suggestCommitMessage';
import { gitCommit } from './git/commit';
import { gitMergeCheck } from './git/mergeCheck';
import { gitMerge } from './git/merge';
import { gitResolveConflicts } from './git/resolveConflicts';
import { reviewAdd, reviewDelete, reviewEdit, reviewList, reviewResolve, reviewSend, reviewText } from './review';
import { gitUncommittedFiles } from './git/uncommittedFiles';
import { gitRemoveWorktree } from './git/removeWorktree';
import { gitOutsideWorktrees, gitRemovedWorktrees, gitRestoreRemovedWorktree } from './git/removedWorktrees';
import { uiState } from './ui/state';
import { uiSetState } from './ui/setState';
import { hostSettings } from './host/settings';
import { hostSetSettings } from './host/setSettings';
import { hostStart } from './host/start';
import { acpAgents } from './acp/agents';
import { acpSessionOptions, acpSetMode, acpSetModel } from './acp/choices';
import { acpAnswerPermission, acpPermission } from './acp/permission';
import { acpSetSettings, acpSettings } from './acp/settings';

/**
 * One handler per contract channel. Typed as a full HandlerMap, so a channel
 * added to the contract without a handler here fails the type check. Each
 * handler asks for a narrow view of the core (`./context.ts`); the whole
 * `CoreContext` the router passes satisfies every one of them.
 */
export const handlers: HandlerMap<CoreContext> = {
  'app:info': appInfo,
  'app:openExternal': appOpenExternal,
  'app:pickFolder': appPickFolder,
  'app:notify': appNotify,
  'app:setBadge': appSetBadge,
  'app:setNotifications': appSetNotifications,
  'app:setNotifyDone': appSetNotifyDone,
  'app:claimWaitNotice': appClaimWaitNotice,
  'app:missed': appMissed,
  'sessions:list': sessionsList,
  'sessions:search': sessionsSearch,
  'sessions:snippets': sessionsSnippets,
  'sessions:create': sessionsCreate,
  'sessions:checkFolder': sessionsCheckFolder,
  'sessions:folderSuggestions': sessionsFolderSuggestions,
  'sessions:continueIn': sessionsContinueIn,
  'sessions:get': sessionsGet,
  'sessions:rename': sessionsRename,
  'sessions:releaseTitle': sessionsReleaseTitle,
  'sessions:titleHistory': sessionsTitleHistory,
  'sessions:move': sessionsMove,
  'sessions:reorder': sessionsReorder,
  'sessions:setPinned': sessionsSetPinned,
  'sessions:setArchived': sessionsSetArchived,
  'sessions:delete': sessionsDelete,
  'sessions:restore': sessionsRestore,
  'sessions:markRead': sessionsMarkRead,
  'sessions:usage': sessionsUsage,
  'sessions:send': sessionsSend,
  'sessions:stop': sessionsStop,
  'entries:page': entriesPage,
  'terminal:open': terminalOpen,
  'terminal:input': terminalInput,
  'terminal:resize': terminalResize,
  'terminal:interrupt': terminalInterrupt,
  'terminal:close': terminalClose,
  'import:status': importStatus,
  'import:rescan': importRescan,
  'import:resume': importResume,
  'import:source': importSource,
  'import:setEnabled': importSetEnabled,
  'settings:get': settingsGet,
  'settings:set': settingsSet,
  'settings:titleHints': settingsTitleHints,
  'settings:setTitleHint': settingsSetTitleHint,
  'ambient:log': ambientLog,
  'ambient:sessionState': ambientSessionState,
  'ambient:dismiss': ambientDismiss,
  'sessions:regenerateTitle': sessionsRegenerateTitle,
  'sessions:titleAutomatic': sessionsTitleAutomatic,
  'sessions:setTitleAutomatic': sessionsSetTitleAutomatic,
  'agents:availability': agentsAvailability,
  'agents:permissionMode': agentsPermissionMode,
  'agents:setPermissionMode': agentsSetPermissionMode,
  'git:repoInfo': gitRepoInfo,
  'git:worktreeState': gitWorktreeState,
  'git:changes': gitChanges,
  'git:fileDiff': gitFileDiff,
  'checkpoints:list': checkpointsList,
  'checkpoints:diff': checkpointsDiff,
  'checkpoints:restore': checkpointsRestore,
  'git:changeSummaries': gitChangeSummaries,
  'git:suggestCommitMessage': gitSuggestCommitMessage,
  'git:commit': gitCommit,
  'git:mergeCheck': gitMergeCheck,
  'git:merge': gitMerge,
  'git:resolveConflicts': gitResolveConflicts,
  'git:uncommittedFiles': gitUncommittedFiles,
  'git:removeWorktree': gitRemoveWorktree,
  'git:removedWorktrees': gitRemovedWorktrees,
  'git:restoreRemovedWorktree': gitRestoreRemovedWorktree,
  'git:outsideWorktrees': gitOutsideWorktrees,
  'review:list': reviewList,
  'review:add': reviewAdd,
  'review:edit': reviewEdit,
  'review:delete': reviewDelete,
  'review:resolve': reviewResolve,
  'review:text': reviewText,
  'review:send': reviewSend,
  'ui:state': uiState,
  'ui:setState': uiSetState,
  'host:settings': hostSettings,
  'host:setSettings': hostSetSettings,
  'host:start': hostStart,
  'acp:agents': acpAgents,
  'acp:settings': acpSettings,
  'acp:setSettings': acpSetSettings,
  'acp:permission': acpPermission,
  'acp:answerPermission': acpAnswerPermission,
  'acp:sessionOptions': acpSessionOptions,
  'acp:setMode': acpSetMode,
  'acp:setModel': acpSetModel,
  'hosts:list': hostsList,
  'hosts:add': hostsAdd,
  'hosts:remove': hostsRemove,
  'hosts:reconnect': hostsReconnect,
  'hosts:setSshConfig': hostsSetSshConfig,
};

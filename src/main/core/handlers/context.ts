import type { CoreContext } from '../context';

/*
 * What each handler domain uses of the core: handlers are written against these narrow views, never the
 * whole context, so a handler's reach shows in its type. Every member is present (no optional parts to
 * unwrap); the router passes the whole `CoreContext`, which satisfies each of them.
 */

export type AppContext = Pick<CoreContext, 'app' | 'missed' | 'waitNotices'>;
export type SessionsContext = Pick<CoreContext, 'sessions' | 'usage' | 'ambient' | 'worktrees' | 'agents' | 'preferences'>;
export type EntriesContext = Pick<CoreContext, 'sessions'>;
export type TerminalContext = Pick<CoreContext, 'terminals' | 'worktrees'>;
export type ImportContext = Pick<CoreContext, 'imports'>;
export type SettingsContext = Pick<CoreContext, 'ambient' | 'preferences'>;
export type AmbientContext = Pick<CoreContext, 'sessions' | 'ambient'>;
export type AgentsContext = Pick<CoreContext, 'sessions' | 'agents'>;
export type CheckpointsContext = Pick<CoreContext, 'sessions' | 'checkpoints'>;
export type GitContext = Pick<CoreContext, 'sessions' | 'ambient' | 'worktrees' | 'changes' | 'merges' | 'reviews'>;
export type UiContext = Pick<CoreContext, 'preferences'>;
export type HostContext = Pick<CoreContext, 'preferences'>;
/** Remote hosts are the session host's federation's: the core itself uses nothing for them. */
export type HostsContext = Pick<CoreContext, never>;

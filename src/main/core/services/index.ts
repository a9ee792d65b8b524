import type { Agents } from '../agents';
import type { Ambient } from '../ambient';
import type { ImportService } from '../agents/import/importService';
import type { TerminalService } from '../agents/terminal/terminalService';
import type { WorktreeService } from '../git/worktrees';
import type { ChangesService } from '../git/changesService';
import type { MergeService } from '../git/mergeService';
import type { Store } from '../store';
import type { CoreEvents } from '../events';
import type { AppService } from './app';
import type { Preferences } from './preferences';
import type { Clock } from './clock';
import type { CoreHooks } from './hooks';
import type { SessionsService } from './sessions';
import type { UsageService } from './usage';
import type { MissedWhileAway } from './missedWhileAway';

/** What every handler receives, and what other parts of main build on. */
export interface Services {
  readonly store: Store;
  readonly events: CoreEvents;
  readonly hooks: CoreHooks;
  readonly clock: Clock;
  readonly app: AppService;
  readonly sessions: SessionsService;
  /** What each session's turns used (the one writer of the usage table). */
  readonly usage: UsageService;
  /** The user's typed preferences: theme, the chat's default provider and model, the last folder. */
  readonly preferences: Preferences;
  /** The ambient engine (titles, suggestions, notes, names). */
  readonly ambient: Ambient;
  /** What started waiting for the user while no front was attached to the session host (`app:missed`). */
  readonly missed: MissedWhileAway;
  /** The terminal backend (PTY sessions); absent where the core runs without it. */
  readonly terminals?: TerminalService;
  /** The import of other tools' history; absent where the core runs without it. */
  readonly imports?: ImportService;
  /** The chat and claude-code agents (the composer's dispatcher); absent where the core runs without them. */
  readonly agents?: Agents;
  /** A git worktree per session; absent where the core runs without it. */
  readonly worktrees?: WorktreeService;
  /** What worktree sessions changed (the Changes region, the rows' counts); absent where the core runs without it. */
  readonly changes?: ChangesService;
  /** Commit and merge back a session's worktree; absent where the core runs without worktrees. */
  readonly merges?: MergeService;
}

export { AppService, safeExternalUrl } from './app';
export { systemClock, createManualClock, type Clock, type ManualClock } from './clock';
export { CoreHooks, type CoreHookMap, type HookName, type HookListener } from './hooks';
export type { AgentDispatcher } from './dispatchers';
export { UsageService } from './usage';
export { MissedWhileAway } from './missedWhileAway';
export { Preferences, preferencesOf, envSettings } from './preferences';
export { SessionsService, type CreateSessionInput, type AutoTitleInput } from './sessions';
export { RESTORE_WINDOW_MS, PURGE_INTERVAL_MS } from './trash';

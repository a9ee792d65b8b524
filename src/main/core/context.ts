import type { Agents } from './agents';
import type { ImportService } from './agents/import/importService';
import type { TerminalService } from './agents/terminal/terminalService';
import type { SessionReports } from './agents/sessionReports/reportEndpoint';
import type { Ambient } from './ambient';
import type { CoreEvents } from './events';
import type { ChangesService } from './git/changesService';
import type { ReviewService } from './git/reviewService';
import type { CheckpointService } from './git/checkpointService';
import type { CheckpointPruner } from './git/checkpointPruner';
import type { MergeService } from './git/mergeService';
import type { WorktreeService } from './git/worktrees';
import type { AppService } from './services/app';
import type { Clock } from './services/clock';
import type { CoreHooks } from './services/hooks';
import type { Preferences } from './services/preferences';
import type { SessionsService } from './services/sessions';
import type { UsageService } from './services/usage';
import type { MissedWhileAway } from './services/missedWhileAway';
import type { WaitNotices } from './services/waitNotices';

/**
 * Every part of a running core, each one present: `createCore` builds them all. The router hands it
 * to the handlers, each domain of which declares the few members it uses (`handlers/context.ts`).
 * It lives above `services/`, `agents/`, `ambient/` and `git/`, so none of them has to know the others.
 * It holds no store: handlers and use cases reach data through its owners (`ambient:log`: the ambient engine).
 */
export interface CoreContext {
  readonly events: CoreEvents;
  readonly hooks: CoreHooks;
  readonly clock: Clock;
  readonly app: AppService;
  /** The one writer of sessions, titles and entries. */
  readonly sessions: SessionsService;
  /** What each session's turns used (the one writer of the usage table). */
  readonly usage: UsageService;
  /** The user's typed preferences: theme, the chat's default provider and model, the last folder, the window. */
  readonly preferences: Preferences;
  /** The ambient engine (titles, suggestions, notes, names). */
  readonly ambient: Ambient;
  /** What started waiting for the user while no front was attached to the session host (`app:missed`). */
  readonly missed: MissedWhileAway;
  /** Which waits were told, so each is told once (`app:claimWaitNotice`). */
  readonly waitNotices: WaitNotices;
  /** The terminal backend (PTY sessions). */
  readonly terminals: TerminalService;
  /** The import of other tools' history. */
  readonly imports: ImportService;
  /** The chat and claude-code agents (the composer's dispatcher). */
  readonly agents: Agents;
  /** A git worktree per session. */
  readonly worktrees: WorktreeService;
  /** What worktree sessions changed (the Changes region, the rows' counts). */
  readonly changes: ChangesService;
  /** A checkpoint of a session's git working tree at each finished turn (issue 36). */
  readonly checkpoints: CheckpointService;
  /** Checkpoints and removed worktrees past the days kept, pruned in the background (issue 36). */
  readonly pruning: CheckpointPruner;
  /** Commit and merge back a session's worktree. */
  readonly merges: MergeService;
  /** Comments on a session's diff, sent to its agent as one review (issue 35). */
  readonly reviews: ReviewService;
  /** The narrow endpoint agents report about their own session to, each with its token (`agents/sessionReports/`). */
  readonly reports: SessionReports;
}

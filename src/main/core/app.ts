import { homedir } from 'node:os';
import { join } from 'node:path';
import type { HostSettings } from '../../shared/ipc/host';
import type { Core, CoreOptions } from './core';
import { createAmbient } from './ambient';
import { createAgents, type AgentsDeps } from './agents';
import { ImportService } from './agents/import/importService';
import { endLeftoverAgents } from './agents/leftoverAgents';
import { LiveAgentsRecord } from './agents/liveAgentsRecord';
import { TerminalService } from './agents/terminal/terminalService';
import { hookStatus, StatusReport } from './agents/sessionReports/hookStatus';
import { TitleReportSchema } from '../../shared/ipc/sessions';
import { SessionReports } from './agents/sessionReports/reportEndpoint';
import { SessionTokens } from './agents/sessionReports/sessionTokens';
import { TerminalHooks } from './agents/sessionReports/terminalHooks';
import { CoreEvents } from './events';
import { WorktreeService } from './git/worktrees';
import { ReviewService } from './git/reviewService';
import { ReviewOutdatedWatcher } from './git/reviewOutdated';
import { ChangesService } from './git/changesService';
import { CheckpointService } from './git/checkpointService';
import { CheckpointPruner } from './git/checkpointPruner';
import { MergeService } from './git/mergeService';
import { handlers } from './handlers';
import { createLogger } from './logger';
import { Router } from './router/router';
import type { CoreContext } from './context';
import { AppService, CoreHooks, Preferences, SessionsService, UsageService, systemClock, type Clock } from './services';
import { MissedWhileAway } from './services/missedWhileAway';
import { WaitNotices } from './services/waitNotices';
import { startHousekeeping } from './services/housekeeping';
import { openStore, scheduleBackgroundCheck, type Store } from './store';

const log = createLogger('core');

export interface CreateCoreOptions extends CoreOptions {
  /** better-sqlite3's .node file for this runtime (Electron passes its own build). */
  readonly nativeBinding?: string | undefined;
  readonly clock?: Clock;
  /** Folder new sessions use when none is given; default: the user's home folder. */
  readonly defaultFolder?: string;
  /** When the background integrity check starts after a fast start-up (default ~20 s; tests pass 0). */
  readonly backgroundCheckDelayMs?: number;
  /** When the first background pruning of checkpoints starts (default a few seconds; tests pass their own). */
  readonly checkpointPruneDelayMs?: number;
  /** ACP agents' bounds (tests shorten them). */
  readonly acp?: AgentsDeps['acp'];
}

/** The core plus its parts, for what reaches past the router (tests, benches). */
export interface SwarmCore extends Core<CoreContext> {
  /** Every part of this core, each one present: the context the handlers get, with the whole store beneath it (tests, benches). */
  readonly services: CoreContext & { readonly store: Store };
  /** Agent processes and terminals alive now (the session host counts them). */
  liveAgents(): number;
  /** The session host's lifetime settings (SPEC §5.1). */
  hostSettings(): HostSettings;
  /** The session host says whether any front is attached: while none is, what starts waiting is kept for `app:missed`. */
  setAway(away: boolean): void;
  /**
   * Ends the agent process groups a host that stopped unexpectedly left running (the live agents
   * record, `agents.json`), with a note in each one's session. The session host runs it before it
   * serves; resolves with how many it ended.
   */
  endLeftoverAgents(): Promise<number>;
  /** Work to finish before the database closes (stop agents, flush queues); run in reverse order. */
  onClose(fn: () => void | Promise<void>): void;
}

/**
 * Wires the store, events, services and router. Throws DatabaseTooNewError
 * when the data folder holds a database from a newer Swarmdesk.
 */
export function createCore(options: CreateCoreOptions): SwarmCore {
  const clock = options.clock ?? systemClock;
  const defaultFolder = options.defaultFolder ?? homedir();
  const { store, notices, fullCheckSkipped } = openStore({ dataDir: options.dataDir, nativeBinding: options.nativeBinding, now: () => clock.now() });
  for (const notice of notices) log.warn('start-up notice', { notice });

  const events = new CoreEvents();
  const hooks = new CoreHooks();
  const stemmedSearch = (options.env ?? process.env).SWARMDESK_STEMMED_SEARCH !== 'off';
  const sessions = new SessionsService({ store, events, hooks, clock, defaultFolder, stemmedSearch });
  const preferences = new Preferences(store.settings, options.env ?? process.env);
  const app = new AppService({
    preferences,
    platform: options.platform,
    version: options.version ?? '0.0.0-dev',
    platformName: process.platform,
    dataDir: options.dataDir,
    defaultFolder,
    notices,
    events,
    settings: store.settings,
  });
  const env = options.env ?? process.env;
  const reports = new SessionReports(new SessionTokens());
  const terminalHooks = new TerminalHooks(reports, options.dataDir);
  void terminalHooks.ready();
  const terminals = new TerminalService({ sessions, events, coreHooks: hooks, dataDir: options.dataDir, env, hooks: terminalHooks });
  const ambient = createAmbient({ store, events, hooks, sessions, clock, env, secrets: options.platform.secrets ?? null,
    terminalMaterial: (id) => terminals.ambientMaterial(id),
  });
  terminals.register();
  reports.on('status', StatusReport, (sessionId, report) => {
    const status = hookStatus(report);
    if (status !== null) terminals.hookReport(sessionId, status);
  });
  // An agent titles its own session (issue 33): the answer (used, or why not) goes back to its MCP tool.
  reports.on('title', TitleReportSchema, (sessionId, report) => ambient.agentTitles.set(sessionId, report.title));
  ambient.engine.addActivitySource((id) => terminals.screenForAmbient(id));
  const imports = new ImportService({
    store,
    sessions,
    now: () => clock.now(),
    env,
    home: env.HOME || homedir(),
    ambient,
    notice: (message) => {
      notices.push(message); // app:info, for a renderer that connects later
      events.emit('app:notice', { message });
    },
  });
  const usage = new UsageService({ store, events, clock });
  // Opened before any agent can start: what it holds now was left by an earlier core, which is gone (we hold the folder's lock).
  const liveAgentsRecord = new LiveAgentsRecord({ file: join(options.dataDir, 'agents.json'), log: log.child('live-agents') });
  const agents = createAgents({ store, events, hooks, sessions, usage, config: ambient.engine.config, chatPreference: () => preferences.chat(),
    liveAgents: liveAgentsRecord,
    reports,
    acpSettings: { read: () => preferences.acp(), write: (next) => preferences.setAcp(next) },
    env,
    ...(options.acp ? { acp: options.acp } : {}),
  });
  const changes = new ChangesService({ store, events, hooks, env });
  changes.start();
  const keepDays = (): number => preferences.keepCheckpointDays();
  const worktrees = new WorktreeService({ store, sessions, hooks, dataDir: options.dataDir, env, changes, now: () => clock.now(), keepDays });
  worktrees.start();
  void worktrees.checkAllMissing().catch((err: unknown) => log.warn('checking worktrees failed', { err }));
  const merges = new MergeService({ worktrees, sessions, env, changes });
  const reviews = new ReviewService({ store, sessions, changes, terminals, clock, events });
  const reviewsOutdated = new ReviewOutdatedWatcher({ hooks, store, reviews });
  reviewsOutdated.start();
  const checkpoints = new CheckpointService({ hooks, sessions, env, now: () => clock.now() });
  checkpoints.start();
  const pruning = new CheckpointPruner({ sessions, store, checkpoints, keepDays, now: () => clock.now(), env, firstDelayMs: options.checkpointPruneDelayMs });
  pruning.start(); // a timer: start-up never waits on it
  const missed = new MissedWhileAway(events, () => sessions.list(false));
  const waitNotices = new WaitNotices({ hooks, sessions, settings: store.settings, clock });
  const context: CoreContext = { events, hooks, clock, app, sessions, usage, preferences, ambient, missed, waitNotices, terminals, imports, agents, worktrees, changes, checkpoints, pruning, merges, reviews, reports };
  const router = new Router(handlers, context);

  const stopHousekeeping = startHousekeeping(store, sessions.trash, clock);

  imports.start();

  // Start-up skipped the full quick_check (file as our clean close left it): run it in the background.
  const check = fullCheckSkipped
    ? scheduleBackgroundCheck({
        store,
        nativeBinding: options.nativeBinding,
        delayMs: options.backgroundCheckDelayMs,
        onDamage: (notice) => {
          notices.push(notice); // app:info, for a renderer that connects later
          events.emit('app:notice', { message: notice });
        },
      })
    : null;

  // Run in reverse: the agents and terminals stop first, then the entries they left waiting get a last try.
  const closers: Array<() => void | Promise<void>> = [
    () => closeUnsaved(sessions),
    () => worktrees.stop(),
    () => changes.stop(),
    () => checkpoints.stop(),
    () => reviewsOutdated.stop(),
    // Runs before checkpoints.stop() (closers run in reverse): its git is ended, so the queue empties soon.
    () => pruning.stop(),
    () => ambient.close(),
    () => agents.close(),
    () => terminals.close(),
    () => imports.stop(),
    () => missed.close(),
    () => reports.close(),
  ];
  let closing: Promise<void> | null = null;
  return {
    router,
    events,
    services: { ...context, store },
    info: () => app.info(),
    liveAgents: () => agents.runtime.liveCount() + terminals.liveCount(),
    hostSettings: () => preferences.host(),
    setAway: (away) => missed.setAway(away),
    endLeftoverAgents: () =>
      endLeftoverAgents({
        record: liveAgentsRecord,
        log: log.child('live-agents'),
        note: (id, text) => {
          if (store.sessions.get(id)) sessions.recordEntry(id, 'note', text);
        },
      }),
    onClose(fn) {
      closers.push(fn);
    },
    close() {
      closing ??= (async () => {
        stopHousekeeping();
        await check?.stop();
        for (const fn of closers.reverse()) {
          try {
            await fn();
          } catch (err) {
            log.error('close step failed', { err });
          }
        }
        await store.idle();
        store.close();
      })();
      return closing;
    },
  };
}

/** A last try for entries the database could not take; what still waits is logged as lost, never dropped silently. */
function closeUnsaved(sessions: SessionsService): void {
  const left = sessions.flushUnsaved();
  if (left > 0) log.error('closing while the database refuses writes: kept entries could not be saved', { count: left });
  sessions.close();
}

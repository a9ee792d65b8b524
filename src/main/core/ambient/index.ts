/**
 * Creating the ambient engine and wiring it to the core's hooks (CoreHooks): the
 * sessions service's (user messages, opens) and the agent runtime's (turn ends,
 * subagents, background tasks), subscribed here directly.
 */
import { createLogger } from '../logger';
import { AmbientEngine, type AmbientEngineOptions } from './engine';
import { AssistFeature } from './features/assist';
import { CommitMessageFeature } from './features/commitMessage';
import { TerminalTitles } from './features/terminalTitles';
import { AgentTitles } from './features/agentTitle';
import { SWEEP_EVERY_MS, TitleFeature } from './features/titles';

export { AmbientEngine } from './engine';

const log = createLogger('ambient');

export interface Ambient {
  readonly engine: AmbientEngine;
  readonly titles: TitleFeature;
  /** Terminal sessions' titles, paced by their turns. */
  readonly terminalTitles: TerminalTitles;
  /** A title the agent sets itself (its MCP tool): judged, rate-limited, never over the user's. */
  readonly agentTitles: AgentTitles;
  readonly assist: AssistFeature;
  /** The suggested commit message (asked by the Commit dialog). */
  readonly commits: CommitMessageFeature;
  /** The session's stored running summary as stored (unjudged), or undefined ("Continue in…" judges it). */
  runningSummary(sessionId: string): unknown;
  /** Hold all ambient work while history is replayed or imported. */
  pause(reason: string): void;
  resume(reason: string): void;
  close(): void;
}

function guarded<A extends unknown[]>(what: string, fn: (...args: A) => void): (...args: A) => void {
  return (...args) => {
    try {
      fn(...args);
    } catch (err) {
      log.error('ambient hook failed', { what, err });
    }
  };
}

export function createAmbient(opts: AmbientEngineOptions): Ambient {
  const engine = new AmbientEngine(opts);
  const deps = { sessions: opts.sessions, options: opts.store.sessionOptions, clock: opts.clock };
  const titles = new TitleFeature(engine, deps);
  const assist = new AssistFeature(engine, deps);
  const terminalTitles = new TerminalTitles(engine, deps, titles, opts.terminalMaterial ?? (() => null));
  titles.terminals = terminalTitles;
  const { hooks } = opts;
  const off = [
    hooks.on('userMessage', guarded('userMessage', (row, entry) => {
      assist.onUserMessage(row);
      titles.onUserMessage(row, entry.text, engine.recentEntries(row.id, 30));
    })),
    hooks.on('sessionOpened', guarded('sessionOpened', (row, previous) => assist.onSessionOpened(row, previous))),
    hooks.on('turnCompleted', guarded('turnCompleted', (row) => {
      const entries = engine.recentEntries(row.id, 60);
      titles.onTurnCompleted(row, entries);
      assist.onTurnCompleted(row, entries);
    })),
    hooks.on('terminalTurnEnded', guarded('terminalTurnEnded', (row) => terminalTitles.onTurn(row))),
    hooks.on('subagentStarted', guarded('subagentStarted', (parent, child, description) => {
      const task = engine.recentEntries(child.id, 5).find((e) => e.kind === 'user')?.text ?? description;
      assist.onSubagent(parent, child, task);
    })),
    hooks.on('backgroundTaskStarted', guarded('backgroundTaskStarted', (row, command) => assist.onBackgroundTask(row, command))),
  ];
  const sweep = guarded('sweep', () => {
    titles.sweep();
    assist.previewSweep();
  });
  sweep();
  engine.every(SWEEP_EVERY_MS, sweep);
  return {
    engine,
    titles,
    terminalTitles,
    agentTitles: new AgentTitles(engine, deps, (id) => titles.automatic(id)),
    assist,
    commits: new CommitMessageFeature(engine),
    runningSummary: (sessionId) => opts.store.sessionOptions.get(sessionId, 'summary'),
    pause: (reason) => engine.scheduler.pause(reason),
    resume: (reason) => {
      engine.scheduler.resume(reason);
      // An import just finished: the sessions it brought in wait for titles now, not at
      // the next periodic round ten minutes away.
      if (reason === 'import') sweep();
    },
    close: () => {
      for (const f of off) f();
      engine.close();
    },
  };
}

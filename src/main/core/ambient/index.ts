/**
 * Creating the ambient engine and wiring it to the core: the sessions service's hooks,
 * and (through `agentHooks`) the agent runtime's turn, subagent and background events.
 */
import type { SessionRow } from '../../../shared/domain/session';
import { createLogger } from '../logger';
import { AmbientEngine, type AmbientEngineOptions } from './engine';
import { AssistFeature } from './features/assist';
import { SWEEP_EVERY_MS, TitleFeature } from './features/titles';

export { AmbientEngine } from './engine';
export type { SecretBox } from './config';

const log = createLogger('ambient');

/** What the agent runtime calls (its AgentHooksPort). */
export interface AmbientAgentHooks {
  turnCompleted(row: SessionRow): void;
  subagentStarted(parent: SessionRow, child: SessionRow, description: string): void;
  backgroundTaskStarted(row: SessionRow, command: string): void;
}

export interface Ambient {
  readonly engine: AmbientEngine;
  readonly titles: TitleFeature;
  readonly assist: AssistFeature;
  readonly agentHooks: AmbientAgentHooks;
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
  const titles = new TitleFeature(engine);
  const assist = new AssistFeature(engine);
  const { hooks } = opts.services;
  const off = [
    hooks.on('userMessage', guarded('userMessage', (row, entry) => {
      assist.onUserMessage(row);
      titles.onUserMessage(row, entry.text, engine.recentEntries(row.id, 30));
    })),
    hooks.on('sessionOpened', guarded('sessionOpened', (row, previous) => assist.onSessionOpened(row, previous))),
    hooks.on('titleChanged', guarded('titleChanged', (row) => {
      // "Let Swarmdesk title this": the user's title was unpinned, so title it now.
      if (!row.titlePinned && row.titleSource === 'user') void titles.regenerate(row.id);
    })),
  ];
  const agentHooks: AmbientAgentHooks = {
    turnCompleted: guarded('turnCompleted', (row) => {
      const entries = engine.recentEntries(row.id, 60);
      titles.onTurnCompleted(row, entries);
      assist.onTurnCompleted(row, entries);
    }),
    subagentStarted: guarded('subagentStarted', (parent, child, description) => {
      const task = engine.recentEntries(child.id, 5).find((e) => e.kind === 'user')?.text ?? description;
      assist.onSubagent(parent, child, task);
    }),
    backgroundTaskStarted: guarded('backgroundTaskStarted', (row, command) => assist.onBackgroundTask(row, command)),
  };
  const sweep = guarded('sweep', () => {
    titles.sweep();
    assist.previewSweep();
  });
  sweep();
  engine.every(SWEEP_EVERY_MS, sweep);
  return {
    engine,
    titles,
    assist,
    agentHooks,
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

import type { SessionUsage, TurnUsage } from '../../../shared/domain/usage';
import { AppError } from '../../../shared/result';
import type { CoreEvents } from '../events';
import type { Store } from '../store';
import type { UsageSource } from '../store/repos/usage';
import type { Clock } from './clock';

const money = (n: number | null | undefined): number | null => (n !== null && n !== undefined && Number.isFinite(n) && n >= 0 ? n : null);

function count(n: number | undefined): number {
  return n !== undefined && Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
}

/**
 * What each session costs (issue 10 §6): the one writer of the usage table.
 * Each recorded turn pushes the session's new sums as `session:usage`.
 */
export class UsageService {
  constructor(private readonly deps: { store: Store; events: CoreEvents; clock: Clock }) {}

  /** Keeps one turn's usage; NOT_FOUND for a session deleted meanwhile (nothing is written). */
  record(sessionId: string, source: UsageSource, turn: TurnUsage): SessionUsage {
    this.mustExist(sessionId);
    const input = count(turn.inputTokens);
    // Cache parts never exceed the input they are part of, whatever a source sends.
    const cacheRead = Math.min(count(turn.cacheReadTokens), input);
    const cacheWrite = Math.min(count(turn.cacheWriteTokens), input - cacheRead);
    const reportedTotal = money(turn.costTotalUsd);
    let cost = money(turn.costUsd);
    if (reportedTotal !== null) {
      // A total below the last one is a count started afresh (a new CLI session): taken whole.
      const before = this.deps.store.usage.lastReportedTotal(sessionId, source);
      cost = before !== null && reportedTotal >= before ? reportedTotal - before : reportedTotal;
    }
    this.deps.store.usage.add({
      sessionId,
      source,
      inputTokens: input,
      outputTokens: count(turn.outputTokens),
      cacheReadTokens: cacheRead,
      cacheWriteTokens: cacheWrite,
      costUsd: cost,
      reportedTotalUsd: reportedTotal,
      at: this.deps.clock.now(),
    });
    const usage = this.forSession(sessionId);
    this.deps.events.emit('session:usage', usage);
    return usage;
  }

  forSession(sessionId: string): SessionUsage {
    this.mustExist(sessionId);
    const { total, lastTurn } = this.deps.store.usage.forSession(sessionId);
    return { sessionId, total, lastTurn, ambient: this.deps.store.usage.ambientForSession(sessionId) };
  }

  private mustExist(sessionId: string): void {
    if (!this.deps.store.sessions.get(sessionId)) throw new AppError('NOT_FOUND', 'No such session.');
  }
}

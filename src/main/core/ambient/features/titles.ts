/**
 * Titles (SPEC §9.5): created after the first completed turns, maintained on each new
 * user turn (SKIP keeps the title), never over a pinned user title, regenerated on request,
 * and recovered in the background for sessions that have none (new, imported, or holding
 * an old placeholder). A call that fails twice leaves the title as it was and queues the
 * session for a later retry: never stuck forever, never a bad title.
 */
import { completedTurns, digest, firstUserWords, type DigestEntry } from '../../../../shared/ambient/digest';
import { buildTitlePrompt } from '../../../../shared/ambient/prompts/builders';
import type { SessionRow, TitleSource } from '../../../../shared/domain/session';
import { isUsableTitle } from '../../../../shared/judge';
import { createLogger } from '../../logger';
import type { CallOutcome } from '../call';
import type { AmbientEngine, AmbientFeatureDeps } from '../engine';
import { PRIORITY } from '../scheduler';

const log = createLogger('ambient:titles');

export const RETRY_AFTER_MS = 5 * 60_000;
export const SKIPPED_RETRY_MS = 6 * 3_600_000;
export const SWEEP_EVERY_MS = 10 * 60_000;
/** Sessions the sweep takes per round: it shares the hourly budget with live work. */
export const SWEEP_BATCH = 10;

/** What titles a terminal session from its own material (TerminalTitles). */
export interface TerminalTitler {
  ask(row: SessionRow, source: Exclude<TitleSource, 'user'>, priority: number): Promise<CallOutcome | null>;
}

export type RegenerateOutcome = 'titled' | 'kept' | 'no-title' | 'pinned' | 'off';

/** The material a title is made from: the first real user words and the start and end of the record. */
function titleMaterial(row: SessionRow, entries: readonly DigestEntry[]): { first: string | null; activity: string } {
  const first = row.firstUserLine ?? firstUserWords(entries);
  const head = digest(entries.slice(0, 6), 6);
  const tail = digest(entries.slice(6), 10);
  return { first, activity: tail ? `${head}\n${tail}` : head };
}

export class TitleFeature {
  /** Sessions whose last title attempt failed, and when to try again. */
  private readonly retryAt = new Map<string, number>();
  /** Terminal sessions' titles, read from their lines and screen (TerminalTitles, set by createAmbient). */
  terminals: TerminalTitler | null = null;

  constructor(
    private readonly engine: AmbientEngine,
    private readonly deps: AmbientFeatureDeps,
  ) {}

  /** The session's "Title automatically": on unless the user turned it off (SPEC §7.1). */
  automatic(id: string): boolean {
    return this.deps.options.get(id, 'autoTitle') !== false;
  }

  /** Off stops every automatic title (the model's and the agent's) and keeps the current one. */
  setAutomatic(id: string, on: boolean): boolean {
    this.deps.sessions.get(id);
    this.deps.options.set(id, 'autoTitle', on);
    if (!on) this.retryAt.delete(id);
    return this.automatic(id);
  }

  /** The user's title hint for the session's project (a worktree's repository, else its folder). */
  hintFor(row: SessionRow): string | null {
    return this.engine.titleHints.for(row.project ?? row.folder);
  }

  enabled(): boolean {
    const c = this.engine.resolved();
    return c.settings.features.titles && c.chain.length > 0;
  }

  /** After a completed turn: title a session that has none, once enough turns are done. */
  onTurnCompleted(row: SessionRow, entries: readonly DigestEntry[]): void {
    const { titleAfterTurns } = this.engine.resolved().settings;
    if (!this.enabled() || titleAfterTurns === 0 || row.titlePinned || row.title !== null || !this.automatic(row.id)) return;
    if (completedTurns(entries) < titleAfterTurns) return;
    void this.create(row, entries, 'auto', PRIORITY.user);
  }

  /** A new user turn: keep the title if it still fits (SKIP), else replace it. */
  onUserMessage(row: SessionRow, text: string, entries: readonly DigestEntry[]): void {
    // A terminal's title keeps its own pace (its turns, TerminalTitles), not one call per line.
    if (!this.enabled() || row.titlePinned || row.parentId !== null || row.kind === 'terminal') return;
    if (row.title === null || !isUsableTitle(row.title)) return; // creation waits for the turn to complete
    if (!this.automatic(row.id)) return;
    const prompt = buildTitlePrompt({
      currentTitle: row.title,
      userMessage: text,
      activity: digest(entries.slice(-12), 12),
      wordTarget: this.engine.resolved().settings.titleWordTarget,
      titleHint: this.hintFor(row),
    });
    if (!prompt) return;
    void this.engine.ask({ prompt, sessionId: row.id, key: `${row.id}:title` }).then((o) => this.applyOutcome(row.id, o, 'auto'));
  }

  /** "Regenerate title": a fresh title now, whatever the current one says (unless pinned). */
  async regenerate(id: string): Promise<{ row: SessionRow; outcome: RegenerateOutcome }> {
    const row = this.deps.sessions.get(id);
    if (row.titlePinned) return { row, outcome: 'pinned' };
    if (!this.enabled()) return { row, outcome: 'off' };
    const outcome = await this.create(row, this.engine.recentEntries(id), 'auto', PRIORITY.user);
    const after = this.deps.sessions.get(id);
    if (outcome?.verdict === 'use' && after.title !== row.title) return { row: after, outcome: 'titled' };
    if (outcome?.verdict === 'use' || (outcome?.verdict === 'skip' && after.title !== null)) return { row: after, outcome: 'kept' };
    return { row: after, outcome: after.title !== null ? 'kept' : 'no-title' };
  }

  private async create(row: SessionRow, entries: readonly DigestEntry[], source: Exclude<TitleSource, 'user'>, priority: number): Promise<CallOutcome | null> {
    if (row.kind === 'terminal' && this.terminals) return this.terminals.ask(row, source, priority);
    const { first, activity } = titleMaterial(row, entries);
    const prompt = buildTitlePrompt({ userMessage: first, activity, wordTarget: this.engine.resolved().settings.titleWordTarget, titleHint: this.hintFor(row) });
    if (!prompt) return null; // nothing to title from: no call
    const outcome = await this.engine.ask({ prompt, sessionId: row.id, key: `${row.id}:title`, priority, firstUserMessage: first });
    this.applyOutcome(row.id, outcome, source);
    return outcome;
  }

  /** Stores a `use` verdict as the title (unless pinned meanwhile); a failure queues a retry. */
  applyOutcome(id: string, outcome: CallOutcome | null, source: Exclude<TitleSource, 'user'>): void {
    if (!outcome) return;
    if (outcome.verdict === 'use' && outcome.text) {
      this.retryAt.delete(id);
      try {
        const current = this.engine.row(id);
        if (!current || current.title === outcome.text) return;
        this.deps.sessions.setAutoTitle(id, { value: outcome.text, source, model: outcome.model });
      } catch (err) {
        log.warn('could not store a title', { session: id, err });
      }
      return;
    }
    const now = this.deps.clock.now();
    if (outcome.verdict === 'reject' || outcome.verdict === 'error') this.retryAt.set(id, now + RETRY_AFTER_MS);
    // The model said the record does not show what the work is: ask again much later.
    else if (source === 'recovered') this.retryAt.set(id, now + SKIPPED_RETRY_MS);
  }

  /** Due retries, then sessions with no usable title: a few per round, within the budget. */
  sweep(): void {
    if (!this.enabled() || !this.engine.resolved().settings.features.recoverySweep) return;
    const now = this.deps.clock.now();
    const rows = this.deps.sessions.list(true);
    let taken = 0;
    for (const row of rows) {
      if (taken >= SWEEP_BATCH || !this.engine.scheduler.hasBudget()) break;
      if (row.title !== null || row.titlePinned || row.parentId !== null || row.status === 'working') continue;
      const due = this.retryAt.get(row.id);
      if (due !== undefined && due > now) continue;
      if (this.engine.scheduler.isBusy(`${row.id}:title`) || !this.automatic(row.id)) continue;
      const entries = this.engine.recentEntries(row.id, 40);
      if (row.firstUserLine === null && entries.length === 0) continue;
      // A live session is titled when its turns allow (`titleAfterTurns`; 0 = never), not
      // earlier by the sweep; a failed attempt's retry is the sweep's job.
      if (row.kind !== 'imported' && due === undefined) {
        const { titleAfterTurns } = this.engine.resolved().settings;
        if (titleAfterTurns === 0 || completedTurns(entries) < Math.max(1, titleAfterTurns)) continue;
      }
      taken += 1;
      this.retryAt.set(row.id, now + RETRY_AFTER_MS); // the next round leaves it alone meanwhile
      void this.create(row, entries, 'recovered', PRIORITY.background);
    }
  }
}

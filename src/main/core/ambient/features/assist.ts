/**
 * The other ambient features (SPEC §9.5): the next-prompt ghost text, the running summary,
 * the pick-up note, narration of background commands, and names for subagents and batches.
 * Each one submits a job and applies only a judged value; a failure leaves things as they were.
 */
import {
  completedTurns,
  digest,
  latestAssistantText,
  latestExchange,
  type DigestEntry,
} from '../../../../shared/ambient/digest';
import {
  buildBatchNamePrompt,
  buildNarrationPrompt,
  buildPreviewPrompt,
  buildNextPromptPrompt,
  buildPickupNotePrompt,
  buildRunningSummaryPrompt,
  buildSubagentNamePrompt,
} from '../../../../shared/ambient/prompts/builders';
import { isWaitingForUser } from '../../../../shared/ambient/turn-ending';
import type { SessionRow } from '../../../../shared/domain/session';
import { isUsableTitle } from '../../../../shared/judge';
import { createLogger } from '../../logger';
import type { AmbientEngine, AmbientFeatureDeps } from '../engine';

const log = createLogger('ambient:assist');

/** Refresh the running summary once this many turns have passed since the last one. */
export const SUMMARY_EVERY_TURNS = 3;
/** A session idle this long gets a pick-up note when reopened, even without a restart. */
export const LONG_IDLE_MS = 30 * 60_000;
/** Imported sessions previewed per sweep round (they share the hourly budget). */
export const PREVIEW_BATCH = 5;
/** Subagents dispatched this close together form a batch. */
export const BATCH_WINDOW_MS = 2_000;

interface StoredSummary {
  text: string;
  at: number;
}

export class AssistFeature {
  private readonly batches = new Map<string, { at: number; tasks: string[] }>();
  /** Imported sessions already asked for a preview in this run. */
  private readonly previewed = new Set<string>();
  /** Turns completed since the last summary refresh (or its attempt), per session. */
  private readonly turnsSinceSummary = new Map<string, number>();

  constructor(
    private readonly engine: AmbientEngine,
    private readonly deps: AmbientFeatureDeps,
  ) {}

  private features() {
    const c = this.engine.resolved();
    return c.chain.length > 0 ? c.settings.features : null;
  }

  summary(id: string): StoredSummary | null {
    const raw = this.deps.options.get(id, 'summary') as StoredSummary | undefined;
    return raw && typeof raw.text === 'string' ? raw : null;
  }

  /** At turn end: a suggestion unless the assistant waits for the user; the summary every few turns. */
  onTurnCompleted(row: SessionRow, entries: readonly DigestEntry[]): void {
    const f = this.features();
    if (!f) return;
    if (f.nextPrompt && row.parentId === null) {
      if (isWaitingForUser(latestAssistantText(entries))) {
        this.engine.setShown(row.id, 'suggestion', null); // decided in code: no call
      } else {
        const prompt = buildNextPromptPrompt(digest(entries.slice(-16), 16));
        if (prompt) {
          void this.engine.ask({ prompt, sessionId: row.id }).then((o) => {
            if (o?.verdict === 'use' && o.text) this.engine.setShown(row.id, 'suggestion', o.text);
          });
        }
      }
    }
    if (f.runningSummary) this.refreshSummary(row, entries);
  }

  /** The user typed: what was shown for the previous moment no longer applies. */
  onUserMessage(row: SessionRow): void {
    this.engine.setShown(row.id, 'suggestion', null);
    this.engine.setShown(row.id, 'pickupNote', null);
  }

  private refreshSummary(row: SessionRow, entries: readonly DigestEntry[]): void {
    // Counted here, not from the entries: a window of recent entries cannot count turns.
    const since = (this.turnsSinceSummary.get(row.id) ?? 0) + 1;
    if (since < SUMMARY_EVERY_TURNS) {
      this.turnsSinceSummary.set(row.id, since);
      return; // nothing much changed
    }
    this.turnsSinceSummary.set(row.id, 0); // a failed refresh waits for the next few turns too
    const previous = this.summary(row.id);
    const prompt = buildRunningSummaryPrompt({ previousSummary: previous?.text ?? null, newActivity: digest(entries.slice(-30), 30) });
    if (!prompt) return;
    void this.engine.ask({ prompt, sessionId: row.id, priority: 1 }).then((o) => {
      if (o?.verdict === 'use' && o.text) this.deps.options.set(row.id, 'summary', { text: o.text, at: this.deps.clock.now() });
    });
  }

  /**
   * The user opened a session. After a restart (first open since the app started, having
   * been opened before) or a long idle, and when the agent is not mid-turn, write a note.
   */
  onSessionOpened(row: SessionRow, previousOpenedAt: number | null): void {
    const f = this.features();
    if (!f?.pickupNote || row.status === 'working' || previousOpenedAt === null) return;
    const now = this.deps.clock.now();
    const afterRestart = previousOpenedAt < this.engine.startedAt;
    const afterIdle = now - row.updatedAt >= LONG_IDLE_MS;
    if (!afterRestart && !afterIdle) return;
    // One note per coming back: not while one is shown, nor while one is being written (another
    // front opened the session a moment ago; its screen may have moved since, so the prompt differs).
    const key = `${row.id}:pickup-note`;
    if (this.engine.sessionState(row.id).pickupNote !== null || this.engine.scheduler.isBusy(key)) return;
    const entries = this.engine.recentEntries(row.id, 40);
    if (completedTurns(entries) === 0 && !this.summary(row.id)) return;
    const prompt = buildPickupNotePrompt({ summary: this.summary(row.id)?.text ?? null, latestExchange: latestExchange(entries) });
    if (!prompt) return;
    void this.engine.ask({ prompt, sessionId: row.id, key }).then((o) => {
      if (o?.verdict === 'use' && o.text) this.engine.setShown(row.id, 'pickupNote', o.text);
    });
  }

  /** A command went to the background: one sentence in the row's subtitle and the pane. */
  onBackgroundTask(row: SessionRow, command: string, description?: string | null): void {
    if (!this.features()?.narration) return;
    const prompt = buildNarrationPrompt(command, description ?? null);
    if (!prompt) return;
    void this.engine.ask({ prompt, sessionId: row.id, key: `${row.id}:narration:${command.slice(0, 60)}` }).then((o) => {
      if (o?.verdict !== 'use' || !o.text) return;
      try {
        this.deps.sessions.setSubtitle(row.id, o.text);
        this.deps.sessions.appendEntry(row.id, 'note', o.text, { ambient: 'narration' });
      } catch (err) {
        log.warn('could not show a narration', { session: row.id, err });
      }
    });
  }

  /** A subagent was dispatched: name it from its task, distinct from its siblings. */
  onSubagent(parent: SessionRow, child: SessionRow, task: string): void {
    // A child that already has a name (a resumed session replaying its history) keeps it.
    if (!this.features()?.names || child.title !== null) return;
    this.noteBatch(parent, task);
    const prompt = buildSubagentNamePrompt({ task, takenNames: this.siblingNames(parent.id, child.id) });
    if (!prompt) return;
    void this.engine.ask({ prompt, sessionId: child.id, firstUserMessage: task, judge: { takenNames: this.siblingNames(parent.id, child.id) } }).then((o) => {
      if (o?.verdict !== 'use' || !o.text) return;
      const name = this.distinct(o.text, this.siblingNames(parent.id, child.id));
      try {
        this.deps.sessions.setAutoTitle(child.id, { value: name, source: 'auto', model: o.model });
      } catch (err) {
        log.warn('could not name a subagent', { session: child.id, err });
      }
    });
  }

  private siblingNames(parentId: string, exceptId: string): string[] {
    return this.deps.sessions
      .list(true)
      .filter((r) => r.parentId === parentId && r.id !== exceptId && r.title !== null)
      .map((r) => r.title as string);
  }

  /** Two siblings finishing at once can still pick the same name: number the later one. */
  private distinct(name: string, taken: readonly string[]): string {
    const lower = new Set(taken.map((t) => t.toLowerCase()));
    if (!lower.has(name.toLowerCase())) return name;
    for (let n = 2; n < 100; n += 1) {
      const candidate = `${name} ${n}`;
      if (!lower.has(candidate.toLowerCase()) && isUsableTitle(candidate)) return candidate;
    }
    return name;
  }

  /** Two or more subagents within the window are a batch: name it once, on the parent's subtitle. */
  private noteBatch(parent: SessionRow, task: string): void {
    const now = this.deps.clock.now();
    const batch = this.batches.get(parent.id);
    if (!batch || now - batch.at > BATCH_WINDOW_MS) {
      this.batches.set(parent.id, { at: now, tasks: [task] });
      return;
    }
    batch.tasks.push(task);
    if (batch.tasks.length !== 2) return; // named once, when it becomes a batch
    const prompt = buildBatchNamePrompt({ task: batch.tasks[0] });
    if (!prompt) return;
    void this.engine.ask({ prompt, sessionId: parent.id, firstUserMessage: batch.tasks[0] ?? null }).then((o) => {
      if (o?.verdict !== 'use' || !o.text) return;
      try {
        this.deps.sessions.setSubtitle(parent.id, o.text);
      } catch (err) {
        log.warn('could not show a batch name', { session: parent.id, err });
      }
    });
  }

  /** Imported sessions have no subtitle of their own: a short preview of what they were about. */
  previewSweep(): void {
    const f = this.features();
    if (!f?.recoverySweep) return;
    let taken = 0;
    for (const row of this.deps.sessions.list(true)) {
      // The cheap test first: the budget reads the settings, and this walks every session at start-up.
      if (row.kind !== 'imported' || row.subtitle !== null || this.previewed.has(row.id)) continue;
      if (taken >= PREVIEW_BATCH || !this.engine.scheduler.hasBudget()) break;
      this.previewed.add(row.id);
      const prompt = buildPreviewPrompt(digest(this.engine.recentEntries(row.id, 30), 30));
      if (!prompt) continue;
      taken += 1;
      void this.engine.ask({ prompt, sessionId: row.id, priority: 1 }).then((o) => {
        if (o?.verdict !== 'use' || !o.text) return;
        try {
          if (this.engine.row(row.id)?.subtitle === null) this.deps.sessions.setSubtitle(row.id, o.text);
        } catch (err) {
          log.warn('could not show a preview', { session: row.id, err });
        }
      });
    }
  }
}

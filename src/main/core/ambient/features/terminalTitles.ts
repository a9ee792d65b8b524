/**
 * Titles for terminal sessions (issue 32, SPEC §8 and §9.5), through the same title path as every
 * kind (the same kinds, judge, chain and store; never over a pinned user title), but paced by a
 * terminal's turns: a submitted line whose command ended, or the agent CLI's `Stop`. Created after
 * the first turns (`titleAfterTurns`); after that first call, asked again (a create the model
 * skipped, or a maintain where SKIP keeps the title) at most once every MAINTAIN_EVERY_TURNS turns
 * or MAINTAIN_EVERY_MS, and never while the lines and the screen are as they were at the last
 * call: a terminal where nothing new happened costs nothing.
 */
import { buildTerminalTitlePrompt, TERMINAL_TITLE_LINES } from '../../../../shared/ambient/prompts/terminalTitle';
import type { SessionRow, TitleSource } from '../../../../shared/domain/session';
import { isUsableTitle } from '../../../../shared/judge';
import type { CallOutcome } from '../call';
import type { AmbientEngine, AmbientFeatureDeps, TerminalMaterialSource } from '../engine';
import { PRIORITY } from '../scheduler';
import type { TerminalTitler, TitleFeature } from './titles';

/** After its first call, a terminal is asked again after this many turns at the most often… */
export const MAINTAIN_EVERY_TURNS = 5;
/** …or once this long has passed since its last call, at its next turn. */
export const MAINTAIN_EVERY_MS = 10 * 60_000;

interface TerminalInput {
  readonly lines: string[];
  readonly screen: string | null;
  readonly windowTitle: string | null;
}

/** Per terminal: turns since the last call, when that call was, and what it read. */
interface Pace {
  turns: number;
  /** Every turn this run (creation waits for `titleAfterTurns` of them). */
  total: number;
  lastCallAt: number;
  /** Calls made this run. */
  calls: number;
  /** The lines and screen the last call read. */
  lastRead: string | null;
  /** The lines and screen at the last counted turn. */
  lastTurnRead: string | null;
}

export class TerminalTitles implements TerminalTitler {
  private readonly pace = new Map<string, Pace>();

  constructor(
    private readonly engine: AmbientEngine,
    private readonly deps: AmbientFeatureDeps,
    private readonly titles: TitleFeature,
    private readonly material: TerminalMaterialSource,
  ) {}

  /** A terminal's turn ended: create its title, or maintain it when its pace allows, if anything changed. */
  onTurn(row: SessionRow): void {
    if (row.kind !== 'terminal' || row.titlePinned || !this.titles.enabled() || !this.hasModel() || !this.titles.automatic(row.id)) return;
    const { titleAfterTurns } = this.engine.resolved().settings;
    if (titleAfterTurns === 0) return;
    const now = this.deps.clock.now();
    const pace = this.paceOf(row.id);
    const input = this.input(row);
    const read = readOf(input);
    // The same turn told twice (a TUI's glyph and its hook's Stop), or a turn where nothing happened: not counted.
    if (read === pace.lastTurnRead) return;
    pace.lastTurnRead = read;
    pace.turns += 1;
    pace.total += 1;
    if (pace.total < titleAfterTurns) return;
    // After the first call, every next one keeps the pace: a terminal the model could not title
    // yet (SKIP: only `cd` and `ls` so far) is asked again a few turns on, not after every command.
    if (pace.calls > 0 && pace.turns < MAINTAIN_EVERY_TURNS && now - pace.lastCallAt < MAINTAIN_EVERY_MS) return;
    if (read === pace.lastRead) return; // nothing new to read since the last call: no call
    const titled = row.title !== null && isUsableTitle(row.title);
    void this.ask(row, 'auto', PRIORITY.user, titled, input);
  }

  /**
   * Asks now: a new title (`maintain` false: Regenerate, a due retry, the first turns) or whether the
   * current one still fits. Resolves with the judged outcome, applied as every title is.
   */
  async ask(row: SessionRow, source: Exclude<TitleSource, 'user'>, priority: number, maintain = false, input = this.input(row)): Promise<CallOutcome | null> {
    const prompt = buildTerminalTitlePrompt({
      ...input,
      currentTitle: maintain ? row.title : null,
      wordTarget: this.engine.resolved().settings.titleWordTarget,
      titleHint: this.titles.hintFor(row),
    });
    const pace = this.paceOf(row.id);
    pace.turns = 0;
    pace.calls += 1;
    pace.lastCallAt = this.deps.clock.now();
    pace.lastRead = readOf(input);
    if (!prompt) return null;
    // No first message for the offline titler: a command line is never a title ("Echo hello", "Cd src"); without
    // a model the terminal keeps its label, its last program and folder (issue 32).
    const outcome = await this.engine.ask({ prompt, sessionId: row.id, key: `${row.id}:title`, priority, firstUserMessage: null });
    this.titles.applyOutcome(row.id, outcome, source);
    return outcome;
  }

  /** Whether a model (not the offline titler, which titles from a first message only) can title a terminal. */
  private hasModel(): boolean {
    return this.engine.providersFor('title-create').some((p) => p.id !== 'offline');
  }

  /** The submitted lines (the session's 'user' entries, so they outlive a restart) and what the terminal shows. */
  private input(row: SessionRow): TerminalInput {
    const lines = this.engine
      .recentEntries(row.id, 60)
      .filter((e) => e.kind === 'user')
      .map((e) => e.text)
      .slice(-TERMINAL_TITLE_LINES);
    const shown = this.material(row.id);
    return { lines, screen: shown?.screen ?? null, windowTitle: shown?.windowTitle ?? null };
  }

  private paceOf(id: string): Pace {
    let pace = this.pace.get(id);
    if (!pace) {
      pace = { turns: 0, total: 0, lastCallAt: this.deps.clock.now(), calls: 0, lastRead: null, lastTurnRead: null };
      this.pace.set(id, pace);
    }
    return pace;
  }
}

/** What a call reads that decides whether another is worth making: the lines and the screen. */
function readOf(input: TerminalInput): string {
  return `${input.lines.join('\n')}\u0000${input.screen ?? ''}`;
}

import { InputLineTracker } from './inputLine';
import { readEcho, readLineTaker, type EchoState, type LineTaker } from './ttyProbe';

/** Keystrokes for one PTY write; `lines` are the submitted lines that may be recorded. */
export interface Delivery {
  readonly lines: string[];
  /** They went to a program running in the terminal (an answer, a REPL's line), not to the shell's prompt. */
  readonly toProgram: boolean;
}

/**
 * Turns what the user types into the PTY into submitted lines, keeping out
 * what the terminal did not echo (a password at `read -s`, sudo or ssh). The
 * echo is read at a line's first keystroke and again just before its Enter
 * reaches the PTY; a line is secret when either says hidden (or cannot tell).
 * Writes stay in order: each waits for the one before it, and only a write
 * holding an Enter waits for a probe (at most `STTY_TIMEOUT_MS`).
 */
export class LineRecorder {
  private readonly tracker = new InputLineTracker();
  private chain: Promise<unknown> = Promise.resolve();
  /** The probe from the current line's first keystroke. */
  private firstProbe: Promise<EchoState> | null = null;

  constructor(
    private readonly write: (data: string) => void,
    private readonly probe: () => Promise<EchoState> = () => Promise.resolve('shown'),
    /** Who takes a line at its Enter (null: cannot tell, taken as the shell's). */
    private readonly taker: () => Promise<LineTaker | null> = () => Promise.resolve(null),
  ) {}

  /** Send keystrokes to the PTY (in order); resolves with the lines they completed that may be kept. */
  input(data: string): Promise<Delivery> {
    const next = this.chain.then(() => this.deliver(data));
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async deliver(data: string): Promise<Delivery> {
    const submits = /[\r\n]/.test(data);
    if (!submits) {
      if (!this.tracker.pending) this.firstProbe = null;
      this.write(data);
      this.tracker.push(data);
      if (this.tracker.pending) this.firstProbe ??= this.probe();
      return { lines: [], toProgram: false };
    }
    // Before the Enter reaches the PTY: once it does, a password prompt turns the echo back on, and a
    // command submitted at the shell's prompt becomes the foreground job (its line is the shell's).
    const [first, atEnter, taker] = await Promise.all([this.firstProbe ?? Promise.resolve<EchoState>('shown'), this.probe(), this.taker()]);
    this.firstProbe = null;
    this.write(data);
    const lines = this.tracker.push(data);
    return { lines: first === 'shown' && atEnter === 'shown' ? lines : [], toProgram: taker === 'program' };
  }
}

/** Who takes a line typed in the PTY whose process is `pid` (Linux; elsewhere unknown: the shell's). */
export function takerProbe(pid: number): () => Promise<LineTaker | null> {
  return () => readLineTaker(pid);
}

/** The probe for a PTY's slave device; without one (Windows) every line counts as shown. */
export function echoProbe(ptsName: string | null): () => Promise<EchoState> {
  return ptsName ? () => readEcho(ptsName) : () => Promise.resolve('shown');
}

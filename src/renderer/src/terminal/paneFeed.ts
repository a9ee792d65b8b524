/** A piece of a terminal's output stream: `offset` counts the characters before `data`. */
export interface StreamPiece {
  readonly data: string;
  readonly offset: number;
}

/** Where the feed writes: the screen on view, and the hidden one the scrollback is restored into. */
export interface FeedTargets {
  front(data: string): void;
  back(data: string): void;
}

/**
 * What a terminal pane writes where, by output offset, while it opens in two steps: the visible
 * screen first (a snapshot ending at some offset), then the whole scrollback into a hidden screen
 * behind it (a later snapshot, ending further on), which then takes the front's place. Live output
 * goes to the front from the screen's offset on and to the back from the scrollback's offset on;
 * what arrives before a snapshot is held until it comes, and what a snapshot already holds is
 * skipped, so each screen gets every character once and in order.
 */
export class PaneFeed {
  /** Where the front's stream ends; null until the screen's snapshot is written. */
  private frontTo: number | null = null;
  /** Where the back's stream ends; null until the scrollback's snapshot is written. */
  private backTo: number | null = null;
  /** Output held for the front (before the screen) and for the back (after the screen, until the scrollback). */
  private heldForFront: StreamPiece[] = [];
  private heldForBack: StreamPiece[] | null = null;

  constructor(private readonly targets: FeedTargets) {}

  live(piece: StreamPiece): void {
    if (this.frontTo === null) {
      this.heldForFront.push(piece);
      return;
    }
    this.frontTo = this.feed(piece, this.frontTo, this.targets.front);
    if (this.heldForBack !== null) this.heldForBack.push(piece);
    else if (this.backTo !== null) this.backTo = this.feed(piece, this.backTo, this.targets.back);
  }

  /** The visible screen's snapshot: written to the front, then the output held for it. From now on the back's output is held too. */
  screen(snapshot: StreamPiece): void {
    if (snapshot.data) this.targets.front(snapshot.data);
    this.frontTo = snapshot.offset;
    this.heldForBack = [];
    for (const piece of this.heldForFront.splice(0)) this.live(piece);
  }

  /** The scrollback's snapshot: written to the back, then what arrived since the screen, from its offset on. */
  scrollback(snapshot: StreamPiece): void {
    if (snapshot.data) this.targets.back(snapshot.data);
    this.backTo = snapshot.offset;
    const held = this.heldForBack ?? [];
    this.heldForBack = null;
    for (const piece of held) this.backTo = this.feed(piece, this.backTo, this.targets.back);
  }

  /** The back took the front's place: it is the front now (its writes go through `front`), and nothing is restored any more. */
  swapped(): void {
    if (this.backTo !== null) this.frontTo = this.backTo;
    this.backTo = null;
    this.heldForBack = null;
  }

  /** The scrollback will not come (its open failed): stop holding output for it. */
  noScrollback(): void {
    this.heldForBack = null;
  }

  /** Writes what of `piece` lies past `to`; returns where that stream ends now. */
  private feed(piece: StreamPiece, to: number, write: (data: string) => void): number {
    const end = piece.offset + piece.data.length;
    const skip = to - piece.offset;
    if (skip >= piece.data.length) return to;
    write(skip > 0 ? piece.data.slice(skip) : piece.data);
    return Math.max(to, end);
  }
}

/** Runs `run` once the page has painted what is written now (the frame after this one), so a slower step waits behind the paint. */
export function afterNextPaint(run: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(run, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(run, 0));
}

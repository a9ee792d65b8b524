/**
 * What the user did to the rows drawn before React (`earlyPaint.ts`), kept until React's rows replace
 * them (`earlyTakeover.ts` acts on it then): the first row seen is a row that works, not a picture.
 * Shared by the early rows' chunk and the app's; done in the order they came, as React's rows would have.
 */
export type EarlyIntent =
  /** A click on a row, or Enter on it (`byKey`: the composer then takes the keyboard, as on React's rows). */
  | { kind: 'open'; id: string; newPane: boolean; byKey: boolean }
  /** The row's "⋯", a right click (at `at`), or the context-menu key. */
  | { kind: 'menu'; id: string; at: { x: number; y: number } | null }
  /** A double click on a row, or F2 on it: its title field. */
  | { kind: 'rename'; id: string }
  /** A parent row's subagents shown or hidden. */
  | { kind: 'subagents'; id: string }
  /** A project's heading folded or unfolded. */
  | { kind: 'group'; group: string };

/** More than a person does in the ~0.2 s before React (a double click is three). */
const KEPT = 8;

let intents: EarlyIntent[] = [];
let focused: string | null = null;

export function recordEarlyIntent(next: EarlyIntent): void {
  intents.push(next);
  if (intents.length > KEPT) intents.shift();
}

/** The early row that has the keyboard (null: none). */
export function recordEarlyFocus(id: string | null): void {
  focused = id;
}

/** What was done, oldest first, and which row had the keyboard; once (the early rows are gone after). */
export function takeEarlyIntents(): { intents: EarlyIntent[]; focused: string | null } {
  const taken = { intents, focused };
  intents = [];
  focused = null;
  return taken;
}

/**
 * What a program in a terminal says about itself through terminal conventions (SPEC §8, terminal status,
 * second in the order of trust after an agent CLI's own hooks): an attention request asks for the user, and a
 * known TUI's window-title glyph says whether it works or its turn ended.
 */

/** What the terminal's output signalled, as the status watch reads it. */
export type TerminalSignal =
  /** An attention request (OSC 9, OSC 777 notify, OSC 99): the program waits for the user. */
  | { readonly type: 'attention' }
  /** The bell (BEL): waiting, unless it answers a keystroke (a shell's completion bell). */
  | { readonly type: 'bell' }
  /** The window title changed (OSC 0/2), already bounded by `boundedTitle`. */
  | { readonly type: 'title'; readonly title: string };

/** The OSC numbers that carry an attention request. */
export const ATTENTION_OSC = [9, 777, 99] as const;

/**
 * Whether an OSC's payload (what follows `ESC ] <ident> ;`) is an attention request. OSC 9 is one (iTerm2's
 * and Windows Terminal's notification) except `9;4;…`, ConEmu's progress report; OSC 777 only as `notify;…`
 * (urxvt's and Ghostty's); OSC 99 (kitty's notification) always.
 */
export function isAttention(ident: number, data: string): boolean {
  if (ident === 9) return !/^4(;|$)/.test(data);
  if (ident === 777) return /^notify(;|$)/.test(data);
  return ident === 99;
}

/** The most of a window title anything reads: a program may set one of megabytes. */
export const TITLE_MAX = 256;

// C0, DEL and C1 control characters: a title is shown and read as text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** A window title as read: control characters removed, at most `TITLE_MAX` characters, trimmed. */
export function boundedTitle(raw: string): string {
  return Array.from(raw.slice(0, TITLE_MAX * 4).replace(CONTROL, ''))
    .slice(0, TITLE_MAX)
    .join('')
    .trim();
}

/** What a known TUI's title glyph says: working, or idle (its turn ended, or it has not begun one). */
export type TitleActivity = 'working' | 'idle';

/** Claude Code's spinner glyphs, one after another while it works (`◐ Claude Code`). */
const SPINNING = new Set(['◐', '◓', '◑', '◒']);
/** Claude Code's resting glyph (`✳ Claude Code`): at start-up and after each turn. */
const RESTING = new Set(['✳']);

/** The activity a title's leading glyph shows (null: not a title a known TUI sets). */
export function titleActivity(title: string): TitleActivity | null {
  const [glyph, ...rest] = Array.from(title);
  if (glyph === undefined || rest[0] !== ' ' || rest.join('').trim() === '') return null;
  if (SPINNING.has(glyph)) return 'working';
  if (RESTING.has(glyph)) return 'idle';
  return null;
}

/** What a key press in the terminal does besides reaching the program. */
export type TerminalKeyAction = 'copy' | 'paste' | 'find' | 'leave' | 'program';

/** A Tab this soon after Escape moves focus out of the terminal instead of reaching the program. */
export const LEAVE_AFTER_ESCAPE_MS = 1_000;

interface KeyLike {
  readonly type: string;
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  readonly metaKey: boolean;
}

/**
 * The terminal's own keys, decided on keydown: copy (Ctrl+Shift+C, or Ctrl+C
 * while text is selected), paste (Ctrl+Shift+V: the browser's paste event does
 * the rest), find (Ctrl+Shift+F), and leave (Tab or Shift+Tab within a second
 * of Escape). Everything else is the program's, Tab included.
 */
export function terminalKeyAction(e: KeyLike, hasSelection: boolean, msSinceEscape: number): TerminalKeyAction {
  if (e.type !== 'keydown' || e.altKey || e.metaKey) return 'program';
  const key = e.key.toLowerCase();
  if (e.ctrlKey && e.shiftKey) {
    if (key === 'c') return 'copy';
    if (key === 'v') return 'paste';
    if (key === 'f') return 'find';
  }
  if (e.ctrlKey && !e.shiftKey && key === 'c' && hasSelection) return 'copy';
  if (!e.ctrlKey && key === 'tab' && msSinceEscape <= LEAVE_AFTER_ESCAPE_MS) return 'leave';
  return 'program';
}

import type { ColorScheme } from '../colorScheme';

export { currentColorScheme, watchColorScheme, type ColorScheme } from '../colorScheme';

/** The terminal's colours for the app's light and dark looks; xterm cannot read CSS, so they are kept here beside the tokens in `styles/base.css`. */
export interface TerminalTheme {
  readonly background: string;
  readonly foreground: string;
  readonly cursor: string;
  readonly cursorAccent: string;
  readonly selectionBackground: string;
  readonly black: string;
  readonly white: string;
  readonly brightBlack: string;
  readonly brightWhite: string;
  readonly yellow: string;
  readonly brightYellow: string;
}

const THEMES: Record<ColorScheme, TerminalTheme> = {
  // Matches --bg-code / --text / --accent of the light tokens; ANSI white and yellow darkened so they stay readable on a light ground.
  light: {
    background: '#f3f3f1',
    foreground: '#1d1d1f',
    cursor: '#2563eb',
    cursorAccent: '#f3f3f1',
    selectionBackground: 'rgba(37, 99, 235, 0.25)',
    black: '#1d1d1f',
    white: '#6e6e73',
    brightBlack: '#6e6e73',
    brightWhite: '#3a3a3e',
    yellow: '#9a6700',
    brightYellow: '#b07d00',
  },
  dark: {
    background: '#26262a',
    foreground: '#ececf0',
    cursor: '#6d95ff',
    cursorAccent: '#26262a',
    selectionBackground: 'rgba(96, 140, 255, 0.35)',
    black: '#3a3a3e',
    white: '#d4d4d8',
    brightBlack: '#74747c',
    brightWhite: '#ffffff',
    yellow: '#e5c07b',
    brightYellow: '#ffd580',
  },
};

export function terminalTheme(scheme: ColorScheme): TerminalTheme {
  return THEMES[scheme];
}

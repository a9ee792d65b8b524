/**
 * A terminal session's title prompt (issue 32, SPEC §8 and §9.5): the same create and maintain
 * kinds as every session's, read from what a terminal has instead of a transcript: the lines
 * the user submitted, the plain text of the screen's tail, and the program's own window title
 * (OSC 0/2) when it says something (a TUI's or a shell's default name never does). Each piece
 * is its own tagged block, cleaned and masked for secrets by `materialBlock`. Pure.
 */
import { acceptLine, isUsableTitle } from '../../judge/judge';
import { clampTarget, HINT_RULE } from './builders';
import { hasContent, materialBlock, type ClipBudget } from './material';
import { PLAIN_TEXT, REPLY_FORMAT, assemble, type AmbientPrompt } from './shared';

const LINES: ClipBudget = { head: 300, tail: 700 };
/** The end of the screen is where things stand: most of the budget goes there. */
const SCREEN: ClipBudget = { head: 200, tail: 900 };
const LINE: ClipBudget = { head: 200, tail: 100 };
/** The newest submitted lines a prompt reads. */
export const TERMINAL_TITLE_LINES = 20;
/** A window title is judged as one line of this size at most (terminalSignals bounds it to 256). */
const WINDOW_TITLE_LIMITS = { maxWords: 40, maxChars: 256 };

export interface TerminalTitleInput {
  /** The stored title; used only when the judge calls it usable, else the prompt creates. */
  readonly currentTitle?: string | null;
  /** What the user submitted (echoed lines only), oldest first. */
  readonly lines: readonly string[];
  /** The plain text of the screen's last lines. */
  readonly screen?: string | null;
  /** The program's window title, as it set it. */
  readonly windowTitle?: string | null;
  readonly wordTarget?: number;
  /** The project's title hint from the user's settings: data, in its own block (as in buildTitlePrompt). */
  readonly titleHint?: string | null;
}

/**
 * Whether a window title is worth reading: one line the judge would accept, not a default name
 * (`✳ Claude Code`, `◐ …`, `me@box: ~/src`, `bash`, a bare path), not generic words alone.
 */
export function isTellingWindowTitle(title: string | null | undefined): title is string {
  return hasContent(title) && acceptLine(title, WINDOW_TITLE_LIMITS, 'title', 'model').ok;
}

/** A title from a terminal's work; null when there is nothing to read (no call). */
export function buildTerminalTitlePrompt(input: TerminalTitleInput): AmbientPrompt | null {
  const target = clampTarget(input.wordTarget);
  const lines = input.lines.filter((l) => hasContent(l)).slice(-TERMINAL_TITLE_LINES);
  const screen = hasContent(input.screen) ? input.screen : null;
  const windowTitle = isTellingWindowTitle(input.windowTitle) ? input.windowTitle : null;
  if (lines.length === 0 && screen === null && windowTitle === null) return null;
  const current = input.currentTitle && isUsableTitle(input.currentTitle) ? input.currentTitle : null;
  const blocks: string[] = [];
  if (current !== null) blocks.push(materialBlock('current_title', current, LINE));
  if (lines.length > 0) blocks.push(materialBlock('submitted_lines', lines.join('\n'), LINES));
  if (screen !== null) blocks.push(materialBlock('screen_tail', screen, SCREEN));
  if (windowTitle !== null) blocks.push(materialBlock('window_title', windowTitle, LINE));
  const hint = hasContent(input.titleHint) ? input.titleHint : null;
  if (hint !== null) blocks.push(materialBlock('title_hint', hint, LINE));

  const what =
    'The material is a terminal session: submitted_lines holds the lines the user typed (commands, or answers to a program), screen_tail the last lines the terminal shows, window_title the title the running program gave its window.';
  const goal = 'A title names the overall goal of the work, the way a good pull-request title does: not the last command, and never a command line itself.';
  const rules = [`Use ${target} words or fewer, in the language the user writes in.`, PLAIN_TEXT, 'No trailing period.', ...(hint !== null ? [HINT_RULE] : []), REPLY_FORMAT];
  if (current === null) {
    return assemble(
      'title-create',
      [
        'Write a short title for this terminal session so its owner can find it again in a long list.',
        what,
        goal,
        'Prefer concrete names from the material: projects, files, services, tests, errors.',
        'Reply SKIP when the material does not show what the work is, for example only moving between folders, listing files or clearing the screen.',
        ...rules,
      ],
      blocks,
      40,
      target,
    );
  }
  return assemble(
    'title-maintain',
    [
      'A terminal session has the title in the current_title block. Decide whether it still names the overall goal, given what the user ran since.',
      what,
      goal,
      'Reply SKIP when it still fits: the next step of the same goal, a check, a fix-up, moving around.',
      'Only when the goal itself is new or clearly wider, write a new title covering it.',
      'Never repeat the current title back; SKIP says it stays.',
      ...rules,
    ],
    blocks,
    40,
    target,
  );
}

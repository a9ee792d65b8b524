/**
 * What a line submitted in a terminal ran (issue 32, SPEC §7): the name of its last program, for a
 * terminal's label without a title ("pytest · billing-api"). Never a whole pipeline, never re-cased.
 */

/** Words that run the program after them, not a program of their own. */
const WRAPPERS = new Set(['sudo', 'doas', 'time', 'nohup', 'env', 'exec', 'command', 'builtin', 'nice', 'caffeinate', 'stdbuf', 'xargs']);
/** Shell keywords that open or close a compound command; the program is inside. */
const KEYWORDS = new Set(['do', 'then', 'else', 'elif', 'if', 'while', 'until', '{', '(', '!']);
/** A compound command's header or its end: no program there. */
const HEADERS = new Set(['for', 'select', 'case', 'done', 'fi', 'esac', 'function', '}', ')']);
/** Builtins that change the shell, not run work: skipped when something else ran. */
const SHELL_STATE = new Set(['cd', 'pushd', 'popd', 'export', 'unset', 'set', 'source', '.', 'alias', 'clear', 'exit', 'true', 'false', 'echo', 'printf', 'read']);
/** A shell's own name is a default name, never a label (issue 32). */
const SHELLS = new Set(['bash', 'zsh', 'sh', 'fish', 'dash', 'ksh', 'tcsh', 'csh', 'nu', 'pwsh', 'powershell', 'cmd']);

/** Whether a program's name (`bash`, `/bin/zsh`, `-bash` as a login shell's) is a shell's. */
export function isShellName(name: string): boolean {
  return SHELLS.has((name.split(/[\\/]/).pop() ?? '').replace(/^-/, '').replace(/\.exe$/i, '').toLowerCase());
}

/**
 * A line typed in a terminal to a program running there (an answer to Python's `input()`, a REPL's line,
 * a prompt to an agent CLI), not at the shell's prompt: its 'user' entry carries this in its meta (`to`),
 * and it is never the terminal's command (its label's program), only what was typed.
 */
export const TO_PROGRAM = 'program';

/** Whether an entry's meta marks a line typed to a program, not a command (`TO_PROGRAM`). */
export function isProgramInput(meta: Readonly<Record<string, unknown>> | null | undefined): boolean {
  return meta?.to === TO_PROGRAM;
}

/** A program's name as shown: a path's last part, no quotes; null for what is not a name. */
function programName(word: string): string | null {
  const bare = word.replace(/^["']|["']$/g, '');
  const name = bare.split(/[\\/]/).pop() ?? '';
  return /^[\p{L}\p{N}_][\p{L}\p{N}_.+@-]*$/u.test(name) && /\p{L}/u.test(name) ? name : null;
}

/** The program a simple command runs: its first word past assignments (`FOO=1`) and wrappers (`sudo`, `time`). */
function programOf(command: string): string | null {
  const words = command.trim().split(/\s+/).filter((w) => w !== '');
  let i = 0;
  while (i < words.length) {
    const w = words[i] ?? '';
    if (KEYWORDS.has(w) || WRAPPERS.has(w) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(w) || (w.startsWith('-') && i > 0)) i += 1;
    else break;
  }
  const first = words[i];
  if (first === undefined || HEADERS.has(first)) return null;
  return programName(first);
}

/**
 * The last program a submitted line ran: of `a && b; c | d` it is `c` (the last command, and of a
 * pipeline its first program, the one doing the work); `cd` and other shell-state builtins count only
 * when nothing else ran; a shell's own name is null. `pytest -q | tail` is `pytest`.
 */
export function lastProgramOf(line: string): string | null {
  // Quoted text is an argument, never a separator: drop it before splitting.
  const unquoted = line.replace(/"(?:[^"\\]|\\.)*"|'[^']*'/g, '""');
  const commands = unquoted.split(/&&|\|\||;|(?<![<>])&(?!>)|\n/).map((c) => c.split(/\|(?!\|)/)[0] ?? '');
  let fallback: string | null = null;
  for (let i = commands.length - 1; i >= 0; i -= 1) {
    const program = programOf(commands[i] ?? '');
    if (program === null) continue;
    if (SHELL_STATE.has(program)) {
      fallback ??= program;
      continue;
    }
    return SHELLS.has(program) ? null : program;
  }
  return fallback;
}

/** Text that reads as a shell command rather than words: a program and its flags, a pipe, a chain, a redirect. */
export function looksLikeCommand(text: string): boolean {
  const line = text.trim();
  if (line.includes('\n') || !/^[a-z0-9_./~-]/.test(line)) return false;
  return /\s--?[A-Za-z]|\s\|\s|&&|\|\||\s[<>]\s?\S|\$\(|^\S*\/\S*(\s|$)|=\S/.test(line);
}

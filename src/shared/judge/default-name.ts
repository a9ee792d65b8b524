/**
 * Default names: what a tool calls a session before anyone names it ("New chat", "Untitled 3",
 * "New session - 2026-12-02T09:14:03.512Z", "Session #12", "zsh"), and, for text a model
 * wrote, any name made of generic words only ("Agent 2", "Worker task").
 *
 * Who wrote it matters. A person who names swarm panes "Worker 2" or "Agent 3" means it, so a
 * rename is refused only for a DEFAULT name: generic words with a default marker ("new",
 * "untitled"…) or whose nouns are only the tool's own kinds (chat, session, terminal, a tool
 * name). A model asked for a title that answers "Agent 2" said nothing: generic-only is
 * refused there, and for stored titles not typed by a person.
 *
 * A trailing (or leading) timestamp, date, time, counter or id is a default name's usual
 * suffix in any of its forms, so it is set aside first: "New Chat (2)", "Session 12/02/2026
 * 09:14", "Chat 1733130843", "Thread a1b2c3d".
 */
import { matchForm, wordsForm } from './text';

/**
 * Generic words that, on their own or only with each other, name no session: "New chat",
 * "Untitled conversation", "Claude Code session", "Agent 2", "My project". A title made of
 * nothing but these (with at least one noun or tool name) is a placeholder. "New chat export"
 * is not: "export" is not generic.
 */
const GENERIC_MODIFIERS = new Set([
  'new', 'untitled', 'unnamed', 'blank', 'empty', 'default', 'generic', 'my', 'a', 'an', 'another', 'the',
  'this', 'current', 'fresh', 'recent', 'latest', 'last', 'active', 'general', 'temp', 'temporary',
  'sample', 'example', 'placeholder', 'unknown', 'ai', 'coding', 'code', 'llm', 'interactive', 'quick',
  'simple', 'basic', 'sub',
]);
const GENERIC_NOUNS = new Set([
  'chat', 'chats', 'conversation', 'conversations', 'session', 'sessions', 'thread', 'threads', 'composer',
  'agent', 'subagent', 'task', 'tab', 'terminal', 'window', 'project', 'prompt', 'query', 'topic',
  'request', 'discussion', 'dialog', 'dialogue', 'message', 'note', 'document', 'doc', 'file', 'page',
  'workspace', 'item', 'entry', 'instance', 'run', 'title', 'name', 'worker', 'batch', 'job', 'step',
  'helper', 'work', 'console', 'shell', 'repl', 'summary', 'untitled',
]);
/** Agent and shell names: a terminal tab titled "zsh" or a thread titled "Gemini" names the
 *  tool, not the work. */
const TOOL_NAMES = new Set([
  'claude', 'anthropic', 'codex', 'gemini', 'copilot', 'cursor', 'aider', 'chatgpt', 'gpt', 'openai',
  'assistant', 'opencode', 'zed', 'swarmdesk', 'ollama', 'bash', 'zsh', 'sh', 'fish', 'powershell', 'pwsh',
  'cmd',
]);



/** Markers only a default name carries: a person who types "New chat" means the default. */
const DEFAULT_MARKERS = new Set([
  'new', 'untitled', 'unnamed', 'blank', 'empty', 'default', 'placeholder', 'sample', 'example', 'generic',
  'temp', 'temporary',
]);
/** The tool's own kinds of thing: a name made of these says which tool, not which work. */
const DEFAULT_NOUNS = new Set([
  'chat', 'chats', 'conversation', 'conversations', 'session', 'sessions', 'thread', 'threads', 'composer',
  'tab', 'terminal', 'window', 'console', 'shell', 'repl', 'workspace', 'dialog', 'untitled',
]);

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
/** One stamp: ISO date-time, numeric date, clock time, month-name date, compact or epoch
 *  stamp, UUID, hex id (with a digit), or a counter ("#12", "(2)", "no. 3", "v2"). */
const STAMP = [
  '\\d{4}-\\d{1,2}-\\d{1,2}(?:[t\\s]+\\d{1,2}[:.]\\d{2}(?:[:.]\\d{2}(?:\\.\\d+)?)?\\s*(?:z|utc|gmt|[+-]\\d{2}:?\\d{2})?)?',
  '\\d{1,2}[/.]\\d{1,2}[/.]\\d{2,4}',
  '\\d{1,2}:\\d{2}(?::\\d{2}(?:\\.\\d+)?)?\\s*(?:am|pm|z|utc|gmt)?',
  `${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?`,
  `\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}(?:,?\\s+\\d{4})?`,
  '\\d{8}(?:[t_-]?\\d{4,6})?',
  '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
  '(?=[a-f]*\\d)[0-9a-f]{6,}',
  '(?:#|no\\.?\\s*|v)?\\d+',
  '\\(\\d+\\)',
  '\\[\\d+\\]',
].join('|');
const SEPARATOR = '[\\s\\-\\u2013\\u2014_,@\\u00b7|:/()[\\]]*(?:(?<![\\p{L}\\p{N}])(?:at|on|from)\\s+)?';
/** A stamp starts a word of its own: "Worker2" keeps its digit, "chat 12" does not. */
const TRAILING_STAMP = new RegExp(`${SEPARATOR}(?<![\\p{L}\\p{N}])(?:${STAMP})[\\s)\\]]*$`, 'u');
const LEADING_STAMP = new RegExp(`^[\\s([]*(?:${STAMP})${SEPARATOR}`, 'u');

/** The words of `text` with its stamps and counters set aside ("New session - 2026-12-02…"
 *  → ["new", "session"]). A text that is only a stamp keeps it: "2026" is not a default name. */
function nameWords(text: string): string[] {
  let form = matchForm(text);
  for (let i = 0; i < 6; i += 1) {
    const next = form.replace(TRAILING_STAMP, '').replace(LEADING_STAMP, '');
    if (next === form || next.trim() === '') break;
    form = next;
  }
  // A weekday and its "at"/"on" are the last pieces of a stamp ("at Sat, 01 Jan 2000 …").
  const words = wordsForm(form).split(' ').filter((w) => w !== '' && !WEEKDAYS.has(w) && !STAMP_JOINERS.has(w));
  while (words.length > 1 && /^\p{N}+$/u.test(words[words.length - 1] ?? '')) words.pop();
  return words;
}

/** Whether the words are generic only, with at least one noun or tool name. */
function isOnlyGenericWords(words: readonly string[]): boolean {
  let named = false;
  for (const word of words) {
    if (GENERIC_NOUNS.has(word) || TOOL_NAMES.has(word)) named = true;
    else if (!GENERIC_MODIFIERS.has(word)) return false;
  }
  return named;
}

const STAMP_JOINERS = new Set(['at', 'on', 'from']);
const WEEKDAYS = new Set([
  'mon', 'monday', 'tue', 'tues', 'tuesday', 'wed', 'wednesday', 'thu', 'thur', 'thurs', 'thursday', 'fri', 'friday',
  'sat', 'saturday', 'sun', 'sunday',
]);

/** Words a stamp is written with, besides numbers: month names, "at", "am", "utc"… */
const STAMP_WORDS = new Set([
  'jan', 'january', 'feb', 'february', 'mar', 'march', 'apr', 'april', 'may', 'jun', 'june', 'jul', 'july',
  'aug', 'august', 'sep', 'sept', 'september', 'oct', 'october', 'nov', 'november', 'dec', 'december',
  'at', 'on', 'from', 'am', 'pm', 'utc', 'gmt', 'no', 'v', 'z', 't', 'st', 'nd', 'rd', 'th',
]);

/** A cheap first look: every word is generic, holds a digit (a stamp, an id) or is a stamp's
 *  word. Most texts fail here on their first real word, before any stamp is matched. */
function mayBeGenericName(text: string): boolean {
  for (const word of wordsForm(text).split(' ')) {
    if (word === '' || /\p{N}/u.test(word)) continue;
    if (!GENERIC_MODIFIERS.has(word) && !GENERIC_NOUNS.has(word) && !TOOL_NAMES.has(word) && !STAMP_WORDS.has(word) && !WEEKDAYS.has(word)) {
      return false;
    }
  }
  return true;
}

/** A name made of generic words only, stamps aside: "Agent 2", "New chat", "Worker task". */
export function isGenericName(text: string): boolean {
  return mayBeGenericName(text) && isOnlyGenericWords(nameWords(text));
}

/** A TUI's window title opens with its status glyph (Claude Code's `✳` resting, `◐`…`◒` spinning, a braille spinner). */
const STATUS_GLYPH_TITLE = /^\s*[\u25D0-\u25D3\u2733\u2736\u273B\u273D\u2722\u00B7\u2800-\u28FF]/u;
/** A shell's window title: `user@host: ~/dir`, `user@host:/srv/app`. */
const SHELL_PROMPT_TITLE = /^\s*[\w.-]+@[\w.-]+:\s*(?:~|\/|[A-Za-z]:\\)/u;
/** A bare path: `/home/me/app`, `~/src/app`, `./build`, `C:\\Users\\me`. */
const BARE_PATH = /^\s*(?:(?:~|\.{1,2})?(?:\/[^\s/]*)+\/?|~|[A-Za-z]:(?:\\[^\s\\]*)+\\?|\\\\[^\s\\]+(?:\\[^\s\\]*)+)\s*$/u;

/** What a terminal's program puts in its window title when it has nothing to say (issue 32). */
export function isWindowTitleDefault(text: string): boolean {
  return STATUS_GLYPH_TITLE.test(text) || SHELL_PROMPT_TITLE.test(text) || BARE_PATH.test(text);
}

/** A tool's default name, stamps aside: "New session - 2026-12-02T09:14:03.512Z", "Chat 3",
 *  "Claude Code session", "zsh", a terminal's `✳ Claude Code`, `◐ …`, `user@host: ~/dir` or a bare path.
 *  Not "Worker 2" or "Agent 3": people name panes so. */
export function isDefaultName(text: string): boolean {
  if (isWindowTitleDefault(text)) return true;
  if (!mayBeGenericName(text)) return false;
  const words = nameWords(text);
  if (!isOnlyGenericWords(words)) return false;
  if (words.some((w) => DEFAULT_MARKERS.has(w))) return true;
  return words.every((w) => GENERIC_MODIFIERS.has(w) || DEFAULT_NOUNS.has(w) || TOOL_NAMES.has(w));
}

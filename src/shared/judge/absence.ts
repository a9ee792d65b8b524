/**
 * Text that is ABOUT the absence of a title (or name, note...) rather than one: the
 * placeholders agent tools show ("New chat", "Untitled 3", "(none yet)"), the prompt's
 * abstain token echoed back, and every common wording of "nothing here".
 *
 * Precision matters as much as recall: "None of the tests pass", "Keep alive pings" and
 * "No title bar on Windows" are real titles. So the lists are compared against the WHOLE
 * text (in `wordsForm`, where case and punctuation are gone), and only a few prefixes that
 * no real title begins with are matched at the start.
 */
import { isGenericName } from './default-name';
import { visibleForm, wordsForm } from './text';

/** Whole replies that say "nothing here". Compared after trailing numbers are dropped,
 *  so "Untitled 3" and "Session #12" match "untitled" and "session". */
const ABSENCE_EXACT: readonly string[] = [
  // nothing / no value
  'none', 'nothing', 'nil', 'null', 'undefined', 'nan', 'void', 'empty', 'blank', 'missing', 'unknown',
  'n a', 'na', 'n d', 'not applicable', 'not available', 'unavailable', 'not set', 'not specified',
  'not provided', 'not found', 'no data', 'no content', 'no input', 'no text', 'no value', 'object object',
  'tbd', 'tba', 'tbc', 'to be determined', 'to be decided', 'to be announced', 'todo', 'placeholder',
  'pending', 'loading', 'loading summary', 'generating', 'generating title', 'summarizing', 'summarising',
  'thinking', 'processing', 'please wait', 'waiting', 'waiting for input', 'waiting for the user',
  'nothing here', 'nothing yet', 'nothing to title', 'nothing to summarize', 'nothing to summarise',
  'nothing to report', 'nothing to name', 'no messages', 'no messages yet', 'no conversation',
  'no conversation yet', 'no context', 'no topic', 'no subject', 'no description',
  // "no title" and its relatives
  'untitled', 'unnamed', 'nameless', 'no name', 'no title', 'no title yet', 'no title available',
  'no title provided', 'no title generated', 'no title needed', 'no title set', 'title unavailable',
  'title not available', 'title pending', 'title missing', 'missing title', 'title here', 'your title here',
  'insert title', 'insert title here', 'title goes here', 'enter title', 'enter a title', 'add a title',
  'sample title', 'example title', 'short title', 'concise title', 'a concise title', 'a short title',
  'suggested title', 'generated title', 'session title', 'chat title', 'conversation title',
  'title', 'name', 'subject', 'topic', 'summary', 'no summary', 'no summary available',
  'conversation summary', 'session summary', 'chat summary', 'summary of the conversation',
  // the abstain tokens and "no change" in the model's own words
  'keep', 'skip', 'answer', 'pass', 'keep the current title', 'keep current title', 'keep the title',
  'keep title', 'keep it', 'keep as is', 'same', 'same as before', 'same title', 'no change', 'no changes',
  'no change needed', 'no update', 'no update needed', 'unchanged', 'not changed', 'still fits',
  'the title still fits', 'current title', 'not yet',
  // stored states from other tools and older builds
  'no goal', 'no goal yet', 'no task', 'no activity', 'no recent activity', 'idle', 'inactive',
  'user request', 'user question', 'user query', 'user message', 'user input', 'user prompt',
  'greeting', 'general', 'misc', 'miscellaneous', 'other', 'random', 'various', 'general chat',
  'general conversation', 'general discussion', 'general question', 'general inquiry', 'general help',
  'lorem ipsum', 'help', 'question', 'a question', 'quick question', 'help request', 'assistance',
  'support request', 'inquiry', 'coding help', 'code help', 'coding question', 'coding assistance',
  // localised placeholders seen in imported sessions
  '新对话', '新的对话', '新聊天', '新会话', '新建对话', '未命名', '无标题', '新しいチャット', '無題',
  '新規チャット', '새 채팅', '새 대화', 'nuevo chat', 'nueva conversación', 'nueva conversacion',
  'sin título', 'sin titulo', 'neuer chat', 'neue unterhaltung', 'unbenannt', 'ohne titel',
  'nouvelle conversation', 'nouveau chat', 'sans titre', 'nuova chat', 'senza titolo', 'novo chat',
  'nova conversa', 'sem título', 'новый чат', 'без названия',
];

/** Prefixes no real title starts with: a note about absence followed by its reason.
 *  Deliberately few: "no title" and "title not" are NOT here ("No title bar on Windows",
 *  "Title not updating in swarm row" are real titles). */
const ABSENCE_PREFIXES: readonly string[] = [
  'none yet', 'nothing yet', 'nothing to title', 'nothing to summarize', 'nothing to summarise',
  'no title yet', 'no title could', 'no title can', 'no summary yet', 'no goal established', 'no goal yet',
  'no goal set', 'no task yet', 'no activity yet', 'not yet established', 'not yet titled', 'not yet named',
  'untitled untitled', 'title not yet', 'awaiting first message', 'waiting for the first message',
  'waiting for the user s first', 'waiting for first message', 'no messages yet', 'no conversation yet',
];

/** The abstain tokens the prompts use; in CAPITALS at the start they are the token, with an
 *  explanation after ("KEEP — the title still fits"). Case-sensitive on purpose: "Keep alive
 *  pings" and "Skip list for the scheduler" are real titles. */
const LEADING_TOKEN = /^[^\p{L}\p{N}]*(?:KEEP|SKIP|ANSWER|NONE|NO_TITLE)(?![\p{L}\p{N}_])/u;

const PAIRS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}', '<': '>' };

/**
 * A text that is entirely one bracketed note: "(none yet)", "[no summary]", "<no title>",
 * "{title}". Only ONE balanced pair wrapping the WHOLE text counts: "(WIP) Fix login
 * redirect (again)" and "[Windows] Fix installer crash [x64]" are real titles.
 */
export function isWrappedNote(text: string): boolean {
  const t = text.trim();
  const open = t.charAt(0);
  const close = PAIRS[open];
  if (close === undefined || !t.endsWith(close) || t.length < 2) return false;
  let depth = 0;
  for (let i = 0; i < t.length; i += 1) {
    const c = t.charAt(i);
    if (c === open) depth += 1;
    else if (c === close) {
      depth -= 1;
      if (depth <= 0 && i !== t.length - 1) return false;
    }
  }
  return depth === 0;
}

const EXACT = new Set(ABSENCE_EXACT.map(wordsForm));
const PREFIXES = ABSENCE_PREFIXES.map(wordsForm);

/**
 * Whether the text is a note about absence: a bracketed note, the abstain token, a whole
 * "nothing here" phrase (a trailing counter ignored: "Untitled 3") or one of its prefixes.
 * This is all a person's rename is refused for, besides default names.
 */
export function isAbsenceNote(text: string): boolean {
  const visible = visibleForm(text);
  if (isWrappedNote(visible) || LEADING_TOKEN.test(visible)) return true;
  const form = wordsForm(text);
  if (form === '') return true;
  const words = form.split(' ');
  // "Untitled 3", "Session #12": a placeholder with a counter is still one.
  while (words.length > 1 && /^\p{N}+$/u.test(words[words.length - 1] ?? '')) words.pop();
  if (EXACT.has(words.join(' '))) return true;
  return PREFIXES.some((p) => form === p || form.startsWith(`${p} `));
}

/** Whether the text is about the absence of a value rather than a value: an absence note,
 *  or a name made of generic words only ("New chat", "Agent 2", "zsh"). */
export function isAbsence(text: string): boolean {
  return isAbsenceNote(text) || isGenericName(text);
}

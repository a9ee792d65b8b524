/**
 * The display label of a session (SPEC §7, contract): the usable title; else the first real
 * user line, cleaned and clipped to 60 characters (shown muted); else facts about the
 * session (agent kind, folder name, relative time). It never returns a placeholder: every
 * candidate must have a letter and pass the judge's absence check, or the next one is used.
 */
import { isCompactionSummary } from './compaction';
import type { SessionKind } from './domain/session';
import { isAbsence } from './judge/absence';
import { isDefaultName, isWindowTitleDefault } from './judge/default-name';
import { isUsableTitleFrom } from './judge/judge';
import { collapseWhitespace, hasLetter, stripInvisible } from './judge/text';
import { isErrorText, isToolMarkup, isToolMeta } from './judge/tool-text';
import { lastProgramOf } from './terminalCommand';
import { relativeTime } from './time';

export interface LabelInput {
  title: string | null;
  /** Who wrote the title ('user': a person's rename, judged as one); absent: judged as a model's. */
  titleSource?: string | null;
  /** An imported title that arrived pinned was a person's rename in that tool (`isPersonTitle`). */
  titlePinned?: boolean;
  /** The first user entry that is not a compaction summary, raw; for a terminal, the last submitted line. */
  firstUserLine: string | null;
  kind: SessionKind;
  /** An ACP session's agent id: its name stands for the kind where Swarmdesk knows it. */
  agent?: string | undefined;
  /** Its name as the session's host knows it (a user-defined agent's too). */
  agentName?: string | undefined;
  folder: string;
  updatedAt: number;
}

export interface DisplayLabel {
  text: string;
  derived: 'title' | 'first-line' | 'facts';
}

/** How many characters (code points) of a first line the label keeps before "…". */
export const FIRST_LINE_MAX_CHARS = 60;

const KIND_NAMES: Readonly<Record<SessionKind, string>> = {
  chat: 'Chat',
  'claude-code': 'Claude Code',
  acp: 'ACP agent',
  terminal: 'Terminal',
  imported: 'Imported',
};

/** The built-in ACP agents' names by id (SPEC §7.1); a user-defined agent's name is known to its settings only. */
const ACP_AGENT_NAMES: Readonly<Record<string, string>> = { gemini: 'Gemini CLI', codex: 'Codex', qwen: 'Qwen Code' };

/** A built-in ACP agent's name by its id ("gemini" → "Gemini CLI"); undefined for any other id. */
export function builtInAcpAgentName(agent: string): string | undefined {
  return Object.hasOwn(ACP_AGENT_NAMES, agent) ? ACP_AGENT_NAMES[agent] : undefined;
}

/**
 * What runs a session, in words: its kind, or for an ACP session its agent's name: the one the row carries
 * (`agentName`, from its host), else a built-in agent's ("Gemini CLI").
 */
export function agentKindName(kind: SessionKind, agent?: string, agentName?: string): string {
  if (kind !== 'acp') return KIND_NAMES[kind];
  return agentName ?? (agent !== undefined ? builtInAcpAgentName(agent) : undefined) ?? KIND_NAMES[kind];
}

/** "a Claude Code session", "a Chat session", "an imported session": a kind inside a sentence. */
export function aSessionOfKind(kind: SessionKind, agent?: string): string {
  if (kind === 'imported') return 'an imported session';
  const name = agentKindName(kind, agent);
  return `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name} session`;
}

/** A first line worth showing: has a letter, and is not a placeholder, an error text or markup. */
function isShowable(text: string): boolean {
  return text !== '' && hasLetter(text) && !isAbsence(text) && !isErrorText(text) && !isToolMarkup(text) && !isWindowTitleDefault(text);
}

/** Wrapper blocks agent CLIs put into user entries (reminders, local command output). */
const NOISE_BLOCKS = /<(system-reminder|local-command-[a-z-]+|user-prompt-submit-hook)\b[^>]*>[\s\S]*?<\/\1\s*>/giu;
/** Custom-element style tags (`<command-name>`): kept text, dropped tag. Plain HTML such as
 *  `<div>` has no hyphen and stays, since the user may be asking about it. */
const HYPHENATED_TAGS = /<\/?[a-z]+(?:-[a-z]+)+\b[^<>]*>/giu;
const FENCED_CODE = /```[^\n]*\n?([\s\S]*?)(?:```|$)/gu;
const LINE_MARKERS = /^(?:>+\s*|#{1,6}\s+|[-*+•]\s+|\d{1,3}[.)]\s+|\[[ xX]\]\s+)+/u;
/** A slash command opening the message (`/review`, `/compact`); "/usr/bin is missing" is a path. */
const LEADING_SLASH_COMMAND = /^\/[a-z][\w:.-]*(?=\s|$)/iu;

function cleanMarkdown(text: string): string {
  const joined = text
    .split(/\r\n|[\r\n\u2028\u2029]/u)
    .map((line) => line.trim().replace(LINE_MARKERS, ''))
    .filter((line) => line !== '')
    .join(' ');
  return collapseWhitespace(
    joined
      .replace(/!\[([^\]]*)\]\([^)]*\)/gu, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/gu, '$1')
      .replace(/\*\*|__|~~|`/gu, '')
      .replace(/(^|\s)\*(\S(?:[^*]*\S)?)\*(?=$|[\s.,!?;:])/gu, '$1$2'),
  );
}

/** Cuts to `max` code points on a word boundary (when one keeps at least half) and adds "…". */
function clip(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  let cut = chars.slice(0, max).join('');
  const lastSpace = cut.lastIndexOf(' ');
  if (chars[max] !== ' ' && lastSpace >= cut.length / 2) cut = cut.slice(0, lastSpace);
  return `${cut.replace(/[\s.,;:!?\-–—([{"'`]+$/u, '')}…`;
}

/**
 * The first user message as a label line, or null when it has nothing to show: a compaction
 * summary (ours, Claude Code's or Codex's wording), a tool's markup or meta line (a slash
 * command echo, `<environment_context>`, a caveat, "[Request interrupted by user]", hook
 * output), only a slash command, an error text, or itself a placeholder ("untitled", "n/a").
 * A short real line such as "hi" is kept: it is what the user said. Importers use this too,
 * so the first line they keep is the first one that can be shown.
 */
export function firstLineLabel(raw: string): string | null {
  if (isCompactionSummary(raw)) return null;
  const withoutNoise = stripInvisible(raw).replace(NOISE_BLOCKS, ' ');
  if (isToolMeta(withoutNoise.trimStart())) return null;
  const unwrapped = withoutNoise.replace(HYPHENATED_TAGS, ' ');
  const asLine = (text: string): string => cleanMarkdown(text).replace(LEADING_SLASH_COMMAND, '').trim();
  let line = asLine(unwrapped.replace(FENCED_CODE, ' '));
  // A message that is only pasted code (and perhaps a command) is labelled by the code.
  if (!isShowable(line)) line = asLine(unwrapped.replace(/```[^\n]*/gu, ' '));
  if (!isShowable(line)) return null;
  const clipped = clip(line, FIRST_LINE_MAX_CHARS);
  return isShowable(clipped) ? clipped : null;
}

/** The last segment of a folder path, POSIX or Windows, clipped so a label stays one glance. */
function folderName(folder: string): string {
  const trimmed = collapseWhitespace(stripInvisible(folder)).replace(/[\\/]+$/u, '');
  const last = trimmed.split(/[\\/]/u).pop() ?? '';
  return clip(last, 40);
}

function factsLabel(input: LabelInput, now: number): string {
  const when = relativeTime(input.updatedAt, now) || 'time unknown';
  return [agentKindName(input.kind, input.agent, input.agentName), folderName(input.folder), when].filter((part) => part !== '').join(' · ');
}

export function displayLabel(input: LabelInput, now: number): DisplayLabel {
  if (input.title !== null && isUsableTitleFrom(input.title, input.titleSource ?? null, input.titlePinned ?? false)) {
    // The judge has spoken for this author ("Worker 2" is a person's, shown as given).
    const text = collapseWhitespace(stripInvisible(input.title));
    if (text !== '' && hasLetter(text)) return { text, derived: 'title' };
  }
  if (input.kind === 'terminal') {
    // A terminal's line is the last one submitted (the store gives it): its program and the folder,
    // never the whole line, never re-cased ("pytest · billing-api").
    const program = input.firstUserLine === null ? null : lastProgramOf(input.firstUserLine);
    if (program !== null && isShowable(program) && !isDefaultName(program)) {
      // Judged whole as well: a folder named like a placeholder ("<untitled>") must not make the label read as one.
      const text = `${program} · ${folderName(input.folder)}`;
      if (isShowable(text)) return { text, derived: 'first-line' };
    }
  } else if (input.firstUserLine !== null) {
    const line = firstLineLabel(input.firstUserLine);
    if (line !== null) return { text: line, derived: 'first-line' };
  }
  return { text: factsLabel(input, now), derived: 'facts' };
}

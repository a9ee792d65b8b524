import type { EntryKind, SessionKind } from '../../../shared/domain/session';
import { maskSecretText } from '../../../shared/secretText';

/*
 * What a row's subtitle says its agent last did when there is no narration (SPEC §7, issue 32): computed by
 * the host as each entry is appended, from that entry alone, and kept on the row (`sessions.activity`), so
 * the list reads it with the row. A tool call says its verb and object ("edited x.ts", "ran npm test"); an
 * answer, its first words. Secrets are masked before anything is cut (a cut must not leave half a key).
 */

/** The longest activity kept (the row shows one line; the tooltip the rest). */
export const MAX_ACTIVITY = 120;

type Meta = Readonly<Record<string, string | number | boolean | null>> | null;

/** Claude Code's (and a chat's) tool names: what each did, as a past verb, and whether its detail is a file. */
const CLI_TOOLS: Readonly<Record<string, { verb: string; file?: true }>> = {
  Edit: { verb: 'edited', file: true },
  MultiEdit: { verb: 'edited', file: true },
  NotebookEdit: { verb: 'edited', file: true },
  Write: { verb: 'wrote', file: true },
  Read: { verb: 'read', file: true },
  Bash: { verb: 'ran' },
  Grep: { verb: 'searched for' },
  Glob: { verb: 'looked for' },
  WebFetch: { verb: 'fetched' },
  WebSearch: { verb: 'searched the web for' },
  Task: { verb: 'started a subagent:' },
  Agent: { verb: 'started a subagent:' },
};

/** An ACP tool call's kind, as a past verb (the kinds of ACP's ToolKind). */
const ACP_KINDS: Readonly<Record<string, string>> = { read: 'read', edit: 'edited', delete: 'deleted', move: 'moved', search: 'searched', execute: 'ran', fetch: 'fetched' };

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** A path's last two segments ("src/x.ts"): enough to know the file, short enough for a row. */
function fileName(path: string): string {
  const parts = path.replace(/[\\/]+$/, '').split(/[\\/]/).filter(Boolean);
  return parts.slice(-2).join('/') || path;
}

/** How much of an activity's text is masked and then cut: well past MAX_ACTIVITY, so no secret shown is cut in two. */
const MASK_HEAD_CHARS = 4_000;

/** `text` cut to MAX_ACTIVITY at a word, with an ellipsis when cut. */
function bounded(text: string): string {
  if (text.length <= MAX_ACTIVITY) return text;
  const cut = text.slice(0, MAX_ACTIVITY - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAX_ACTIVITY / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function toolActivity(sessionKind: SessionKind, text: string, meta: Meta): string | null {
  const tool = typeof meta?.tool === 'string' ? meta.tool : '';
  const summary = typeof meta?.summary === 'string' ? oneLine(meta.summary) : '';
  if (sessionKind === 'acp') {
    const verb = ACP_KINDS[tool];
    // The first location the call names (translate.ts writes them on a line of their own).
    const where = /^locations: ([^,\n]+)/m.exec(text)?.[1];
    if (verb && verb !== 'ran' && where) return `${verb} ${fileName(where.trim())}`;
    if (verb === 'ran' && summary) return `ran ${summary}`;
    return summary || null;
  }
  const known = Object.hasOwn(CLI_TOOLS, tool) ? CLI_TOOLS[tool] : undefined;
  if (known) return summary ? `${known.verb} ${known.file ? fileName(summary) : summary}` : null;
  if (tool === 'TodoWrite') return 'updated its to-do list';
  if (!tool) return null;
  return summary ? `used ${tool}: ${summary}` : `used ${tool}`;
}

/**
 * The activity an appended entry gives its row, or null when this entry says nothing new (a user's line,
 * thinking, a tool's result, a terminal's entries: a terminal's row says its last line itself).
 */
export function entryActivity(sessionKind: SessionKind, kind: EntryKind, text: string, meta: Meta): string | null {
  if (sessionKind === 'terminal' || sessionKind === 'imported') return null;
  let activity: string | null = null;
  if (kind === 'tool-use') activity = toolActivity(sessionKind, text, meta);
  // A message committed in parts (a runaway answer) says its start once, with its first part.
  else if (kind === 'assistant' && meta?.part !== true) activity = oneLine(text) || null;
  if (activity === null) return null;
  // Only the start is shown: the masker is run over a bounded head (it is quadratic in its input, and a
  // 1 MB answer held the host's thread for minutes). The head still holds a whole private-key block.
  const masked = oneLine(maskSecretText(activity.slice(0, MASK_HEAD_CHARS)));
  return masked === '' ? null : bounded(masked);
}

import { isAbsolute, relative } from 'node:path';
import type { AgentEventSink, NewEntry } from '../types';
import { renderToolContent, type ToolContentLike } from './toolContent';

/*
 * ACP `session/update` notifications → the runtime's events, per the transcript conventions
 * of issue 16: message and thought chunks stream and are committed as one entry when the
 * message ends (a tool call, the other kind of chunk, a plan, the end of the turn); a tool
 * call is a `tool-use` entry at once and a `tool-result` at its end (updates before that are
 * held); a plan is a checklist note; an update kind Swarmdesk does not know is a note.
 */

/** A raw input longer than this is clipped in the tool-use entry. */
export const MAX_TOOL_INPUT_CHARS = 8 * 1024;
/** A streaming message longer than this is committed in parts. */
export const MAX_STREAM_CHARS = 1024 * 1024;

/** What the translator reads of an update (the SDK's `SessionUpdate`, read defensively: agents vary). */
export interface UpdateLike {
  readonly sessionUpdate: string;
  readonly [key: string]: unknown;
}

interface HeldCall {
  title: string;
  kind: string | null;
  locations: string[];
  content: ToolContentLike[] | null;
  rawOutput: unknown;
}

/** Every update kind ACP 1 defines (SDK 2.4): any other is unknown (the SDK itself would drop it). */
export const KNOWN_UPDATE_KINDS: ReadonlySet<string> = new Set([
  'user_message_chunk',
  'agent_message_chunk',
  'agent_thought_chunk',
  'tool_call',
  'tool_call_update',
  'plan',
  'available_commands_update',
  'current_mode_update',
  'config_option_update',
  'session_info_update',
  'usage_update',
  'notice',
  'compaction_update',
  'compaction_summary_chunk',
]);

/** Update kinds that change nothing in the transcript (modes, commands, session info, usage, compaction). */
const QUIET = new Set([
  'user_message_chunk',
  'available_commands_update',
  'current_mode_update',
  'config_option_update',
  'session_info_update',
  'usage_update',
  'notice',
  'compaction_update',
  'compaction_summary_chunk',
]);

export class AcpTranslator {
  private stream: { kind: 'assistant' | 'thinking'; text: string } | null = null;
  private readonly calls = new Map<string, HeldCall>();
  private readonly unknownSeen = new Set<string>();

  constructor(
    private readonly emit: AgentEventSink,
    /** The session's folder: paths inside it are shown relative to it. */
    private readonly folder: string,
  ) {}

  update(u: UpdateLike): void {
    switch (u.sessionUpdate) {
      case 'agent_message_chunk':
        this.chunk('assistant', u.content);
        return;
      case 'agent_thought_chunk':
        this.chunk('thinking', u.content);
        return;
      case 'tool_call':
        this.toolCall(u);
        return;
      case 'tool_call_update':
        this.toolCallUpdate(u);
        return;
      case 'plan':
        this.plan(u.entries);
        return;
      default:
        if (QUIET.has(u.sessionUpdate)) return;
        if (this.unknownSeen.has(u.sessionUpdate)) return;
        this.unknownSeen.add(u.sessionUpdate);
        this.commitStream();
        this.entry({ kind: 'note', text: `The agent sent an update Swarmdesk does not know (“${u.sessionUpdate.slice(0, 80)}”); it was skipped.`, meta: { unknownUpdate: u.sessionUpdate.slice(0, 80) } });
    }
  }

  /** Commits the message or thought streaming now (the message ended). */
  commitStream(): void {
    const s = this.stream;
    this.stream = null;
    if (s && s.text !== '') this.entry({ kind: s.kind, text: s.text });
  }

  /** Drops the text streaming now without committing it (clears the live preview). */
  clearStreaming(): void {
    const s = this.stream;
    this.stream = null;
    if (s && s.text !== '') this.emit({ type: 'streaming', kind: s.kind, text: '' });
  }

  /** The turn ended: what streams is committed; tool calls never finished are forgotten. */
  endTurn(): void {
    this.commitStream();
    this.calls.clear();
  }

  private chunk(kind: 'assistant' | 'thinking', content: unknown): void {
    const text = textOf(content);
    if (text === null) return;
    if (this.stream && this.stream.kind !== kind) this.commitStream();
    if (!this.stream) this.stream = { kind, text: '' };
    this.stream.text += text;
    // A runaway message is committed in parts so no entry (nor push) grows without bound.
    while (this.stream.text.length > MAX_STREAM_CHARS) {
      const part = this.stream.text.slice(0, MAX_STREAM_CHARS);
      this.stream.text = this.stream.text.slice(MAX_STREAM_CHARS);
      this.entry({ kind, text: part, meta: { part: true } });
    }
    this.emit({ type: 'streaming', kind, text: this.stream.text });
  }

  private toolCall(u: UpdateLike): void {
    this.commitStream();
    const id = str(u.toolCallId) ?? 'unknown';
    const call: HeldCall = { title: str(u.title) ?? 'a tool', kind: str(u.kind), locations: locationsOf(u.locations, this.folder), content: null, rawOutput: undefined };
    this.calls.set(id, call);
    this.merge(call, u);
    const status = str(u.status) ?? 'pending';
    const lines = [call.title];
    if (call.kind) lines.push(`kind: ${call.kind}`);
    if (call.locations.length > 0) lines.push(`locations: ${call.locations.join(', ')}`);
    if (u.rawInput !== undefined) lines.push(`input: ${clipChars(safeJson(u.rawInput), MAX_TOOL_INPUT_CHARS)}`);
    this.entry({ kind: 'tool-use', text: lines.join('\n'), meta: { toolCallId: id, tool: call.kind ?? 'other', summary: call.title.slice(0, 500), status } });
    if (status === 'completed' || status === 'failed') this.finish(id, call, status);
  }

  private toolCallUpdate(u: UpdateLike): void {
    const id = str(u.toolCallId) ?? 'unknown';
    let call = this.calls.get(id);
    if (!call) {
      // An update for a call we never saw (started before a resume): held from here.
      call = { title: str(u.title) ?? 'a tool', kind: str(u.kind), locations: [], content: null, rawOutput: undefined };
      this.calls.set(id, call);
    }
    this.merge(call, u);
    const status = str(u.status);
    if (status === 'completed' || status === 'failed') {
      this.commitStream();
      this.finish(id, call, status);
    }
  }

  private merge(call: HeldCall, u: UpdateLike): void {
    const title = str(u.title);
    if (title) call.title = title;
    const kind = str(u.kind);
    if (kind) call.kind = kind;
    if (Array.isArray(u.locations)) call.locations = locationsOf(u.locations, this.folder);
    // Content replaces what came before (ACP); only what can be shown is kept.
    if (Array.isArray(u.content)) call.content = u.content as ToolContentLike[];
    if (u.rawOutput !== undefined && u.rawOutput !== null) call.rawOutput = u.rawOutput;
  }

  private finish(id: string, call: HeldCall, status: 'completed' | 'failed'): void {
    this.calls.delete(id);
    const rendered = renderToolContent(call.content ?? [], call.rawOutput, (p) => shownPath(p, this.folder));
    this.entry({
      kind: 'tool-result',
      text: rendered.text,
      meta: { toolCallId: id, isError: status === 'failed', diffPaths: rendered.diffPaths.length > 0 ? rendered.diffPaths.join(',') : null },
    });
  }

  private plan(entries: unknown): void {
    this.commitStream();
    if (!Array.isArray(entries)) return;
    const lines = entries.map((e: unknown) => {
      const item = (e ?? {}) as { content?: unknown; status?: unknown };
      const mark = item.status === 'completed' ? '[x]' : item.status === 'in_progress' ? '[~]' : '[ ]';
      return `${mark} ${(str(item.content) ?? '').replace(/\s+/g, ' ').slice(0, 1_000)}`;
    });
    if (lines.length > 0) this.entry({ kind: 'note', text: lines.join('\n'), meta: { plan: true } });
  }

  private entry(entry: NewEntry): void {
    this.emit({ type: 'entry', entry });
  }
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

/** The text of a content block (`{type:'text', text}`); other blocks (images, resources) are not shown. */
function textOf(content: unknown): string | null {
  if (!content || typeof content !== 'object') return null;
  const c = content as { type?: unknown; text?: unknown };
  return c.type === 'text' && typeof c.text === 'string' ? c.text : null;
}

function locationsOf(raw: unknown, folder: string): string[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((l: unknown) => {
    const p = str((l as { path?: unknown } | null)?.path);
    return p ? [shownPath(p, folder)] : [];
  }).slice(0, 50);
}

/** A path inside the session's folder relative to it; any other path as given. */
export function shownPath(path: string, folder: string): string {
  if (!isAbsolute(path)) return path;
  const rel = relative(folder, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

export function clipChars(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

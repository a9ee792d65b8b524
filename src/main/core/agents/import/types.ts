import type { EntryKind } from '../../../../shared/domain/session';
import { firstLineLabel } from '../../../../shared/label';

/** Which tool wrote a transcript; decides the parser. */
export type ImportSource = 'claude-code' | 'codex';

/** One transcript item as read from a file, before the store gives it a seq. */
export interface ImportedEntry {
  readonly kind: EntryKind;
  readonly text: string;
  readonly meta: Record<string, string | number | boolean | null> | null;
  readonly createdAt: number;
}

/**
 * What a parser knows about a session so far. Small and JSON-safe: it is
 * stored with the file's offset so a grown file continues where it stopped.
 */
export interface SessionFacts {
  /** The CLI's own session id (to resume). */
  backendId: string | null;
  cwd: string | null;
  /** The user's rename (Claude Code `custom-title`), last one wins. */
  customTitle: string | null;
  /** A title the tool generated (`ai-title`, `summary`), last one wins. */
  toolTitle: string | null;
  firstUserLine: string | null;
  startedAt: number | null;
  updatedAt: number | null;
  entryCount: number;
  /** Codex: the last user message seen once (as an item or an event), by a hash of its words. */
  pendingUser?: { from: 'item' | 'event'; key: number } | null;
  /**
   * Claude Code: the end of the conversation imported so far, oldest first, as
   * [hash of uuid, bits: 1 a user/assistant message, 2 written as a root (chain.ts TailRecord)]: a later record that
   * branches off one of these is a rewind (chain.ts). At most CHAIN_TAIL long.
   */
  chainTail?: Array<[number, number]>;
}

export function emptyFacts(): SessionFacts {
  return { backendId: null, cwd: null, customTitle: null, toolTitle: null, firstUserLine: null, startedAt: null, updatedAt: null, entryCount: 0 };
}

/** Counts for the import report: nothing read is dropped without being counted. */
export interface ImportCounts {
  files: number;
  filesRead: number;
  filesUnchanged: number;
  filesReset: number;
  filesFailed: number;
  bytesRead: number;
  lines: number;
  entries: number;
  /** Lines that were not JSON objects (malformed, binary garbage). */
  badLines: number;
  /** Lines longer than the bound, skipped without being held. */
  oversizeLines: number;
  /** Records of types the importer does not need (attachments, api requests, ...). */
  skippedRecords: number;
  /** Subagent (sidechain) records, not part of the main transcript. */
  sidechainRecords: number;
  /** A last line without its newline (cut off, or still being written): read again next time. */
  cutLines: number;
  /** Claude Code records on a branch the conversation left (a rewind): summed up in one note. */
  rewoundRecords: number;
}

/** Lines the import could not read (the number the import notice reports). */
export function unreadableLines(c: Pick<ImportCounts, 'badLines' | 'oversizeLines' | 'cutLines'>): number {
  return c.badLines + c.oversizeLines + c.cutLines;
}

export function emptyCounts(): ImportCounts {
  return {
    files: 0, filesRead: 0, filesUnchanged: 0, filesReset: 0, filesFailed: 0, bytesRead: 0, lines: 0,
    entries: 0, badLines: 0, oversizeLines: 0, skippedRecords: 0, sidechainRecords: 0, cutLines: 0, rewoundRecords: 0,
  };
}

/** What a parser remembers within one read of a file (not stored): tool names by use id, for their results. */
export class ParseRun {
  private readonly tools = new Map<string, string>();
  rememberTool(id: string | null, name: string): void {
    if (!id) return;
    this.tools.set(id, name);
    if (this.tools.size > 512) this.tools.delete(this.tools.keys().next().value as string);
  }
  toolName(id: string | null): string | null {
    return id ? (this.tools.get(id) ?? null) : null;
  }
}

/** A parser turns one JSON record into entries and updates the facts. */
export interface RecordParser {
  /** Top-level record types worth parsing; anything else is skipped unparsed. */
  wants(type: string | null): boolean;
  /** The top-level members `parse` reads; a large record is built from these alone. */
  readonly members: ReadonlySet<string>;
  parse(record: Record<string, unknown>, facts: SessionFacts, counts: ImportCounts, run: ParseRun): ImportedEntry[];
}

/** Size bounds for imported text: the source file keeps the whole thing. */
export const CLIP = {
  message: 200_000,
  toolUse: 8_000,
  toolResult: 8_000,
  thinking: 8_000,
  firstUserLine: 500,
} as const;

export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = Math.floor(max * 0.7);
  const tail = max - head;
  return `${text.slice(0, head)}\n… [${text.length - max} characters not imported] …\n${text.slice(text.length - tail)}`;
}

export function parseTime(value: unknown, fallback: number | null): number {
  if (typeof value === 'string') {
    const t = Date.parse(value);
    if (Number.isFinite(t) && t >= 0) return t;
  }
  return fallback ?? 0;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

/**
 * The user's words (never the injected context beside them) may be the session's first line: the first
 * one the label rule can show (SPEC §7). Wrapped command echoes, injected caveats, interruption notes, hook
 * output and compaction continuations are not what the user said the session is about, so a later real
 * line takes their place.
 */
export function withFirstLine(facts: SessionFacts, entries: ImportedEntry[]): ImportedEntry[] {
  for (const e of entries) {
    if (e.kind === 'user' && facts.firstUserLine === null && firstLineLabel(e.text) !== null) facts.firstUserLine = clip(e.text.trim(), CLIP.firstUserLine);
  }
  return entries;
}

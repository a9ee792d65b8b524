import { closeSync, openSync, readSync, type Stats } from 'node:fs';
import { chainLink, ChainPlanner, REWOUND_BRANCH_META, rewoundText, type ChainPlan, type RewoundNote } from './chain';
import { readLines } from './lines';
import { pickMembers, topLevelType } from './recordType';
import { emptyFacts, ParseRun, type ImportCounts, type ImportedEntry, type ImportSource, type RecordParser, type SessionFacts } from './types';
import { claudeCodeParser } from './claudeCode';
import { codexParser } from './codex';

/** Where a file's import stands: enough to continue a grown file from its last whole line. */
export interface FileCursor {
  readonly path: string;
  readonly source: ImportSource;
  readonly size: number;
  readonly mtimeMs: number;
  readonly ino: number;
  /** Byte offset just after the last whole line read. */
  readonly offset: number;
  readonly facts: SessionFacts;
}

/** One step of a file's import: entries to append and the cursor to store with them, in one transaction. */
export interface ImportBatch {
  readonly cursor: FileCursor;
  readonly entries: ImportedEntry[];
  /** The file was replaced or shrank: what was imported before no longer matches it. */
  readonly reset: boolean;
  /** The last batch of this file in this scan. */
  readonly last: boolean;
}

export interface FileImportOptions {
  readonly maxLineBytes: number;
  /** Entries per batch (bounds memory and the length of one write transaction). */
  readonly batchEntries: number;
  /** Characters of entry text per batch. */
  readonly batchChars: number;
}

export const DEFAULT_FILE_IMPORT_OPTIONS: FileImportOptions = {
  maxLineBytes: 8 << 20,
  batchEntries: 500,
  batchChars: 500_000,
};

/** A Claude Code part up to this size is read once for both passes (chain.ts); larger ones twice. */
const HOLD_PART_BYTES = 8 << 20;

/**
 * One buffer for the part held, reused file after file: a fresh one per file would leave
 * megabytes of dead external memory between collections (the process's peak grows with it).
 * A second import running meanwhile (tests) gets its own.
 */
let hold: Buffer | null = null;
let holdInUse = false;

/** Bytes [start, end) of a file (a short read, if the file shrank meanwhile, is what there is). */
function readPart(path: string, start: number, end: number): Buffer {
  let buf: Buffer;
  if (holdInUse) buf = Buffer.allocUnsafe(end - start);
  else {
    if (!hold || hold.length < end - start) hold = Buffer.allocUnsafeSlow(Math.max(end - start, 256 << 10));
    holdInUse = true;
    buf = hold.subarray(0, end - start);
  }
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    if (hold && buf.buffer === hold.buffer) holdInUse = false;
    throw err;
  }
  try {
    let got = 0;
    while (got < buf.length) {
      const n = readSync(fd, buf, got, buf.length - got, start + got);
      if (n <= 0) break;
      got += n;
    }
    return got === buf.length ? buf : buf.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

/** Lines at least this long are typed by a scan before anyone parses them. */
const PEEK_ABOVE_BYTES = 2_048;
/** Lines at least this long are built from the parser's members only. */
const PICK_ABOVE_BYTES = 16_384;

export function parserFor(source: ImportSource): RecordParser {
  return source === 'codex' ? codexParser : claudeCodeParser;
}

export function isUnchanged(prev: FileCursor | undefined, stat: Pick<Stats, 'size' | 'mtimeMs' | 'ino'>): boolean {
  return prev !== undefined && prev.size === stat.size && prev.mtimeMs === stat.mtimeMs && prev.ino === stat.ino;
}

/** Replaced (another inode) or shorter than what was read: start over. */
export function needsReset(prev: FileCursor | undefined, stat: Pick<Stats, 'size' | 'ino'>): boolean {
  return prev !== undefined && (prev.ino !== stat.ino || stat.size < prev.offset);
}

/** Decode and classify one line; returns the record to parse or null (counted). */
function recordOf(bytes: Buffer, parser: RecordParser, counts: ImportCounts): Record<string, unknown> | null {
  let end = bytes.length;
  while (end > 0 && (bytes[end - 1] === 0x0d || bytes[end - 1] === 0x20 || bytes[end - 1] === 0x09)) end -= 1;
  let start = 0;
  while (start < end && (bytes[start] === 0x20 || bytes[start] === 0x09)) start += 1;
  if (start === end) return null;
  const body = start === 0 && end === bytes.length ? bytes : bytes.subarray(start, end);
  if (body[0] !== 0x7b) {
    counts.badLines += 1;
    return null;
  }
  if (body.length > PEEK_ABOVE_BYTES) {
    const type = topLevelType(body);
    if (type !== null && !parser.wants(type)) {
      counts.skippedRecords += 1;
      return null;
    }
  }
  let value: unknown;
  try {
    value = body.length > PICK_ABOVE_BYTES ? (pickMembers(body, parser.members) ?? JSON.parse(body.toString('utf8'))) : JSON.parse(body.toString('utf8'));
  } catch {
    counts.badLines += 1;
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    counts.badLines += 1;
    return null;
  }
  const record = value as Record<string, unknown>;
  const type = typeof record.type === 'string' ? record.type : null;
  if (!parser.wants(type)) {
    counts.skippedRecords += 1;
    return null;
  }
  return record;
}

/**
 * Import what is new in one file: from the stored cursor (or from the start
 * when the file is new, replaced or shorter) up to the size stat saw. Batches
 * go to `emit` one at a time; the next is read only after `emit` resolved, so
 * memory stays bounded by one batch whatever the file's size.
 */
export async function importFile(
  path: string,
  source: ImportSource,
  stat: Pick<Stats, 'size' | 'mtimeMs' | 'ino'>,
  prev: FileCursor | undefined,
  options: FileImportOptions,
  counts: ImportCounts,
  emit: (batch: ImportBatch) => Promise<void>,
): Promise<void> {
  const parser = parserFor(source);
  const reset = needsReset(prev, stat);
  if (reset) counts.filesReset += 1;
  const offset = prev && !reset ? prev.offset : 0;
  const facts: SessionFacts = prev && !reset ? { ...prev.facts } : emptyFacts();
  counts.filesRead += 1;
  // Claude Code: which records are on the conversation is known only at the end of the part.
  // A small part is read once and kept for the second pass; a large one is read twice (bounded memory).
  const preloaded = source === 'claude-code' && stat.size - offset <= HOLD_PART_BYTES ? { buf: readPart(path, offset, stat.size), at: offset } : undefined;
  try {
    await importParts(path, source, stat, options, counts, emit, parser, reset, offset, facts, preloaded);
  } finally {
    if (preloaded && hold && preloaded.buf.buffer === hold.buffer) holdInUse = false;
  }
}

async function importParts(
  path: string,
  source: ImportSource,
  stat: Pick<Stats, 'size' | 'mtimeMs' | 'ino'>,
  options: FileImportOptions,
  counts: ImportCounts,
  emit: (batch: ImportBatch) => Promise<void>,
  parser: RecordParser,
  resetAtStart: boolean,
  from: number,
  facts: SessionFacts,
  preloaded: { buf: Buffer; at: number } | undefined,
): Promise<void> {
  let reset = resetAtStart;
  let offset = from;
  const run = new ParseRun();
  const plan = source === 'claude-code' ? planChain(path, offset, stat.size, options.maxLineBytes, facts.chainTail ?? [], preloaded) : null;
  if (plan) counts.rewoundRecords += plan.rewoundRecords;
  let line = 0;
  let pendingNote: RewoundNote | null = null;

  for (;;) {
    const entries: ImportedEntry[] = [];
    let chars = 0;
    const startOffset = offset;
    const read = readLines(path, offset, { maxLineBytes: options.maxLineBytes, endOffset: stat.size, ...(preloaded ? { preloaded } : {}) }, (ev) => {
      const at = line;
      line += 1;
      counts.lines += 1;
      if (ev.kind === 'oversize') {
        counts.oversizeLines += 1;
        return true;
      }
      if (plan?.skip.has(at)) return true;
      // The note waits for the next record that shows something (its line may be an attachment).
      pendingNote = plan?.notes.get(at) ?? pendingNote;
      const record = recordOf(ev.bytes, parser, counts);
      if (!record) return true;
      let produced: ImportedEntry[];
      const rewound = plan?.rewound.has(at) === true;
      const firstUserLine = facts.firstUserLine;
      try {
        produced = parser.parse(record, facts, counts, run);
        // A rewound branch's words are not the session's first line (a rewind to the very first message).
        if (rewound) facts.firstUserLine = firstUserLine;
      } catch {
        counts.badLines += 1;
        return true;
      }
      // An abandoned branch: kept, each entry marked, so its words are still found (and shown as rewound).
      if (rewound) produced = produced.map((e) => ({ ...e, meta: { ...e.meta, [REWOUND_BRANCH_META]: true } }));
      if (pendingNote && produced.length > 0) {
        const note = pendingNote;
        pendingNote = null;
        produced = [{ kind: 'note', text: rewoundText(note), meta: { rewound: note.messages }, createdAt: produced[0]?.createdAt ?? 0 }, ...produced];
      }
      for (const e of produced) {
        entries.push(e);
        chars += e.text.length;
      }
      return entries.length < options.batchEntries && chars < options.batchChars;
    });
    offset = read.offset;
    counts.bytesRead += offset - startOffset;
    facts.entryCount += entries.length;
    counts.entries += entries.length;
    const last = !read.stopped;
    // A last line without its newline: cut off (or still being written); read again next time.
    if (last && offset < stat.size) counts.cutLines += 1;
    if (plan) facts.chainTail = plan.tailAt(line - 1);
    const cursor: FileCursor = { path, source, size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino, offset, facts: { ...facts } };
    await emit({ cursor, entries, reset, last });
    reset = false;
    if (last) return;
  }
}

/** The first pass over a Claude Code part: each record's place in the tree, then the main chain (chain.ts). */
function planChain(
  path: string,
  start: number,
  end: number,
  maxLineBytes: number,
  tail: NonNullable<SessionFacts['chainTail']>,
  preloaded: { buf: Buffer; at: number } | undefined,
): ChainPlan {
  const planner = new ChainPlanner(tail);
  let line = 0;
  readLines(path, start, { maxLineBytes, endOffset: end, ...(preloaded ? { preloaded } : {}) }, (ev) => {
    planner.add(line, ev.kind === 'line' ? chainLink(ev.bytes) : null);
    line += 1;
  });
  return planner.finish();
}

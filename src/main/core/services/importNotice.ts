import type { ImportBatchResult } from './importBatch';

/*
 * The one notice after the first import (not one per batch): "Imported 12 sessions from Claude Code",
 * "Imported 1 session from Codex", "Imported 12 sessions from Claude Code and 3 from Codex". The tally
 * counts sessions created by the host's first scan, by the tool their transcript came from.
 */

export type ImportSource = 'claude-code' | 'codex';

const TOOL_NAMES: Record<ImportSource, string> = { 'claude-code': 'Claude Code', codex: 'Codex' };

/**
 * The notice's words (pure); null when nothing was imported and nothing was skipped. Lines that could
 * not be read (bad JSON, oversized, a cut last line) are skipped, never fatal to their file: said once here.
 */
export function importNotice(created: Readonly<Record<ImportSource, number>>, unreadableLines = 0): string | null {
  const parts = (Object.keys(TOOL_NAMES) as ImportSource[]).filter((source) => created[source] > 0);
  const [first, second] = parts;
  const skipped =
    unreadableLines > 0 ? `${unreadableLines} ${unreadableLines === 1 ? 'line' : 'lines'} could not be read and ${unreadableLines === 1 ? 'was' : 'were'} skipped.` : null;
  if (first === undefined) return skipped ? `No sessions imported: ${skipped}` : null;
  const n = created[first];
  const head = `Imported ${n} ${n === 1 ? 'session' : 'sessions'} from ${TOOL_NAMES[first]}`;
  const said = second === undefined ? `${head}.` : `${head} and ${created[second]} from ${TOOL_NAMES[second]}.`;
  return skipped ? `${said} ${skipped}` : said;
}

/** Counts the first scan's new sessions; `scanEnded` says the notice once, after that scan. */
export class FirstImportNotice {
  private readonly created: Record<ImportSource, number> = { 'claude-code': 0, codex: 0 };
  private done = false;

  constructor(
    private readonly sourceOf: (sessionId: string) => ImportSource | null,
    private readonly say: (message: string) => void,
  ) {}

  /** A committed group of batches. */
  counted(results: readonly ImportBatchResult[]): void {
    if (this.done) return;
    for (const r of results) {
      if (r.created && r.row) this.created[this.sourceOf(r.row.id) ?? 'claude-code'] += 1;
    }
  }

  /** The first scan ended; `unreadableLines` is what it skipped. */
  scanEnded(unreadableLines = 0): void {
    if (this.done) return;
    this.done = true;
    const message = importNotice(this.created, unreadableLines);
    if (message) this.say(message);
  }
}

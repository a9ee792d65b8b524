/** What one import run (`import-run.ts`, a child process) reports on its last stdout line, for `import.bench.ts`. */
export interface ImportRunTimes {
  firstScreenMs: number | null;
  markerMs: number | null;
  bigMs: number | null;
  bigLastPageMs: number | null;
  bigLastPageOk: boolean;
  importDoneMs: number | null;
  indexedMs: number | null;
  entries: number;
  sessions: number;
  bytesRead: number;
  /** A later start on the same data folder: createCore until its scan reported (nothing changed). */
  againMs: number | null;
  /** Then the big session's last page on that fresh start, and the RSS it added. */
  reopenPageMs: number | null;
  reopenRssMb: number | null;
}

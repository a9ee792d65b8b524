import { z } from 'zod';
import { SessionIdSchema, SessionRowSchema } from '../domain/session';
import { channel } from './channel';

const Count = z.number().int().nonnegative();

/** What the transcript import did last (SPEC §8 import): nothing read is dropped without a count here. */
export const ImportReportSchema = z.object({
  enabled: z.boolean(),
  /** The environment (SWARMDESK_IMPORT) decides, not the setting. */
  envOverride: z.boolean(),
  running: z.boolean(),
  roots: z.array(z.object({ path: z.string(), source: z.enum(['claude-code', 'codex']) })),
  last: z
    .object({
      startedAt: Count,
      durationMs: Count,
      files: Count,
      filesRead: Count,
      filesUnchanged: Count,
      filesReset: Count,
      filesFailed: Count,
      bytesRead: Count,
      entries: Count,
      /** New sessions the last scan made. */
      sessionsCreated: Count,
      /** New sessions every scan since the host started made, the first scan's included. */
      sessionsAddedSinceStart: Count,
      /** Imported sessions in the swarm now (deleted ones not counted), whenever they were imported. */
      sessionsImported: Count,
      badLines: Count,
      oversizeLines: Count,
      skippedRecords: Count,
      /** Lines that could not be read (malformed, too long, a cut last line): "N lines could not be read". */
      unreadableLines: Count,
      /** Claude Code records on a branch a rewind left: not imported (one note marks each rewind). */
      rewoundRecords: Count,
      missing: Count,
      errors: z.array(z.object({ path: z.string(), message: z.string() })),
    })
    .nullable(),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

export const importChannels = {
  'import:status': channel(z.object({}).strict(), ImportReportSchema),
  /** The setting that turns the import on or off (SWARMDESK_IMPORT in the environment wins: CONFLICT). */
  'import:setEnabled': channel(z.object({ enabled: z.boolean() }).strict(), ImportReportSchema),
  /** Scan now (also runs at start and on file changes); resolves with the report. */
  'import:rescan': channel(z.object({}).strict(), ImportReportSchema),
  /**
   * Continue an imported session: a Claude Code transcript opens in a new
   * `claude-code` session resumed with its id; a Codex one in a terminal
   * running `codex resume <id>`. Returns the new session.
   */
  'import:resume': channel(z.object({ id: SessionIdSchema }).strict(), SessionRowSchema),
  /** Which tool an imported session's transcript came from (its pane's footer names it); null when not imported. */
  'import:source': channel(z.object({ id: SessionIdSchema }).strict(), z.object({ source: z.enum(['claude-code', 'codex']).nullable() })),
} as const;

import type { SessionRow } from '../../../../shared/domain/session';
import type { ImportReport as ImportReportIpc } from '../../../../shared/ipc/import';
import { AppError } from '../../../../shared/result';
import { createLogger } from '../../logger';
import { FirstImportNotice } from '../../services/importNotice';
import type { SessionsService } from '../../services/sessions';
import type { ImportStore } from './importStore';
import { IMPORT_SETTING_KEYS, importConfig, type ImportConfig } from './config';
import { ImportIndexer, type ImportReport } from './indexer';
import { unreadableLines } from './types';

const log = createLogger('import');

/** What may follow `--resume` or `codex resume` on a command line. */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export interface ImportServiceDeps {
  readonly store: ImportStore;
  readonly sessions: Pick<SessionsService, 'get' | 'create' | 'appendEntry' | 'importBatches'>;
  /** The injected clock's "now". */
  readonly now?: () => number;
  readonly env: NodeJS.ProcessEnv;
  readonly home: string;
  /** The ambient engine's hold: nothing runs while history is imported (SPEC §9.4). */
  readonly ambient?: { pause(reason: string): void; resume(reason: string): void };
  /** Says "Imported N sessions from …" once, after the first scan that found any. */
  readonly notice?: (message: string) => void;
}

/**
 * The import of other tools' history as the rest of main sees it: started
 * with the core (unless a setting or SWARMDESK_IMPORT=off turns it off),
 * a report for the settings screen, and "Resume" for an imported session.
 */
export class ImportService {
  private config: ImportConfig;
  private readonly indexer: ImportIndexer;

  constructor(private readonly deps: ImportServiceDeps) {
    this.config = importConfig(deps.store.settings, deps.env, deps.home);
    const firstImport = new FirstImportNotice((id) => deps.store.importFiles.bySession(id)?.source ?? null, (message) => deps.notice?.(message));
    this.indexer = new ImportIndexer({
      store: deps.store,
      sessions: {
        importBatches: (run, liveEntryLimit) => {
          const results = deps.sessions.importBatches(run, liveEntryLimit);
          firstImport.counted(results);
          return results;
        },
      },
      ...(deps.now ? { now: deps.now } : {}),
      roots: this.config.roots,
      onBusy: (busy) => {
        if (busy) deps.ambient?.pause('import');
        else {
          deps.ambient?.resume('import');
          const last = this.indexer.lastReport;
          firstImport.scanEnded(last ? unreadableLines(last.counts) : 0);
        }
      },
    });
  }

  /** True while a scan runs: the ambient scheduler starts nothing then (SPEC §9.4). */
  get importing(): boolean {
    return this.indexer.importing;
  }

  start(): void {
    if (!this.config.enabled) {
      log.info('import of existing history is off');
      return;
    }
    this.indexer.start();
  }

  async stop(): Promise<void> {
    await this.indexer.stop();
  }

  status(): ImportReportIpc {
    return this.toIpc(this.indexer.lastReport);
  }

  /** The user's switch: stored, and applied at once (a scan starts when turned on). */
  async setEnabled(enabled: boolean): Promise<ImportReportIpc> {
    if (this.config.envOverride) throw new AppError('CONFLICT', 'SWARMDESK_IMPORT in the environment decides whether history is imported.');
    this.deps.store.settings.set(IMPORT_SETTING_KEYS.enabled, enabled);
    const was = this.config.enabled;
    this.config = importConfig(this.deps.store.settings, this.deps.env, this.deps.home);
    if (was && !enabled) await this.indexer.stop();
    if (!was && enabled) this.indexer.start();
    return this.status();
  }

  async rescan(): Promise<ImportReportIpc> {
    if (!this.config.enabled) throw new AppError('UNAVAILABLE', 'Importing existing history is turned off in the settings.');
    return this.toIpc(await this.indexer.scan());
  }

  /** The tool an imported session's transcript came from; null for a session that was not imported. */
  sourceOf(id: string): 'claude-code' | 'codex' | null {
    this.deps.sessions.get(id); // NOT_FOUND for a session that is not there
    return this.deps.store.importFiles.bySession(id)?.source ?? null;
  }

  /**
   * Continue an imported session in a live one: Claude Code resumes with
   * `--resume <id>` in the same folder; Codex runs `codex resume <id>` in a
   * terminal. The imported transcript stays as it is.
   */
  resume(id: string): SessionRow {
    const row = this.deps.sessions.get(id);
    if (row.kind !== 'imported') throw new AppError('CONFLICT', 'Only an imported session can be resumed this way.');
    const backendId = row.backendId ?? '';
    if (!SAFE_ID.test(backendId)) throw new AppError('CONFLICT', 'This imported session has no id its tool could resume.');
    const source = this.deps.store.importFiles.bySession(id)?.source ?? 'claude-code';
    const created =
      source === 'codex'
        ? this.deps.sessions.create({ kind: 'terminal', folder: row.folder, backendId: `codex resume ${backendId}`, title: row.title, titleSource: 'imported' })
        : this.deps.sessions.create({ kind: 'claude-code', folder: row.folder, backendId, title: row.title, titleSource: 'imported' });
    this.deps.sessions.appendEntry(
      created.id,
      'note',
      `Continues the ${source === 'codex' ? 'Codex' : 'Claude Code'} session ${backendId} imported from its transcript.`,
      { resumedFrom: row.id },
    );
    return this.deps.sessions.get(created.id);
  }

  private toIpc(r: ImportReport | null): ImportReportIpc {
    return {
      enabled: this.config.enabled,
      envOverride: this.config.envOverride,
      running: this.indexer.importing,
      roots: this.config.roots.map((x) => ({ path: x.path, source: x.source })),
      last: r
        ? {
            startedAt: r.startedAt,
            durationMs: r.durationMs,
            files: r.counts.files,
            filesRead: r.counts.filesRead,
            filesUnchanged: r.counts.filesUnchanged,
            filesReset: r.counts.filesReset,
            filesFailed: r.counts.filesFailed,
            bytesRead: r.counts.bytesRead,
            entries: r.counts.entries,
            sessionsCreated: r.sessionsCreated,
            sessionsAddedSinceStart: r.sessionsAddedSinceStart,
            sessionsImported: this.deps.store.importFiles.sessionCount(),
            badLines: r.counts.badLines,
            oversizeLines: r.counts.oversizeLines,
            skippedRecords: r.counts.skippedRecords,
            unreadableLines: unreadableLines(r.counts),
            rewoundRecords: r.counts.rewoundRecords,
            missing: r.missing,
            errors: r.errors,
          }
        : null,
    };
  }
}

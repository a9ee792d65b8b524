import { watch, type FSWatcher } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import type { ImportStore } from './importStore';
import { systemClock } from '../../services/clock';
import type { SessionsService } from '../../services/sessions';
import { createLogger } from '../../logger';
import { applyImportBatch, loadCursors } from './applyBatch';
import { DEFAULT_FILE_IMPORT_OPTIONS, type FileImportOptions, type ImportBatch } from './fileImporter';
import type { FromWorker, ToWorker } from './protocol';
import { anyChange, scanRoots, type ScanResult } from './scan';
import { emptyCounts, type ImportCounts } from './types';
import type { ImportRoot } from './walk';
import { startImportWorker } from './workerHost';
import { foldersToWatch, MAX_WATCHED_DIRS } from './watchDirs';

const log = createLogger('import');

/** What the last scan did: shown by `import:status`. */
export interface ImportReport {
  readonly startedAt: number;
  readonly durationMs: number;
  readonly counts: ImportCounts;
  readonly sessionsCreated: number;
  /** Sessions every scan since this indexer was made added (the first scan's included). */
  readonly sessionsAddedSinceStart: number;
  readonly missing: number;
  readonly errors: ScanResult['errors'];
}

export interface ImportIndexerOptions {
  readonly store: ImportStore;
  /** The only writer of sessions and entries: imported batches go through its silent import path. */
  readonly sessions: Pick<SessionsService, 'importBatches'>;
  readonly roots: readonly ImportRoot[];
  /** The injected clock's "now" (the report's start time). */
  readonly now?: () => number;
  readonly fileOptions?: Partial<FileImportOptions>;
  /** Quiet time after a change before a rescan. */
  readonly debounceMs?: number;
  /** A rescan this often even without change events (a missed watch, a root created later). */
  readonly rescanMs?: number;
  /** Run scans in a worker thread (default); false scans on the calling thread (tests of one module). */
  readonly useWorker?: boolean;
  /** Told when a scan starts (true) and ends (false): the ambient scheduler holds its work meanwhile. */
  readonly onBusy?: (busy: boolean) => void;
  /** Each batch's entries are pushed as `entry:added` only when a batch is this small (a live session growing). */
  readonly liveEntryLimit?: number;
}

/**
 * Keeps the swarm in step with other tools' transcripts (SPEC §8 import):
 * a scan at start, then on file changes (debounced) and periodically. Reading
 * happens in a worker; main hands each batch to the sessions service's import
 * path (one transaction, silent; the service tells the renderer). While a scan
 * runs, `importing` is true: the ambient scheduler runs nothing then (SPEC §9.4).
 */
export class ImportIndexer {
  private worker: Worker | null = null;
  private workerTried = false;
  private running: Promise<ImportReport> | null = null;
  private again = false;
  private scanId = 0;
  /** Watched folder → its watcher. Kept across scans: closing one drops the events it had not yet delivered. */
  private watchers = new Map<string, FSWatcher>();
  private debounce: NodeJS.Timeout | null = null;
  private interval: NodeJS.Timeout | null = null;
  private stopped = false;
  private last: ImportReport | null = null;
  /** What every scan so far added: a later scan that adds nothing must not hide the first one's rows. */
  private addedSinceStart = 0;
  private readonly now: () => number;
  private readonly fileOptions: FileImportOptions;

  constructor(private readonly opts: ImportIndexerOptions) {
    this.now = opts.now ?? systemClock.now;
    this.fileOptions = { ...DEFAULT_FILE_IMPORT_OPTIONS, ...opts.fileOptions };
  }

  get importing(): boolean {
    return this.running !== null;
  }

  get lastReport(): ImportReport | null {
    return this.last;
  }

  get roots(): readonly ImportRoot[] {
    return this.opts.roots;
  }

  /** Start the worker now and wait until it answers (benchmarks time the start apart from the scan). */
  async warmUp(): Promise<void> {
    const worker = this.ensureWorker();
    if (!worker) return;
    await this.scanInWorker(worker, [], () => {}, []);
  }

  /** First scan now, then follow changes. */
  start(): void {
    this.stopped = false;
    void this.scan().catch((err: unknown) => log.error('import scan failed', { err }));
    this.rewatch();
    this.interval = setInterval(() => this.changed(), this.opts.rescanMs ?? 60_000);
    this.interval.unref();
  }

  /**
   * Watches the folders where transcripts grow (non-recursive: a recursive
   * watch of a large history costs a watch per folder and a walk on the main
   * thread). Renewed after each scan, so new project folders are followed.
   */
  private rewatch(): void {
    if (this.stopped) return;
    const wanted = new Set<string>();
    for (const root of this.opts.roots) {
      for (const dir of foldersToWatch(root)) {
        if (wanted.size >= MAX_WATCHED_DIRS) break;
        wanted.add(dir);
      }
    }
    for (const [dir, w] of this.watchers) {
      if (!wanted.has(dir)) {
        w.close();
        this.watchers.delete(dir);
      }
    }
    // Only folders not watched yet get a watcher; the others keep theirs (a change written while a
    // scan ended must not fall between closing an old watcher and opening a new one).
    for (const dir of wanted) {
      if (this.watchers.has(dir)) continue;
      try {
        const w = watch(dir, { persistent: false }, () => this.changed());
        w.on('error', () => {
          w.close();
          if (this.watchers.get(dir) === w) this.watchers.delete(dir);
        });
        this.watchers.set(dir, w);
      } catch {
        // Missing folder or no watches left: the periodic rescan covers it.
      }
    }
  }

  /** A change was seen: scan after a quiet moment. */
  changed(): void {
    if (this.stopped) return;
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      this.debounce = null;
      void this.scan().catch((err: unknown) => log.error('import scan failed', { err }));
    }, this.opts.debounceMs ?? 1_000);
    this.debounce.unref();
  }

  /** Scan now; a request during a scan runs once more after it. */
  scan(): Promise<ImportReport> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.opts.onBusy?.(true);
    const run = this.runScan().finally(() => {
      this.running = null;
      if (this.watchers.size > 0 || this.interval) this.rewatch();
      this.opts.onBusy?.(false);
      if (this.again && !this.stopped) {
        this.again = false;
        void this.scan().catch((err: unknown) => log.error('import scan failed', { err }));
      }
    });
    this.running = run;
    return run;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.debounce) clearTimeout(this.debounce);
    if (this.interval) clearInterval(this.interval);
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
    if (this.worker && this.running) this.post({ type: 'cancel', scanId: this.scanId });
    try {
      await this.running;
    } catch {
      // reported by scan()
    }
    if (this.worker) await this.worker.terminate();
    this.worker = null;
    this.workerTried = false;
  }

  private async runScan(): Promise<ImportReport> {
    const startedAt = this.now();
    const t0 = performance.now();
    const cursors = loadCursors(this.opts.store);
    let sessionsCreated = 0;
    const owned = this.opts.store.importFiles.ownedBackendIds();
    // The batches the worker has ready go in one transaction (one fsync), in order.
    const apply = (batches: readonly ImportBatch[]): void => {
      if (this.stopped || !this.opts.store.isOpen) return;
      const results = this.opts.sessions.importBatches((commit) => {
        for (const batch of batches) applyImportBatch(this.opts.store, commit, batch, owned);
      }, this.opts.liveEntryLimit);
      sessionsCreated += results.filter((r) => r.created).length;
    };
    // Nothing new (a later start, an empty or missing folder): no worker to start, nothing to read.
    const changed = await anyChange(this.opts.roots, cursors);
    const worker = changed ? this.ensureWorker() : null;
    const result = !changed
      ? { counts: { ...emptyCounts(), files: cursors.length, filesUnchanged: cursors.length }, missing: [], errors: [], cancelled: false }
      : worker
      ? await this.scanInWorker(worker, cursors, apply)
      : await scanRoots(this.opts.roots, cursors, this.fileOptions, async (b) => {
          apply([b]);
          // Let the main loop breathe between batches.
          await new Promise((r) => setImmediate(r));
        });
    this.addedSinceStart += sessionsCreated;
    const report: ImportReport = {
      startedAt,
      durationMs: Math.round(performance.now() - t0),
      counts: result.counts,
      sessionsCreated,
      sessionsAddedSinceStart: this.addedSinceStart,
      missing: result.missing.length,
      errors: result.errors,
    };
    this.last = report;
    const c = report.counts;
    if (c.filesRead > 0 || c.badLines > 0 || c.filesFailed > 0) {
      log.info('import scan', { ms: report.durationMs, files: c.files, read: c.filesRead, entries: c.entries, sessionsCreated, badLines: c.badLines, oversize: c.oversizeLines, cut: c.cutLines, rewound: c.rewoundRecords, failed: c.filesFailed });
    }
    return report;
  }

  private ensureWorker(): Worker | null {
    if (this.opts.useWorker === false) return null;
    if (!this.workerTried) {
      this.workerTried = true;
      try {
        this.worker = startImportWorker();
      } catch (err) {
        log.warn('import worker did not start; scanning in-process', { err });
      }
      if (!this.worker) log.warn('no import worker build found; scanning in-process');
      this.worker?.unref();
    }
    return this.worker;
  }

  private post(message: ToWorker): void {
    this.worker?.postMessage(message);
  }

  private scanInWorker(
    worker: Worker,
    cursors: ReturnType<typeof loadCursors>,
    apply: (batches: readonly ImportBatch[]) => void,
    roots: readonly ImportRoot[] = this.opts.roots,
  ): Promise<ScanResult> {
    const scanId = ++this.scanId;
    return new Promise<ScanResult>((resolve, reject) => {
      // Batches that arrived while main was busy: committed together on the next turn of the loop.
      let ready: Array<{ readonly id: number; readonly batch: ImportBatch }> = [];
      let failed = false;
      const drain = (): void => {
        const group = ready;
        ready = [];
        if (group.length === 0) return;
        if (!failed) {
          try {
            apply(group.map((g) => g.batch));
          } catch (err) {
            // Their cursors did not move: stop here so no later batch skips past them; the next scan retries.
            failed = true;
            log.error('import batches could not be committed; scan stopped', { path: group[0]?.batch.cursor.path, err });
            this.post({ type: 'cancel', scanId });
          }
        }
        for (const g of group) this.post({ type: 'ack', id: g.id });
      };
      const onMessage = (m: FromWorker): void => {
        if (m.scanId !== scanId) return;
        if (m.type === 'batch') {
          if (ready.length === 0) setImmediate(drain);
          ready.push({ id: m.id, batch: m.batch });
        } else {
          drain();
          cleanup();
          resolve({ counts: m.counts, missing: m.missing, errors: m.errors, cancelled: m.cancelled });
        }
      };
      // Whatever arrived is committed before the scan settles, so the next scan's cursors include it.
      const onError = (err: Error): void => {
        drain();
        cleanup();
        this.worker = null;
        this.workerTried = false;
        reject(err);
      };
      const onExit = (): void => {
        drain();
        cleanup();
        this.worker = null;
        this.workerTried = false;
        resolve({ counts: emptyCounts(), missing: [], errors: [{ path: '', message: 'the import worker exited' }], cancelled: true });
      };
      const cleanup = (): void => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      this.post({ type: 'scan', scanId, roots: [...roots], cursors: cursors.map(({ sessionId: _s, ...c }) => c), options: this.fileOptions });
    });
  }
}

import { existsSync } from 'node:fs';
import { mkdir, rmdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { SessionRow } from '../../../shared/domain/session';
import { isPersonTitle } from '../../../shared/judge';
import type { RepoInfo, WorktreeChoice, WorktreeState } from '../../../shared/ipc/git';
import { AppError } from '../../../shared/result';
import { childEnv } from '../spawn/childEnv';
import { createLogger } from '../logger';
import type { CoreHooks } from '../services/hooks';
import type { SessionsService } from '../services/sessions';
import {
  allWorktreeRecords,
  readRepoChoice,
  readWorktreeRecord,
  slugFromTitle,
  worktreePathFor,
  worktreesBaseDir,
  writeRepoChoice,
  writeWorktreeRecord,
  type RecordStore,
  type WorktreeRecord,
} from './record';
import { GitRepo } from './repo';
import { GitError, gitAvailability, type GitRunOptions } from './run';
import { copyIgnoredFiles, runSetupCommand } from './setup';
import { removeWorktreeAfterMerge, type Removal } from './removal';
import { addRemoved, dropRemoved, keepAsCheckpoint, listRemoved, pruneRemovedRefs, restoreRemoved, takeRemoved, type KeptWorktree, type RemovedWorktree, type RestoredWorktree } from './removed';
import type { ChangesService } from './changesService';
import { DEFAULT_KEEP_DAYS } from './prune';

const log = createLogger('git:worktrees');


export interface WorktreeServiceDeps {
  /** Only the worktree records and the repositories' choices (`record.ts`): sessions and entries go through `sessions`. */
  readonly store: RecordStore;
  readonly sessions: Pick<SessionsService, 'get' | 'appendEntry' | 'titleHistory'>;
  readonly hooks: Pick<CoreHooks, 'on'>;
  readonly dataDir: string;
  readonly env: NodeJS.ProcessEnv;
  /** Counted again at once when the branch is renamed or the worktree removed (the row, the pane and Changes follow). */
  readonly changes?: Pick<ChangesService, 'refresh'>;
  /** The core's clock (when a worktree was removed); Date.now by default. */
  readonly now?: () => number;
  /** "Keep checkpoints for N days": how long a removed worktree is listed (14 by default). */
  readonly keepDays?: () => number;
}

/** A worktree made for a session that does not have its row yet. */
export interface PreparedWorktree {
  readonly record: WorktreeRecord;
  /** The session's working folder: the worktree, or the same sub-folder of it the user picked in the repository. */
  readonly folder: string;
  /** Notes for the session's transcript once it exists (dirty base, submodules, copied files). */
  readonly notes: readonly string[];
  readonly setupCommand: string;
  /** A worktree made outside Swarmdesk ("Open existing worktree"): never removed when the session cannot be created. */
  readonly adopted?: boolean;
}

/** The `<short id>` folder around a removed worktree, when nothing else is in it. */
async function removeEmptyParent(path: string): Promise<void> {
  await rmdir(dirname(path)).catch(() => undefined);
}

function gitMessage(err: unknown): string {
  return err instanceof GitError ? err.message : (err as Error).message;
}

/**
 * A git worktree per session (SPEC §8): made before the session's row (the row's
 * folder is the worktree, so every agent kind runs there and resume finds it),
 * its branch renamed after the title, its work kept when the session is deleted,
 * and a folder removed by hand noticed and pruned.
 */
export class WorktreeService {
  private readonly git: GitRunOptions;
  /** One git change at a time per session (renames racing a delete). */
  private readonly chains = new Map<string, Promise<unknown>>();
  private readonly unsubscribe: Array<() => void> = [];
  /** Setup commands still running, by session. */
  private readonly setups = new Map<string, Promise<void>>();

  constructor(private readonly deps: WorktreeServiceDeps) {
    this.git = { env: childEnv(deps.env, 'terminal') };
  }

  /** Subscribes to title changes (branch rename) and session opens (missing folder check). */
  start(): void {
    this.unsubscribe.push(
      this.deps.hooks.on('titleChanged', (row) => this.serial(row.id, () => this.renameAfterTitle(row.id))),
      this.deps.hooks.on('sessionOpened', (row) =>
        this.serial(row.id, async () => {
          await this.checkMissing(row.id);
          await this.followBranch(row.id);
        }),
      ),
    );
  }

  stop(): void {
    for (const un of this.unsubscribe.splice(0)) un();
  }

  /** Waits for the git work queued for a session (tests, delete). */
  async settled(sessionId: string): Promise<void> {
    await this.chains.get(sessionId)?.catch(() => undefined);
  }

  private repo(dir: string): GitRepo {
    return new GitRepo(dir, this.git);
  }

  async repoInfo(folder: string): Promise<RepoInfo> {
    const git = await gitAvailability(this.git);
    if (!git.ok) return { repo: null, reason: git.reason };
    if (!existsSync(folder)) return { repo: null, reason: 'The folder does not exist.' };
    const root = await this.repo(folder).toplevel();
    if (!root) return { repo: null, reason: 'The folder is not inside a git repository.' };
    const repo = this.repo(root);
    if ((await repo.commitOf()) === null) return { repo: null, reason: 'The repository has no commits yet, so there is nothing to branch from.' };
    const [branch, status] = await Promise.all([repo.currentBranch(), repo.status('no')]);
    return {
      repo: { root, branch, dirty: status.changed + status.conflicted > 0, remembered: readRepoChoice(this.deps.store, root) },
      reason: null,
    };
  }

  /**
   * The user's choice for the folder's repository, remembered; with `enabled`, a new
   * branch `swarmdesk/<shortId>` from the current branch (or the detached commit) and its
   * worktree outside the repository, ready to work in. Null when not enabled.
   */
  async prepare(folder: string, shortId: string, choice: WorktreeChoice): Promise<PreparedWorktree | null> {
    const git = await gitAvailability(this.git);
    if (!git.ok) throw new AppError('BAD_INPUT', `Cannot work in a new git worktree: ${git.reason}`);
    const root = await this.repo(folder).toplevel();
    if (!root) throw new AppError('BAD_INPUT', `${folder} is not inside a git repository, so it cannot have a worktree.`);
    if (choice.existing) return this.adoptExisting(root, choice.existing);
    writeRepoChoice(this.deps.store, root, choice);
    if (!choice.enabled) return null;
    const base = this.repo(root);
    const baseCommit = await base.commitOf();
    if (!baseCommit) throw new AppError('BAD_INPUT', 'The repository has no commits yet; make a first commit to branch from.');
    const [baseBranch, status] = await Promise.all([base.currentBranch(), base.status('normal')]);
    const branch = await this.freeBranchName(base, `swarmdesk/${shortId}`);
    const path = worktreePathFor(worktreesBaseDir(this.deps.store, this.deps.dataDir, this.deps.env), root, shortId);
    if (existsSync(path)) throw new AppError('CONFLICT', `A folder already exists at ${path}.`);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    try {
      await base.addWorktree(path, branch, baseCommit);
    } catch (err) {
      throw new AppError('INTERNAL', `Could not create the worktree: ${gitMessage(err)}`);
    }
    const notes: string[] = [`Working in a new git worktree at ${path} on branch ${branch}, from ${baseBranch ?? `the detached commit ${baseCommit.slice(0, 10)}`}.`];
    if (status.changed + status.conflicted + status.untracked > 0) {
      notes.push(`The base checkout has uncommitted changes; they stay there. This worktree starts from the last commit (${baseCommit.slice(0, 10)}).`);
    }
    const ready = this.repo(path);
    try {
      if (await ready.hasSubmodules()) {
        await ready.updateSubmodules();
        notes.push('Submodules were checked out in the worktree.');
      }
    } catch (err) {
      notes.push(`The submodules could not be checked out: ${gitMessage(err)}`);
    }
    try {
      const copied = await copyIgnoredFiles(base, path, choice.copyPatterns);
      if (copied.length > 0) notes.push(`Copied from the base checkout: ${copied.join(', ')}.`);
    } catch (err) {
      notes.push(`Copying ignored files failed: ${(err as Error).message}`);
    }
    const sub = relative(root, folder);
    const inside = sub && !sub.startsWith('..') ? join(path, sub) : path;
    return {
      record: { repoRoot: root, path, branch, baseBranch, baseCommit, gone: null, branchDeleted: false, merged: null },
      folder: existsSync(inside) ? inside : path,
      notes,
      setupCommand: choice.setupCommand.trim(),
    };
  }

  /**
   * "Open existing worktree": a worktree of the repository that `git worktree list` names (not the main
   * checkout, not one a session already works in), on a branch; its base is the repository's branch.
   */
  private async adoptExisting(root: string, path: string): Promise<PreparedWorktree> {
    const base = this.repo(root);
    const [main, ...others] = await base.listWorktrees();
    const found = others.find((w) => w.path === path && !w.bare && !w.prunable);
    if (!found || main?.path === path) throw new AppError('BAD_INPUT', `${path} is not a worktree of ${root} (see git worktree list).`);
    if (!found.branch) throw new AppError('BAD_INPUT', `The worktree at ${path} has a detached HEAD; check out a branch there first.`);
    if (allWorktreeRecords(this.deps.store).some((r) => r.record.path === path && !r.record.gone)) {
      throw new AppError('CONFLICT', `A session already works in the worktree at ${path}.`);
    }
    const baseBranch = await base.currentBranch();
    const baseCommit = (baseBranch ? await base.run(['merge-base', baseBranch, found.branch]).then((o) => o.trim()).catch(() => null) : null) ?? found.head ?? '';
    return {
      record: { repoRoot: root, path, branch: found.branch, baseBranch, baseCommit, gone: null, branchDeleted: false, merged: null, adopted: true },
      folder: path,
      notes: [`Working in the existing worktree at ${path} on branch ${found.branch} (made outside Swarmdesk).`],
      setupCommand: '',
      adopted: true,
    };
  }

  /** The repository's worktrees made outside Swarmdesk that no session works in ("Open existing worktree"). */
  async outsideWorktrees(folder: string): Promise<Array<{ path: string; branch: string }>> {
    const root = await this.repo(folder).toplevel();
    if (!root) return [];
    const used = new Set(allWorktreeRecords(this.deps.store).filter((r) => !r.record.gone).map((r) => r.record.path));
    const [, ...others] = await this.repo(root).listWorktrees();
    return others.flatMap((w) => (w.branch && !w.bare && !w.prunable && !used.has(w.path) ? [{ path: w.path, branch: w.branch }] : []));
  }

  /** Undoes `prepare` when the session could not be created (no row: nothing refers to it). */
  async discard(prepared: PreparedWorktree): Promise<void> {
    if (prepared.adopted) return;
    const base = this.repo(prepared.record.repoRoot);
    await base.removeWorktree(prepared.record.path, true);
    await removeEmptyParent(prepared.record.path);
    await base.deleteBranch(prepared.record.branch);
  }

  /** After the row exists: its record, the notes, then the setup command (its output as notes). */
  adopt(row: SessionRow, prepared: PreparedWorktree): void {
    for (const note of prepared.notes) this.deps.sessions.appendEntry(row.id, 'note', note);
    if (!prepared.setupCommand) return;
    const command = prepared.setupCommand;
    const setup = this.serial(row.id, async () => {
      this.deps.sessions.appendEntry(row.id, 'note', `Setup: running \`${command}\` in the worktree…`);
      const result = await runSetupCommand(command, prepared.record.path, childEnv(this.deps.env, 'terminal'));
      const how = result.timedOut ? 'was stopped (took too long)' : result.exitCode === 0 ? 'finished' : `failed (exit ${result.exitCode ?? 'none'})`;
      this.deps.sessions.appendEntry(row.id, result.exitCode === 0 ? 'note' : 'error', `Setup \`${command}\` ${how}.${result.output.trim() ? `\n${result.output.trimEnd()}` : ''}`);
    })
      .catch((err: unknown) => log.warn('setup command not recorded', { session: row.id, err }))
      .finally(() => this.setups.delete(row.id));
    this.setups.set(row.id, setup);
  }

  /** Resolves once the session's setup command (if one still runs) has finished: agents start after it. */
  async ready(sessionId: string): Promise<void> {
    await this.setups.get(sessionId);
  }

  /** A new session's worktree record, written in its row's transaction (`usecases/newSession.ts`). */
  writeRecord(sessionId: string, record: WorktreeRecord): void {
    writeWorktreeRecord(this.deps.store, sessionId, record);
  }

  record(sessionId: string): WorktreeRecord | null {
    return readWorktreeRecord(this.deps.store, sessionId);
  }

  /** What is at stake in deleting the session: uncommitted files and commits the base does not have. */
  async state(sessionId: string): Promise<WorktreeState> {
    const record = this.record(sessionId);
    if (!record) return { worktree: null };
    const base = this.repo(record.repoRoot);
    const missing = !existsSync(record.path);
    const uncommitted = missing ? 0 : await this.repo(record.path).status().then((s) => s.changed + s.untracked + s.conflicted);
    const against = record.baseBranch && (await base.branchExists(record.baseBranch)) ? record.baseBranch : record.baseCommit;
    const unmerged = (await base.branchExists(record.branch)) ? await base.countAhead(against, record.branch) : 0;
    return { worktree: { path: record.path, branch: record.branch, baseBranch: record.baseBranch, baseCommit: record.baseCommit, uncommitted, unmerged, missing, adopted: record.adopted === true } };
  }

  /**
   * Before a delete: the worktree's files are recorded as a checkpoint of the session (the branch stays as
   * the agent left it), the folder goes and is listed under "Recently removed". If the files cannot be
   * recorded, nothing is removed and the delete is refused. An adopted worktree (made outside Swarmdesk) is
   * left as it is: folder, files, branch and record (a restore from the trash finds it where it was).
   */
  keepWorkAndRemove(sessionId: string): Promise<void> {
    return this.serial(sessionId, async () => {
      const record = this.record(sessionId);
      if (!record || record.gone) return;
      if (record.adopted) {
        // Made by the user outside Swarmdesk: the folder, its files and its branch stay exactly as they are.
        log.info('adopted worktree left in place', { session: sessionId, path: record.path });
        return;
      }
      if (!existsSync(record.repoRoot)) {
        // The repository itself is gone: git cannot record anything there; the folder is left as it is (nothing lost).
        log.warn('repository gone; worktree folder left in place', { session: sessionId, path: record.path });
        return;
      }
      const base = this.repo(record.repoRoot);
      if (existsSync(record.path)) {
        try {
          await this.keepAndRemove(sessionId, record, 'deleted', true);
        } catch (err) {
          if (err instanceof AppError) throw new AppError('CONFLICT', `${err.message} The session was not deleted.`);
          throw new AppError('CONFLICT', `The worktree's files could not be recorded, so the session was not deleted: ${gitMessage(err)}`);
        }
      } else {
        await base.pruneWorktrees();
      }
      writeWorktreeRecord(this.deps.store, sessionId, { ...record, gone: 'deleted' });
    });
  }

  /**
   * The worktree's files as a checkpoint, pinned and listed, then the folder removed (forced: its files are
   * recorded). When git still fails, a delete goes on (`keepGoing`, the folder stays) and a removal after a
   * merge is refused; the listing is undone either way, the folder being there.
   */
  private async keepAndRemove(sessionId: string, record: WorktreeRecord, how: RemovedWorktree['how'], keepGoing: boolean): Promise<void> {
    const base = this.repo(record.repoRoot);
    const worktree = this.repo(record.path);
    const now = this.now();
    const days = this.keepDays();
    const branch = (await worktree.currentBranch()) ?? record.branch;
    let listed: string | null = null;
    let kept: KeptWorktree;
    try {
      // Listed before its pins are written (pruning deletes the pins no listed entry holds).
      kept = await keepAsCheckpoint(base, worktree, sessionId, this.git, now, (k) => {
        addRemoved(this.deps.store, { ...k, sessionId, repoRoot: record.repoRoot, path: record.path, branch, how, removedAt: now }, now, days);
        listed = k.id;
      });
    } catch (err) {
      if (listed) dropRemoved(this.deps.store, listed, now, days);
      throw err;
    }
    log.info('worktree files kept as a checkpoint', { session: sessionId, checkpoint: kept.checkpoint });
    try {
      await base.removeWorktree(record.path, true);
    } catch (err) {
      dropRemoved(this.deps.store, kept.id, now, days);
      if (!keepGoing) throw err;
      // The files are recorded: the delete goes on, the folder stays where it is.
      log.warn('worktree folder not removed', { session: sessionId, path: record.path, err });
      return;
    }
    await removeEmptyParent(record.path);
  }

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  private keepDays(): number {
    return this.deps.keepDays ? this.deps.keepDays() : DEFAULT_KEEP_DAYS;
  }

  /** Settings → General → "Recently removed": the worktrees removed in the days kept (older pins pruned). */
  async listRemoved(): Promise<RemovedWorktree[]> {
    const list = listRemoved(this.deps.store, this.now(), this.keepDays());
    for (const root of new Set(list.map((r) => r.repoRoot))) {
      if (existsSync(root)) {
        await pruneRemovedRefs(root, this.git, this.deps.store, this.now(), this.keepDays()).catch((err: unknown) => log.warn('pruning removed worktrees failed', { root, err }));
      }
    }
    return list;
  }

  /** "Restore": the removed worktree back with its files; the session's record follows it when the session still has one. */
  restoreRemoved(id: string): Promise<RestoredWorktree> {
    const entry = takeRemoved(this.deps.store, id, this.now(), this.keepDays());
    return this.serial(entry.sessionId, async () => {
      if (!existsSync(entry.repoRoot)) throw new AppError('CONFLICT', `The repository ${entry.repoRoot} is gone.`);
      const base = this.repo(entry.repoRoot);
      const restored = await restoreRemoved(base, entry, this.git, (name) => this.freeBranchName(base, name));
      dropRemoved(this.deps.store, id, this.now(), this.keepDays());
      const record = this.record(entry.sessionId);
      if (record && record.path === entry.path && record.gone) {
        writeWorktreeRecord(this.deps.store, entry.sessionId, { ...record, path: restored.path, branch: restored.branch, gone: null, branchDeleted: false });
        this.recount(entry.sessionId);
      }
      log.info('removed worktree restored', { session: entry.sessionId, path: restored.path, newBranch: restored.newBranch });
      return restored;
    });
  }

  /** After a session's restore from the trash: its worktree back with its files, from the newest removal listed for it. */
  restore(sessionId: string): Promise<void> {
    const record = this.record(sessionId);
    const entry = listRemoved(this.deps.store, this.now(), this.keepDays()).find((r) => r.sessionId === sessionId && r.path === record?.path);
    if (!record || record.gone !== 'deleted' || existsSync(record.path)) return Promise.resolve();
    if (entry) return this.restoreRemoved(entry.id).then(() => undefined);
    // Deleted before removals were listed: its work was committed on the kept branch.
    return this.serial(sessionId, async () => {
      const base = this.repo(record.repoRoot);
      if (!(await base.branchExists(record.branch))) return;
      await mkdir(dirname(record.path), { recursive: true, mode: 0o700 });
      await base.addWorktreeForBranch(record.path, record.branch);
      writeWorktreeRecord(this.deps.store, sessionId, { ...record, gone: null });
    });
  }

  /** At start: every session whose worktree folder was removed by hand. */
  async checkAllMissing(): Promise<void> {
    for (const { sessionId } of allWorktreeRecords(this.deps.store)) {
      await this.serial(sessionId, () => this.checkMissing(sessionId)).catch((err: unknown) => log.warn('worktree check failed', { session: sessionId, err }));
    }
  }

  /** A worktree folder removed by hand: git's record of it pruned, the session told once. */
  private async checkMissing(sessionId: string): Promise<void> {
    const record = this.record(sessionId);
    if (!record || record.gone || existsSync(record.path)) return;
    await this.repo(record.repoRoot).pruneWorktrees();
    writeWorktreeRecord(this.deps.store, sessionId, { ...record, gone: 'missing' });
    this.deps.sessions.appendEntry(
      sessionId,
      'note',
      `The worktree folder ${record.path} was removed outside Swarmdesk; git's record of it was pruned. The branch ${record.branch} is kept with its commits.`,
    );
  }

  /**
   * A branch renamed outside Swarmdesk (`git branch -m` in the worktree) is followed: the record takes the
   * worktree's current branch when the session is opened, and the session says so once. A detached HEAD
   * (mid-rebase, a checkout of a commit) changes nothing.
   */
  async followBranch(sessionId: string): Promise<void> {
    const record = this.record(sessionId);
    if (!record || record.gone || !existsSync(record.path)) return;
    const branch = await this.repo(record.path).currentBranch();
    if (!branch || branch === record.branch) return;
    writeWorktreeRecord(this.deps.store, sessionId, { ...record, branch });
    this.deps.sessions.appendEntry(sessionId, 'note', `The worktree's branch ${record.branch} is now ${branch} (changed outside Swarmdesk).`);
    this.recount(sessionId);
  }

  /** Titled: the branch takes the title's slug (`swarmdesk/fix-login-redirect`), unless it was pushed or is the user's own. */
  private async renameAfterTitle(sessionId: string): Promise<void> {
    const record = this.record(sessionId);
    if (!record || record.gone || record.adopted) return;
    const row = this.deps.sessions.get(sessionId);
    if (!this.branchFollows(row)) return;
    const slug = row.title ? slugFromTitle(row.title) : '';
    if (!slug) return;
    const wanted = `swarmdesk/${slug}`;
    if (record.branch === wanted) return;
    const base = this.repo(record.repoRoot);
    if (!(await base.branchExists(record.branch))) return;
    if (await base.isPushed(record.branch)) {
      log.info('branch pushed; not renamed', { session: sessionId, branch: record.branch });
      return;
    }
    const next = await this.freeBranchName(base, wanted);
    await base.renameBranch(record.branch, next);
    writeWorktreeRecord(this.deps.store, sessionId, { ...record, branch: next });
    this.deps.sessions.appendEntry(sessionId, 'note', `The branch ${record.branch} is now ${next}, after the session's title.`);
    this.recount(sessionId);
  }

  /**
   * The branch follows the session's first title and the user's renames only (issue 33): a
   * maintained or agent-set title changing the branch name under the user (and a note each
   * time) was noise; a person's title is the name they chose.
   */
  private branchFollows(row: SessionRow): boolean {
    if (row.title === null) return false;
    if (isPersonTitle(row.titleSource, row.titlePinned)) return true;
    if (row.titleSource === 'agent') return false;
    return this.deps.sessions.titleHistory(row.id).filter((h) => h.value !== null).length <= 1;
  }

  /** A merge from Swarmdesk landed: the pane says "Merged into <base>" until something new is on the branch. */
  markMerged(sessionId: string, baseBranch: string, commit: string): void {
    const record = this.record(sessionId);
    if (record) writeWorktreeRecord(this.deps.store, sessionId, { ...record, merged: { baseBranch, commit } });
  }

  /**
   * After a merge, from the pane: the worktree folder removed (never with uncommitted work in it), and with
   * `deleteBranch` the branch too, only when its base branch has every commit of it. Refusals remove nothing;
   * an adopted worktree is refused (the user made it, the user removes it).
   */
  remove(sessionId: string, deleteBranch: boolean): Promise<Removal> {
    // The agent could be writing in the folder right now: its work would go with it.
    if (this.deps.sessions.get(sessionId).status === 'working') {
      return Promise.reject(new AppError('CONFLICT', 'The session is working in the worktree; stop it or let it finish first. Nothing was removed.'));
    }
    return this.serial(sessionId, async () => {
      const record = this.record(sessionId);
      if (!record) throw new AppError('NOT_FOUND', 'This session does not work in a git worktree of its own.');
      if (record.adopted) throw new AppError('CONFLICT', `The worktree ${record.path} was made outside Swarmdesk; it is yours to remove. Nothing was removed.`);
      if (record.gone || !existsSync(record.path)) throw new AppError('CONFLICT', `The worktree folder ${record.path} is already gone.`);
      if (!existsSync(record.repoRoot)) throw new AppError('CONFLICT', `The repository ${record.repoRoot} is gone.`);
      const removal = await removeWorktreeAfterMerge(record, this.repo(record.repoRoot), deleteBranch, () => this.keepAndRemove(sessionId, record, 'removed', false));
      writeWorktreeRecord(this.deps.store, sessionId, { ...record, gone: 'removed', branchDeleted: removal.branchDeleted });
      this.deps.sessions.appendEntry(sessionId, 'note', removal.message);
      log.info('worktree removed', { session: sessionId, branchDeleted: removal.branchDeleted });
      this.recount(sessionId);
      return removal;
    });
  }

  private recount(sessionId: string): void {
    void this.deps.changes?.refresh(sessionId).catch((err: unknown) => log.warn('counting changes failed', { session: sessionId, err }));
  }

  /** `name`, or `name-2`, `name-3`… when taken. */
  private async freeBranchName(repo: GitRepo, name: string): Promise<string> {
    if (!(await repo.branchExists(name))) return name;
    for (let n = 2; n < 1000; n++) if (!(await repo.branchExists(`${name}-${n}`))) return `${name}-${n}`;
    throw new AppError('CONFLICT', `Too many branches named ${name}.`);
  }

  private serial<T>(sessionId: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(sessionId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(fn);
    this.chains.set(sessionId, next);
    void next.finally(() => {
      if (this.chains.get(sessionId) === next) this.chains.delete(sessionId);
    }).catch(() => undefined);
    return next;
  }
}

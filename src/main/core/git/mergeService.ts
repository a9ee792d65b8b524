import { existsSync } from 'node:fs';
import type { Entry } from '../../../shared/domain/session';
import type { MergeCheck, MergeResult, MergeStrategy } from '../../../shared/ipc/gitMerge';
import { committedText, mergedText, shortCommit } from '../../../shared/gitWords';
import { AppError } from '../../../shared/result';
import { childEnv } from '../spawn/childEnv';
import { createLogger } from '../logger';
import type { SessionsService } from '../services/sessions';
import {
  advanceBase,
  buildMergeCommit,
  checkoutOf,
  fallbackIdentity,
  listFiles,
  operationInProgress,
  overlappingDirt,
  rebaseWorktree,
  trialMerge,
  BaseCheckoutDirtyError,
} from './merge';
import { mergeMessages, parseCommitTexts, type CommitText } from './mergeMessage';
import { parseStatusFiles, type StatusFile } from './porcelain';
import type { WorktreeRecord } from './record';
import { GitRepo } from './repo';
import type { GitRunOptions } from './run';
import type { WorktreeService } from './worktrees';
import type { ChangesService } from './changesService';

const log = createLogger('git:merge');

/** The base branch's reflog entry for a merge (git's own log; people read `MERGED_HOW`'s words). */
const REFLOG_WORDS: Record<MergeStrategy, string> = { squash: 'squash', merge: 'merge commit', rebase: 'rebase' };

export interface MergeServiceDeps {
  readonly worktrees: Pick<WorktreeService, 'record' | 'ready' | 'markMerged'>;
  readonly sessions: Pick<SessionsService, 'get' | 'recordEntry' | 'send'>;
  readonly env: NodeJS.ProcessEnv;
  /** Counted again at once after a commit or merge, so the row's `+N −M` does not wait for the throttle. */
  readonly changes?: Pick<ChangesService, 'refresh'>;
}

/** A session whose worktree can be committed in and merged from. */
interface Ready {
  readonly record: WorktreeRecord & { baseBranch: string };
  readonly worktree: GitRepo;
  readonly base: GitRepo;
}

/**
 * Commit and merge back (issue 10 part 3): the session's worktree committed, its branch
 * merged into the base branch by squash, merge commit or rebase. Merges into one repository
 * run one at a time; conflicts are found before anything changes and come back as a result.
 */
export class MergeService {
  private readonly git: GitRunOptions;
  /** One merge or commit at a time per repository (two sessions merging into one base). */
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: MergeServiceDeps) {
    this.git = { env: childEnv(deps.env, 'terminal') };
  }

  private repo(dir: string): GitRepo {
    return new GitRepo(dir, this.git);
  }

  /** Why this session's worktree cannot be used now, or null. */
  private unusable(record: WorktreeRecord | null): string | null {
    if (!record) return 'This session does not work in a git worktree of its own.';
    if (record.gone === 'removed') return `The worktree was removed after the merge; the branch ${record.branch} ${record.branchDeleted ? 'was deleted' : 'is kept'}.`;
    if (record.gone || !existsSync(record.path)) return `The worktree folder ${record.path} is gone.`;
    if (!existsSync(record.repoRoot)) return `The repository ${record.repoRoot} is gone.`;
    return null;
  }

  private ready(sessionId: string, needBase: boolean): Ready {
    this.deps.sessions.get(sessionId);
    const record = this.deps.worktrees.record(sessionId);
    const why = this.unusable(record);
    if (why || !record) throw new AppError('UNAVAILABLE', why ?? 'No worktree.');
    if (needBase && record.baseBranch === null) throw new AppError('UNAVAILABLE', noBaseReason(record));
    return { record: { ...record, baseBranch: record.baseBranch ?? '' }, worktree: this.repo(record.path), base: this.repo(record.repoRoot) };
  }

  /** Paths with uncommitted changes in the session's worktree (for the commit message). */
  async changedPaths(sessionId: string): Promise<string[]> {
    const { worktree } = this.ready(sessionId, false);
    return [...(await worktree.status('all')).paths];
  }

  async check(sessionId: string): Promise<MergeCheck> {
    this.deps.sessions.get(sessionId);
    const record = this.deps.worktrees.record(sessionId);
    const empty = { baseBranch: null, branch: record?.branch ?? null, uncommitted: 0, ahead: 0, conflicts: [], messages: null };
    const why = this.unusable(record);
    if (why || !record) return { ...empty, reason: why };
    const worktree = this.repo(record.path);
    const uncommitted = await worktree.status('all').then((s) => s.changed + s.untracked + s.conflicted);
    if (record.baseBranch === null) return { ...empty, uncommitted, reason: noBaseReason(record) };
    const base = this.repo(record.repoRoot);
    const busy = await operationInProgress(worktree);
    const baseCommit = await base.commitOf(`refs/heads/${record.baseBranch}`);
    const head = await worktree.commitOf('HEAD');
    const common = { baseBranch: record.baseBranch, branch: record.branch, uncommitted, messages: null };
    if (!baseCommit || !head) return { ...common, ahead: 0, conflicts: [], reason: `The branch ${record.baseBranch} no longer exists.` };
    const ahead = await base.countAhead(baseCommit, head);
    if (busy) return { ...common, ahead, conflicts: [], reason: `The worktree is in the middle of ${busy}; finish it there (or abort it) first.` };
    const trial = ahead > 0 ? await trialMerge(base, baseCommit, head) : null;
    const messages = mergeMessages(record.branch, record.baseBranch, await commitTexts(base, baseCommit, head), this.deps.sessions.get(sessionId).title);
    return { ...common, ahead, conflicts: trial && !trial.clean ? trial.files : [], reason: null, messages };
  }

  /** What "Commit" will take: every path `git status` lists in the worktree (at most `max`). */
  async uncommittedFiles(sessionId: string, max = 500): Promise<{ files: StatusFile[]; truncated: boolean }> {
    const { worktree } = this.ready(sessionId, false);
    const files = parseStatusFiles(await worktree.run(['status', '--porcelain=v2', '-z', '--untracked-files=all']));
    return { files: files.slice(0, max), truncated: files.length > max };
  }

  /** Everything in the worktree committed with `message`; the session's transcript says so. */
  commit(sessionId: string, rawMessage: string): Promise<{ commit: string; files: number }> {
    const message = rawMessage.replace(/\r\n/g, '\n').trim();
    if (!message) return Promise.reject(new AppError('BAD_INPUT', 'A commit needs a message.'));
    const { record, worktree } = this.ready(sessionId, false);
    return this.recounted(sessionId, this.serial(record.repoRoot, async () => {
      const busy = await operationInProgress(worktree);
      if (busy) throw new AppError('CONFLICT', `The worktree is in the middle of ${busy}; finish it first.`);
      const files = (await worktree.status('all')).paths.length;
      if (!(await worktree.commitAll(message, await fallbackIdentity(worktree)))) throw new AppError('CONFLICT', 'Nothing to commit: the worktree has no changes.');
      const commit = (await worktree.commitOf('HEAD')) ?? '';
      this.note(sessionId, `${committedText(files, commit)} on ${record.branch}: ${message.split('\n')[0]}`);
      return { commit, files };
    }));
  }

  /** Squash, merge commit or rebase into the base branch. Conflicts change nothing and come back listed. */
  /**
   * `message`: the squash or merge commit's message as the user confirmed it, written as given (trimmed);
   * absent, the message the check suggests (from the branch's commits). Rebase writes no message of its own.
   */
  merge(sessionId: string, strategy: MergeStrategy, message?: string): Promise<MergeResult> {
    const given = message === undefined ? null : message.replace(/\r\n/g, '\n').trim();
    if (given === '' && strategy !== 'rebase') return Promise.reject(new AppError('BAD_INPUT', 'A merge needs a message.'));
    const ready = this.ready(sessionId, true);
    return this.recounted(sessionId, this.serial(ready.record.repoRoot, () => this.mergeNow(sessionId, strategy, given, ready)));
  }

  private async mergeNow(sessionId: string, strategy: MergeStrategy, given: string | null, { record, worktree, base }: Ready): Promise<MergeResult> {
    const baseBranch = record.baseBranch;
    const busy = await operationInProgress(worktree);
    if (busy) throw new AppError('CONFLICT', `The worktree is in the middle of ${busy}; finish it (or abort it) first.`);
    const dirty = await worktree.status('all');
    const uncommitted = dirty.changed + dirty.untracked + dirty.conflicted;
    if (uncommitted > 0) throw new AppError('CONFLICT', `The worktree has ${uncommitted} uncommitted file${uncommitted === 1 ? '' : 's'}. Commit first, then merge.`);
    const baseCommit = await base.commitOf(`refs/heads/${baseBranch}`);
    const head = await worktree.commitOf('HEAD');
    if (!baseCommit || !head) throw new AppError('CONFLICT', `The branch ${baseBranch} no longer exists.`);
    const commits = await commitTexts(base, baseCommit, head);
    const suggested = mergeMessages(record.branch, baseBranch, commits, this.deps.sessions.get(sessionId).title);
    if (!suggested) return { outcome: 'up-to-date', baseBranch };
    const reason = `swarmdesk: ${REFLOG_WORDS[strategy]} ${record.branch} into ${baseBranch}`;
    let merged: string;
    if (strategy === 'rebase') {
      // Before rewriting the branch: will the base checkout take the result? (The fast-forward checks again.)
      const where = await checkoutOf(base, baseBranch);
      if (where) {
        const overlap = await overlappingDirt(this.repo(where), [`${baseCommit}...${head}`]);
        if (overlap.length > 0) throw new BaseCheckoutDirtyError(baseBranch, overlap);
      }
      const rebased = await rebaseWorktree(worktree, baseCommit, false);
      if (!rebased.clean) return { outcome: 'conflicts', baseBranch, files: rebased.files };
      merged = (await worktree.commitOf('HEAD')) ?? head;
      await advanceBase(base, (dir) => this.repo(dir), baseBranch, baseCommit, merged, reason);
    } else {
      const message = `${given ?? suggested[strategy]}\n`;
      const built = await buildMergeCommit(base, strategy, baseCommit, head, message);
      if ('conflicts' in built) return { outcome: 'conflicts', baseBranch, files: built.conflicts };
      merged = built.commit;
      await advanceBase(base, (dir) => this.repo(dir), baseBranch, baseCommit, merged, reason);
      if (strategy === 'squash') await this.followSquash(sessionId, worktree, head, merged);
    }
    this.deps.worktrees.markMerged(sessionId, baseBranch, merged);
    log.info('merged', { session: sessionId, strategy, base: baseBranch, commit: merged });
    this.note(sessionId, `${mergedText(record.branch, baseBranch, strategy)} as ${shortCommit(merged)}.`);
    return { outcome: 'merged', baseBranch, strategy, commit: merged };
  }

  /**
   * After a squash the branch's own commits are not ancestors of the base, so it would look
   * unmerged for ever: the branch moves onto the squash commit (same files), and its earlier
   * commits stay reachable under `refs/swarmdesk/squashed/` (nothing is lost).
   */
  private async followSquash(sessionId: string, worktree: GitRepo, oldHead: string, squashCommit: string): Promise<void> {
    await worktree.run(['update-ref', `refs/swarmdesk/squashed/${sessionId.slice(0, 8)}-${oldHead.slice(0, 10)}`, oldHead]);
    await worktree.run(['reset', '--quiet', '--keep', squashCommit]);
  }

  /** From the conflict alert: ask the agent to resolve them, or rebase in the worktree and stay there on conflicts. */
  resolveConflicts(sessionId: string, how: 'agent' | 'rebase'): Promise<{ files: string[]; entry: Entry | null; message: string }> {
    const ready = this.ready(sessionId, true);
    if (how === 'agent') return this.sendToAgent(sessionId, ready);
    return this.recounted(sessionId, this.serial(ready.record.repoRoot, async () => {
      const { record, worktree, base } = ready;
      const busy = await operationInProgress(worktree);
      if (busy) throw new AppError('CONFLICT', `The worktree is already in the middle of ${busy}.`);
      const dirty = await worktree.status('all');
      if (dirty.paths.length > 0) throw new AppError('CONFLICT', 'The worktree has uncommitted changes. Commit first, then rebase.');
      const baseCommit = await base.commitOf(`refs/heads/${record.baseBranch}`);
      if (!baseCommit) throw new AppError('CONFLICT', `The branch ${record.baseBranch} no longer exists.`);
      const result = await rebaseWorktree(worktree, baseCommit, true);
      const message = result.clean
        ? `Rebased ${record.branch} onto ${record.baseBranch} in the worktree; it now merges cleanly.`
        : `The worktree is in the middle of a rebase onto ${record.baseBranch}, with conflicts in ${listFiles(result.files, 20)}. Fix those files, \`git add\` them and run \`git rebase --continue\` (or \`git rebase --abort\`) in ${record.path}.`;
      const entry = this.note(sessionId, message);
      return { files: result.clean ? [] : result.files, entry, message };
    }));
  }

  /** `done`, after which the session's changes are counted again (whether it worked or not). */
  private recounted<T>(sessionId: string, done: Promise<T>): Promise<T> {
    const recount = (): void => {
      void this.deps.changes?.refresh(sessionId).catch((err: unknown) => log.warn('counting changes failed', { session: sessionId, err }));
    };
    return done.finally(recount);
  }

  private async sendToAgent(sessionId: string, { record, worktree, base }: Ready): Promise<{ files: string[]; entry: Entry | null; message: string }> {
    const row = this.deps.sessions.get(sessionId);
    if (row.kind === 'terminal' || row.kind === 'imported') throw new AppError('BAD_INPUT', 'This session has no agent to ask; use Rebase in worktree.');
    const baseCommit = await base.commitOf(`refs/heads/${record.baseBranch}`);
    const head = await worktree.commitOf('HEAD');
    const trial = baseCommit && head ? await trialMerge(base, baseCommit, head) : null;
    if (!trial || trial.clean) throw new AppError('CONFLICT', `There are no conflicts with ${record.baseBranch} now.`);
    const message = `Resolve the conflicts with ${record.baseBranch}: ${listFiles(trial.files, 20)}. Merge ${record.baseBranch} into this branch (\`git merge ${record.baseBranch}\`), fix those files so both sides' changes are kept, and commit.`;
    await this.deps.worktrees.ready(sessionId);
    const entry = await this.deps.sessions.send(sessionId, message);
    return { files: trial.files, entry, message };
  }

  private note(sessionId: string, text: string): Entry | null {
    // recordEntry keeps a refused write in memory and retries it (a locked or full database).
    return this.deps.sessions.recordEntry(sessionId, 'note', text);
  }

  private serial<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(fn);
    this.chains.set(key, next);
    void next
      .finally(() => {
        if (this.chains.get(key) === next) this.chains.delete(key);
      })
      .catch(() => undefined);
    return next;
  }
}

function noBaseReason(record: WorktreeRecord): string {
  return `This worktree was made from a detached HEAD (${record.baseCommit.slice(0, 10)}), so there is no branch to merge into.`;
}

/** The messages of the commits `head` has and `baseCommit` lacks, oldest first. */
async function commitTexts(repo: GitRepo, baseCommit: string, head: string): Promise<CommitText[]> {
  return parseCommitTexts(await repo.run(['log', '--format=%B%x00', '--reverse', `${baseCommit}..${head}`]));
}

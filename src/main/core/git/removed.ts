import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../../shared/result';
import { recordCheckpoint } from './checkpoint';
import { DEFAULT_KEEP_DAYS } from './prune';
import type { RecordStore } from './record';
import type { GitRepo } from './repo';
import { runGit, type GitRunOptions } from './run';

/*
 * Worktrees that cannot lose work (issue 36): "Remove worktree" and deleting a session record the
 * worktree's files as a checkpoint of the session (never a commit on its branch, never a stash), pin
 * that checkpoint and the HEAD of the time under `refs/swarmdesk/removed/<id>/`, and list the worktree
 * here ("Recently removed", for the days of the "Keep checkpoints for N days" setting, 14 by default). Restore adds the worktree again (its path, or a free one beside
 * it) on its branch, or on a new branch from the pinned HEAD when the branch was deleted or moved, and
 * writes the checkpoint's files into it through a temporary index: the real index and HEAD stay.
 */

export const REMOVED_KEY = 'git.removedWorktrees';
export const REMOVED_REF_PREFIX = 'refs/swarmdesk/removed/';
const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_LISTED = 200;

export const RemovedWorktreeSchema = z.object({
  id: z.string().regex(/^[a-f0-9]{16}$/),
  sessionId: z.string(),
  repoRoot: z.string(),
  path: z.string(),
  branch: z.string(),
  /** The worktree's HEAD when it was removed. */
  head: z.string(),
  checkpoint: z.string(),
  /** 'deleted' with its session, 'removed' from the pane after a merge. */
  how: z.enum(['deleted', 'removed']),
  removedAt: z.number(),
});
export type RemovedWorktree = z.infer<typeof RemovedWorktreeSchema>;

const pin = (id: string, what: 'checkpoint' | 'head'): string => `${REMOVED_REF_PREFIX}${id}/${what}`;

/** Every removed worktree the setting holds, whatever its age (pruning reads their repositories). */
export function storedRemoved(store: RecordStore): RemovedWorktree[] {
  const parsed = z.array(RemovedWorktreeSchema).safeParse(store.settings.get(REMOVED_KEY));
  return parsed.success ? parsed.data : [];
}

/** The removed worktrees of the last `keepDays` days (the "Keep checkpoints for N days" setting), newest first. */
export function listRemoved(store: RecordStore, now: number, keepDays = DEFAULT_KEEP_DAYS): RemovedWorktree[] {
  return storedRemoved(store)
    .filter((r) => now - r.removedAt < keepDays * DAY_MS)
    .sort((a, b) => b.removedAt - a.removedAt);
}

function writeRemoved(store: RecordStore, list: readonly RemovedWorktree[]): void {
  store.settings.set(REMOVED_KEY, list.slice(0, MAX_LISTED).map((r) => ({ ...r })));
}

export interface KeptWorktree {
  readonly id: string;
  readonly head: string;
  readonly checkpoint: string;
}

/**
 * Records the worktree's files (tracked and untracked, `.gitignore` honoured) as the session's next
 * checkpoint and pins it with the HEAD of the time. Throws (nothing removed yet) when it cannot.
 * `list` is called before the pins are written, so a pin never exists unlisted while it is new
 * (pruning deletes the pins no listed entry holds).
 */
export async function keepAsCheckpoint(
  base: GitRepo,
  worktree: GitRepo,
  sessionId: string,
  git: GitRunOptions,
  now: number,
  list?: (kept: KeptWorktree) => void,
): Promise<KeptWorktree> {
  const head = await worktree.commitOf('HEAD');
  if (!head) throw new AppError('CONFLICT', 'The worktree has no commit to keep its work against. Nothing was removed.');
  const result = await recordCheckpoint(worktree.dir, sessionId, 'worktree removed', { ...git, now: new Date(now) });
  if (!result.recorded && result.reason !== 'unchanged') {
    const why = result.reason === 'too-many-untracked' ? `it has ${result.untracked} untracked files, too many to record` : 'it is not a git working tree';
    throw new AppError('CONFLICT', `The worktree's files could not be recorded (${why}), so nothing was removed.`);
  }
  const id = randomBytes(8).toString('hex');
  list?.({ id, head, checkpoint: result.checkpoint.commit });
  await base.run(['update-ref', '-m', 'swarmdesk: worktree removed', pin(id, 'checkpoint'), result.checkpoint.commit, '']);
  await base.run(['update-ref', '-m', 'swarmdesk: worktree removed', pin(id, 'head'), head, '']);
  return { id, head, checkpoint: result.checkpoint.commit };
}

export function addRemoved(store: RecordStore, entry: RemovedWorktree, now: number, keepDays = DEFAULT_KEEP_DAYS): void {
  writeRemoved(store, [entry, ...listRemoved(store, now, keepDays).filter((r) => r.id !== entry.id)]);
}

export function takeRemoved(store: RecordStore, id: string, now: number, keepDays = DEFAULT_KEEP_DAYS): RemovedWorktree {
  const list = listRemoved(store, now, keepDays);
  const entry = list.find((r) => r.id === id);
  if (!entry) throw new AppError('NOT_FOUND', `That removed worktree is no longer listed (kept ${keepDays} ${keepDays === 1 ? 'day' : 'days'}).`);
  return entry;
}

export function dropRemoved(store: RecordStore, id: string, now: number, keepDays = DEFAULT_KEEP_DAYS): void {
  writeRemoved(store, listRemoved(store, now, keepDays).filter((r) => r.id !== id));
}

/** Where the worktree comes back: its own path, else `<path>-2`, `-3`… */
function freePath(path: string): string {
  if (!existsSync(path)) return path;
  for (let n = 2; n < 1000; n++) if (!existsSync(`${path}-${n}`)) return `${path}-${n}`;
  throw new AppError('CONFLICT', `No free folder beside ${path}.`);
}

export interface RestoredWorktree {
  readonly path: string;
  readonly branch: string;
  /** The branch was gone or had moved on: a new one was made from the HEAD of the time. */
  readonly newBranch: boolean;
}

/**
 * The worktree of `entry` back: on its branch when the branch still points at the HEAD it was removed
 * on, else on a new branch from that HEAD; then the checkpoint's files written into it (files only).
 */
export async function restoreRemoved(base: GitRepo, entry: RemovedWorktree, git: GitRunOptions, freeBranch: (name: string) => Promise<string>): Promise<RestoredWorktree> {
  const checkpoint = await base.commitOf(pin(entry.id, 'checkpoint'));
  const head = await base.commitOf(pin(entry.id, 'head'));
  if (!checkpoint || !head) throw new AppError('NOT_FOUND', `The recorded files of ${entry.path} are no longer in the repository.`);
  const path = freePath(entry.path);
  const onBranch = (await base.commitOf(`refs/heads/${entry.branch}`)) === head;
  const branch = onBranch ? entry.branch : await freeBranch(`${entry.branch}-restored`);
  if (onBranch) await base.addWorktreeForBranch(path, branch);
  else await base.addWorktree(path, branch, head);
  await writeCheckpointFiles(path, head, checkpoint, git);
  return { path, branch, newBranch: !onBranch };
}

/**
 * Writes the checkpoint's tree into a fresh worktree at `head` through a temporary index (the real
 * index is never read or written), and removes the files the checkpoint no longer had.
 */
async function writeCheckpointFiles(path: string, head: string, checkpoint: string, git: GitRunOptions): Promise<void> {
  const realIndex = resolve(path, (await runGit(path, ['rev-parse', '--git-path', 'index'], git)).trim());
  const tempIndex = join(dirname(realIndex), `swarmdesk-restore-${process.pid}-${randomBytes(6).toString('hex')}.index`);
  const env: GitRunOptions = { ...git, env: { ...(git.env ?? process.env), GIT_INDEX_FILE: tempIndex } };
  try {
    await runGit(path, ['read-tree', checkpoint], env);
    await runGit(path, ['checkout-index', '--all', '--force'], env);
  } finally {
    await rm(tempIndex, { force: true });
  }
  const gone = (await runGit(path, ['diff', '--name-only', '-z', '--no-renames', '--diff-filter=D', head, checkpoint, '--'], git)).split('\0').filter(Boolean);
  for (const rel of gone) await unlink(join(path, rel)).catch(() => undefined);
}

/**
 * The entries past the days kept leave the list, and the pins of this repository that no listed entry
 * holds are deleted (one `update-ref --stdin`); resolves with how many entries and pins went. The pins are
 * read before the list: a pin is written only after its entry is listed (`keepAsCheckpoint`), so one
 * being made now is never taken for a stale one.
 */
export async function pruneRemovedRefs(
  dir: string,
  git: GitRunOptions,
  store: RecordStore,
  now: number,
  keepDays = DEFAULT_KEEP_DAYS,
): Promise<{ entries: number; pins: number }> {
  const refs = (await runGit(dir, ['for-each-ref', '--format=%(refname)', REMOVED_REF_PREFIX], git)).split('\n').filter(Boolean);
  const listed = listRemoved(store, now, keepDays);
  const stored = storedRemoved(store);
  if (listed.length < stored.length) writeRemoved(store, listed);
  const kept = new Set(listed.map((r) => r.id));
  const stale = refs.filter((ref) => !kept.has(ref.slice(REMOVED_REF_PREFIX.length).split('/')[0] ?? ''));
  if (stale.length > 0) {
    await runGit(dir, ['update-ref', '-m', 'swarmdesk: removed worktree past the days kept', '--stdin'], { ...git, input: `${stale.map((ref) => `delete ${ref}`).join('\n')}\n` });
  }
  return { entries: stored.length - listed.length, pins: stale.length };
}

import { createHash } from 'node:crypto';
import { basename, isAbsolute, join } from 'node:path';
import { z } from 'zod';
import type { WorktreeChoice } from '../../../shared/ipc/git';
import type { Store } from '../store';

/*
 * What Swarmdesk keeps about worktrees: per session (the session's own options,
 * deleted with it) and per repository (settings: the dialog's remembered choice).
 */

export const WorktreeRecordSchema = z.object({
  repoRoot: z.string(),
  path: z.string(),
  branch: z.string(),
  baseBranch: z.string().nullable(),
  baseCommit: z.string(),
  /**
   * The worktree folder was removed: by Swarmdesk on delete ('deleted'), from the pane after a merge
   * ('removed'; `branchDeleted` says whether the branch went too) or by hand ('missing').
   */
  gone: z.enum(['deleted', 'missing', 'removed']).nullable().default(null),
  branchDeleted: z.boolean().default(false),
  /** The last merge into the base branch from Swarmdesk (the pane says "Merged into <base>" while nothing is new). */
  merged: z.object({ baseBranch: z.string(), commit: z.string() }).nullable().default(null),
  /** Made outside Swarmdesk and adopted ("Open existing worktree"): its branch is the user's, never renamed after a title. */
  adopted: z.literal(true).optional(),
});
export type WorktreeRecord = z.infer<typeof WorktreeRecordSchema>;

/** What git/ reads and writes of the store: the worktree record (session options) and the repositories' choices (settings). */
export type RecordStore = Pick<Store, 'sessionOptions' | 'settings'>;

export function readWorktreeRecord(store: RecordStore, sessionId: string): WorktreeRecord | null {
  const parsed = WorktreeRecordSchema.safeParse(store.sessionOptions.get(sessionId, 'worktree'));
  return parsed.success ? parsed.data : null;
}

export function writeWorktreeRecord(store: RecordStore, sessionId: string, record: WorktreeRecord): void {
  store.sessionOptions.set(sessionId, 'worktree', { ...record });
}

/** Every live session's worktree record. */
export function allWorktreeRecords(store: RecordStore): Array<{ sessionId: string; record: WorktreeRecord }> {
  const out: Array<{ sessionId: string; record: WorktreeRecord }> = [];
  for (const { sessionId, value } of store.sessionOptions.named('worktree')) {
    const parsed = WorktreeRecordSchema.safeParse(value);
    if (parsed.success) out.push({ sessionId, record: parsed.data });
  }
  return out;
}

/** Where worktrees go: the environment's SWARMDESK_WORKTREES_DIR, else this setting, else `<dataDir>/worktrees`. */
export const WORKTREES_DIR_KEY = 'git.worktreesDir';
export const WORKTREES_DIR_ENV = 'SWARMDESK_WORKTREES_DIR';
const REPO_PREFS_PREFIX = 'git.repo:';

const StoredChoice = z.object({
  enabled: z.boolean(),
  copyPatterns: z.array(z.string().min(1).max(500)).max(50),
  setupCommand: z.string().max(4_096),
});

export const DEFAULT_CHOICE: WorktreeChoice = { enabled: true, copyPatterns: [], setupCommand: '' };

export function readRepoChoice(store: RecordStore, repoRoot: string): WorktreeChoice {
  const parsed = StoredChoice.safeParse(store.settings.get(REPO_PREFS_PREFIX + repoRoot));
  return parsed.success ? parsed.data : DEFAULT_CHOICE;
}

export function writeRepoChoice(store: RecordStore, repoRoot: string, choice: WorktreeChoice): void {
  store.settings.set(REPO_PREFS_PREFIX + repoRoot, { enabled: choice.enabled, copyPatterns: [...choice.copyPatterns], setupCommand: choice.setupCommand });
}

export function worktreesBaseDir(store: RecordStore, dataDir: string, env: NodeJS.ProcessEnv = {}): string {
  const fromEnv = env[WORKTREES_DIR_ENV];
  if (fromEnv && isAbsolute(fromEnv)) return fromEnv;
  const own = store.settings.get(WORKTREES_DIR_KEY);
  return typeof own === 'string' && isAbsolute(own) ? own : join(dataDir, 'worktrees');
}

/**
 * `<base>/<repo-name>-<hash of its path>/<short id>/<repo's folder name>`: one folder per repository,
 * never inside it; the worktree keeps the repository's own folder name, so labels and the folder
 * filter name it as they name the repository.
 */
export function worktreePathFor(base: string, repoRoot: string, shortId: string): string {
  const hash = createHash('sha256').update(repoRoot).digest('hex').slice(0, 8);
  const own = basename(repoRoot);
  const name = own.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'repo';
  return join(base, `${name}-${hash}`, shortId, own || 'repo');
}

/** The longest slug a title gives: a branch name stays short enough to read whole in a header or a row. */
export const SLUG_MAX = 40;

/**
 * A branch name from a title: `Fix login redirect` → `fix-login-redirect` (ASCII); '' when nothing usable is
 * left. A longer one ends at the last whole word within SLUG_MAX characters; only a first word longer than
 * that is cut inside.
 */
export function slugFromTitle(title: string): string {
  const ascii = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const slug = ascii.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (slug.length <= SLUG_MAX) return slug;
  const cut = slug.lastIndexOf('-', SLUG_MAX);
  return cut > 0 ? slug.slice(0, cut) : slug.slice(0, SLUG_MAX);
}

import { copyFile, lstat, open, readFile, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { runGit, type GitRunOptions } from './run';

/*
 * A session's own checkpoint index (issue 36), kept between its checkpoints so `git add -A` finds the
 * untracked files it hashed last time stat-clean and hashes only what changed. It lives beside the real
 * index (`swarmdesk-checkpoint-<session>.index`: the worktree's own git dir, so one per session and
 * worktree, never shared between sessions), with a note (`….json`) saying which real index it was seeded
 * from and which paths it holds beyond it (untracked in the real index, at the last checkpoint).
 *
 * It is trusted only while the note exists and names the real index as it is now; otherwise it is seeded
 * again from the real index (a copy: the user's own stat data, so tracked files are not hashed again). The
 * note is removed before the kept index is written to and written again after a checkpoint succeeds, so an
 * interrupted checkpoint leaves an index that is seeded again next time. What the real index cannot say
 * is kept right by the note: paths it held that are no longer untracked files to record (now ignored, now
 * over the size limit, or gone) are removed before `git add -A`, and files the real index tracks though
 * they are ignored are added back if a turn deleted and then restored them.
 */

const INDEX_PREFIX = 'swarmdesk-checkpoint-';
const NOTE_VERSION = 1;
const QUERY_MS = 20_000;
/** Paths per `update-index` / `add` argument list. */
const CHUNK = 500;

interface Note {
  readonly version: number;
  /** The real index as it was when this index was seeded from it (`realIndexSignature`). */
  readonly real: string;
  /** Paths this index holds that the real index did not: the untracked files of the last checkpoint. */
  readonly untracked: readonly string[];
  /** Paths the real index tracks although they are ignored (`git add -A` does not add them back once gone). */
  readonly trackedIgnored: readonly string[];
}

export interface KeptIndex {
  /** The index file (GIT_INDEX_FILE for the checkpoint's git commands). */
  readonly path: string;
  /** Whether it was just seeded from the real index (nothing kept to go wrong). */
  readonly seeded: boolean;
  readonly untracked: ReadonlySet<string>;
  readonly trackedIgnored: readonly string[];
  readonly realSignature: string;
}

/** The kept index's file and its note, beside the real index. */
export function keptIndexPaths(realIndex: string, sessionId: string): { index: string; note: string } {
  const base = join(dirname(realIndex), `${INDEX_PREFIX}${sessionId}`);
  return { index: `${base}.index`, note: `${base}.json` };
}

/**
 * Which real index this is: its inode, size and times (git writes a new index by renaming a new file onto it)
 * and its trailing checksum. 'none' when there is no index yet.
 */
async function realIndexSignature(realIndex: string): Promise<string> {
  const s = await stat(realIndex, { bigint: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (!s) return 'none';
  const handle = await open(realIndex, 'r');
  try {
    const tail = Buffer.alloc(20);
    const { bytesRead } = await handle.read(tail, 0, 20, Math.max(0, Number(s.size) - 20));
    return [s.ino, s.size, s.mtimeNs, s.ctimeNs, tail.subarray(0, bytesRead).toString('hex')].join(':');
  } finally {
    await handle.close();
  }
}

async function readNote(path: string): Promise<Note | null> {
  try {
    const note = JSON.parse(await readFile(path, 'utf8')) as Partial<Note>;
    if (note.version !== NOTE_VERSION || typeof note.real !== 'string' || !Array.isArray(note.untracked) || !Array.isArray(note.trackedIgnored)) return null;
    return note as Note;
  } catch {
    return null;
  }
}

/**
 * A copy of the real index with the real index's times: git trusts an entry's cached stat only when it is
 * older than the index file, so a copy's later time would make a same-size edit of the real index's own
 * second (a "racily clean" entry) look unchanged, and the checkpoint miss it.
 */
async function seedFrom(realIndex: string, index: string): Promise<void> {
  await copyFile(realIndex, index);
  const times = await stat(realIndex);
  await utimes(index, times.atime, times.mtime);
}

/**
 * The session's kept index, ready for a checkpoint: the one kept since the last checkpoint when its note
 * names the real index as it is now (and `fresh` is not asked), else a copy of the real index.
 */
export async function openKeptIndex(top: string, realIndex: string, sessionId: string, options: GitRunOptions, fresh = false): Promise<KeptIndex> {
  const paths = keptIndexPaths(realIndex, sessionId);
  const realSignature = await realIndexSignature(realIndex);
  const note = fresh ? null : await readNote(paths.note);
  if (note && note.real === realSignature && (await stat(paths.index).catch(() => null))) {
    return { path: paths.index, seeded: false, untracked: new Set(note.untracked), trackedIgnored: note.trackedIgnored, realSignature };
  }
  await rm(paths.note, { force: true });
  // A lock left by a git that was killed while writing this index (ours alone: no one else writes it).
  await rm(`${paths.index}.lock`, { force: true });
  if (realSignature === 'none') await rm(paths.index, { force: true });
  else await seedFrom(realIndex, paths.index);
  const env: GitRunOptions = { ...options, timeoutMs: QUERY_MS, env: { ...(options.env ?? process.env), GIT_INDEX_FILE: paths.index } };
  const ignored = await runGit(top, ['ls-files', '-z', '--cached', '--ignored', '--exclude-standard'], env);
  return { path: paths.index, seeded: true, untracked: new Set(), trackedIgnored: ignored.split('\0').filter(Boolean), realSignature };
}

function chunks<T>(xs: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += CHUNK) out.push(xs.slice(i, i + CHUNK));
  return out;
}

/** Before `git add -A`: drops the paths the kept index holds that are no longer untracked files to record. */
export async function dropStaleUntracked(top: string, kept: KeptIndex, toRecord: ReadonlySet<string>, env: GitRunOptions): Promise<void> {
  const stale = [...kept.untracked].filter((p) => !toRecord.has(p));
  for (const part of chunks(stale)) await runGit(top, ['update-index', '--force-remove', '--', ...part], { ...env, timeoutMs: QUERY_MS });
}

/** After `git add -A`: the real index's tracked-but-ignored files that exist, added back (a turn may have deleted then restored one). */
export async function addTrackedIgnored(top: string, kept: KeptIndex, env: GitRunOptions, timeoutMs: number): Promise<void> {
  const present: string[] = [];
  for (const path of kept.trackedIgnored) if (await lstat(join(top, path)).catch(() => null)) present.push(path);
  for (const part of chunks(present)) {
    await runGit(top, ['add', '--force', '--ignore-errors', '--', ...part.map((p) => `:(top,literal)${p}`)], { ...env, timeoutMs });
  }
}

/** The kept index is about to be written: until `keepIndex`, it is not to be trusted. */
export async function markKeptIndexInUse(realIndex: string, sessionId: string): Promise<void> {
  await rm(keptIndexPaths(realIndex, sessionId).note, { force: true });
}

/** A checkpoint succeeded with `kept`: its note says what it now holds beyond the real index. */
export async function keepIndex(realIndex: string, sessionId: string, kept: KeptIndex, recordedUntracked: readonly string[]): Promise<void> {
  const note: Note = { version: NOTE_VERSION, real: kept.realSignature, untracked: recordedUntracked, trackedIgnored: kept.trackedIgnored };
  await writeFile(keptIndexPaths(realIndex, sessionId).note, JSON.stringify(note));
}

/**
 * Removes the sessions' kept indexes and notes wherever they are in the repository whose common git dir is
 * `commonDir` (beside the main index and in each worktree's git dir): their checkpoints are gone. Each git
 * dir is read once and only the files there are removed (pruning may forget thousands at once).
 */
export async function forgetKeptIndexes(commonDir: string, sessionIds: readonly string[]): Promise<void> {
  const dirs = [commonDir, ...(await readdir(join(commonDir, 'worktrees')).catch(() => [] as string[])).map((w) => join(commonDir, 'worktrees', w))];
  for (const dir of dirs) {
    const present = new Set((await readdir(dir).catch(() => [] as string[])).filter((name) => name.startsWith(INDEX_PREFIX)));
    if (present.size === 0) continue;
    for (const sessionId of sessionIds) {
      const paths = keptIndexPaths(join(resolve(dir), 'index'), sessionId);
      for (const path of [paths.index, paths.note]) if (present.has(basename(path))) await rm(path, { force: true });
    }
  }
}

/** One checkpoint at a time per kept index (a session's two turns ending at once wait for each other). */
const busy = new Map<string, Promise<unknown>>();
/** Runs `task` when no other task holds this kept index; `waited` says whether one did. */
export function withKeptIndexLock<T>(realIndex: string, sessionId: string, task: (waited: boolean) => Promise<T>): Promise<T> {
  const key = keptIndexPaths(realIndex, sessionId).index;
  const before = busy.get(key);
  const run = before ? before.then(() => task(true)) : task(false);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  busy.set(key, settled);
  void settled.then(() => {
    if (busy.get(key) === settled) busy.delete(key);
  });
  return run;
}

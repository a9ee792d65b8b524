import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CatFileBatch } from './catFile';
import { CHECKPOINT_REF_PREFIX } from './checkpoint';
import { forgetKeptIndexes } from './checkpointIndex';
import { GitError, runGit, type GitRunOptions } from './run';

/*
 * Pruning checkpoints by age and count (issue 36), across every session's ref in one repository. A chain
 * whose oldest commits are past the cutoff is written again from its first kept commit on (same trees,
 * author and committer lines and messages), that first kept one's parent being a parentless "boundary"
 * commit holding the tree of the commit before it, so "What this turn changed" still reads against the
 * right files; the refs move by compare-and-swap (a checkpoint taken meanwhile wins; the next round prunes).
 * A ref with nothing kept is deleted, with the session's kept index. The dropped commits become unreachable and git's own gc removes them.
 *
 * Bounded for thousands of refs: the chains are read through one `cat-file --batch` process, the new
 * commits are hashed here and written by one `hash-object --stdin-paths` (git's ids checked against ours),
 * and every ref moves in one `update-ref --stdin` transaction (one by one only when a ref moved meanwhile).
 */

export const DEFAULT_KEEP_DAYS = 14;
/** At most this many checkpoints per session, whatever their age. */
export const DEFAULT_KEEP_COUNT = 2_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const QUERY_MS = 60_000;
const CHECKPOINT_SUBJECT = 'Swarmdesk checkpoint:';
const BOUNDARY = 'Swarmdesk pruned the checkpoints before this one\n';
const REFLOG = 'swarmdesk: pruned checkpoints';

export interface PruneOptions extends GitRunOptions {
  readonly now?: Date;
  readonly keepDays?: number;
  readonly keepCount?: number;
}

export interface PruneResult {
  /** Refs rewritten (some checkpoints dropped) and refs deleted (all dropped). */
  readonly rewritten: number;
  readonly deleted: number;
  readonly dropped: number;
}

interface RawCommit {
  readonly tree: string;
  readonly firstParent: string | null;
  /** The committer time, ms. */
  readonly time: number;
  /** The author, committer and encoding lines, as written. */
  readonly identity: string;
  readonly message: Buffer;
}

/** Reads a commit object's headers and message; null when it is not one. */
export function parseRawCommit(raw: Buffer): RawCommit | null {
  const split = raw.indexOf('\n\n');
  if (split < 0) return null;
  const lines = raw.subarray(0, split).toString('utf8').split('\n');
  let tree = '';
  let firstParent: string | null = null;
  let time = 0;
  const identity: string[] = [];
  for (const line of lines) {
    if (line.startsWith('tree ')) tree = line.slice(5);
    else if (line.startsWith('parent ')) firstParent ??= line.slice(7);
    else if (line.startsWith('author ') || line.startsWith('encoding ')) identity.push(line);
    else if (line.startsWith('committer ')) {
      identity.push(line);
      time = Number(/ (\d+) [+-]\d{4}$/.exec(line)?.[1] ?? 0) * 1000;
    }
  }
  if (!tree) return null;
  return { tree, firstParent, time, identity: identity.join('\n'), message: raw.subarray(split + 2) };
}

interface Chain {
  readonly ref: string;
  readonly head: string;
  /** The checkpoint commits, newest first. */
  readonly commits: Array<RawCommit & { readonly id: string }>;
}

/** Every checkpoint ref's chain (first parents while the message is a checkpoint's), read level by level. */
async function readChains(cat: CatFileBatch, heads: ReadonlyArray<{ ref: string; head: string }>): Promise<Chain[]> {
  const chains: Chain[] = heads.map((h) => ({ ...h, commits: [] }));
  let frontier = chains.map((chain) => ({ chain, id: chain.head }));
  while (frontier.length > 0) {
    const raws = await cat.read(frontier.map((f) => f.id));
    const next: typeof frontier = [];
    frontier.forEach((f, i) => {
      const raw = raws[i];
      const commit = raw ? parseRawCommit(raw) : null;
      if (!commit || !commit.message.subarray(0, CHECKPOINT_SUBJECT.length).equals(Buffer.from(CHECKPOINT_SUBJECT))) return;
      f.chain.commits.push({ ...commit, id: f.id });
      if (commit.firstParent) next.push({ chain: f.chain, id: commit.firstParent });
    });
    frontier = next;
  }
  return chains;
}

/** A commit object written here, its id computed as git does (checked against git's answer). */
class NewCommits {
  readonly objects: Array<{ id: string; body: Buffer }> = [];
  constructor(private readonly algorithm: 'sha1' | 'sha256') {}

  add(tree: string, parent: string | null, identity: string, message: Buffer): string {
    const body = Buffer.concat([Buffer.from(`tree ${tree}\n${parent ? `parent ${parent}\n` : ''}${identity}\n\n`), message]);
    const id = createHash(this.algorithm).update(`commit ${body.length}\0`).update(body).digest('hex');
    this.objects.push({ id, body });
    return id;
  }

  async write(top: string, options: GitRunOptions): Promise<void> {
    if (this.objects.length === 0) return;
    const dir = await mkdtemp(join(tmpdir(), 'swarmdesk-prune-'));
    try {
      const paths: string[] = [];
      for (const [i, o] of this.objects.entries()) {
        const path = join(dir, String(i));
        await writeFile(path, o.body);
        paths.push(path);
      }
      const out = await runGit(top, ['hash-object', '-t', 'commit', '-w', '--stdin-paths'], { ...options, timeoutMs: QUERY_MS, input: `${paths.join('\n')}\n` });
      const ids = out.split('\n').filter(Boolean);
      if (ids.length !== this.objects.length || ids.some((id, i) => id !== this.objects[i]?.id)) {
        throw new Error('Pruning checkpoints stopped: git wrote other commits than the ones computed (nothing was moved).');
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

interface RefMove {
  readonly ref: string;
  readonly old: string;
  /** null: deleted. */
  readonly next: string | null;
  readonly dropped: number;
}

/** Moves every ref in one transaction; when one moved meanwhile (the transaction refused), each alone. */
async function moveRefs(top: string, moves: readonly RefMove[], options: GitRunOptions): Promise<RefMove[]> {
  if (moves.length === 0) return [];
  const line = (m: RefMove): string => (m.next ? `update ${m.ref} ${m.next} ${m.old}` : `delete ${m.ref} ${m.old}`);
  const git = { ...options, timeoutMs: QUERY_MS };
  try {
    await runGit(top, ['update-ref', '-m', REFLOG, '--stdin'], { ...git, input: `${moves.map(line).join('\n')}\n` });
    return [...moves];
  } catch (err) {
    if (!(err instanceof GitError && err.reason === 'exit')) throw err;
  }
  const done: RefMove[] = [];
  for (const m of moves) {
    try {
      await runGit(top, m.next ? ['update-ref', '-m', REFLOG, m.ref, m.next, m.old] : ['update-ref', '-d', m.ref, m.old], git);
      done.push(m);
    } catch (err) {
      // The ref moved under us (a checkpoint was just taken): left for the next round.
      if (!(err instanceof GitError && err.reason === 'exit')) throw err;
    }
  }
  return done;
}

/** Prunes every session's checkpoints in the repository at `top` (its toplevel or any folder in it). */
export async function pruneCheckpoints(top: string, options: PruneOptions = {}): Promise<PruneResult> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.keepDays ?? DEFAULT_KEEP_DAYS) * DAY_MS;
  const keepCount = options.keepCount ?? DEFAULT_KEEP_COUNT;
  const listed = await runGit(top, ['for-each-ref', '--format=%(refname) %(objectname)', CHECKPOINT_REF_PREFIX], { ...options, timeoutMs: QUERY_MS });
  const heads = listed
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [ref = '', head = ''] = l.split(' ');
      return { ref, head };
    });
  if (heads.length === 0) return { rewritten: 0, deleted: 0, dropped: 0 };
  const cat = new CatFileBatch(top, { ...options, timeoutMs: QUERY_MS });
  let chains: Chain[];
  try {
    chains = await readChains(cat, heads);
  } finally {
    cat.close();
  }
  const created = new NewCommits(heads[0]?.head.length === 64 ? 'sha256' : 'sha1');
  const moves: RefMove[] = [];
  for (const { ref, head, commits } of chains) {
    let keep = 0;
    while (keep < commits.length && keep < keepCount && (commits[keep]?.time ?? 0) >= cutoff) keep += 1;
    if (commits.length === 0 || keep === commits.length) continue;
    const dropped = commits.length - keep;
    if (keep === 0) {
      moves.push({ ref, old: head, next: null, dropped });
      continue;
    }
    // The commit before the oldest kept one, as a boundary holding its tree (the kept one's diff reads against it).
    const before = commits[keep] as RawCommit;
    let parent = created.add(before.tree, null, before.identity, Buffer.from(BOUNDARY));
    for (let i = keep - 1; i >= 0; i--) {
      const c = commits[i] as RawCommit;
      parent = created.add(c.tree, parent, c.identity, c.message);
    }
    moves.push({ ref, old: head, next: parent, dropped });
  }
  await created.write(top, options);
  const done = await moveRefs(top, moves, options);
  const deleted = done.filter((m) => !m.next);
  if (deleted.length > 0) {
    // Their kept indexes (checkpointIndex.ts) go with them: nothing will be recorded through them again.
    const commonDir = resolve(top, (await runGit(top, ['rev-parse', '--git-common-dir'], { ...options, timeoutMs: QUERY_MS })).trim());
    await forgetKeptIndexes(commonDir, deleted.map((m) => m.ref.slice(CHECKPOINT_REF_PREFIX.length)));
  }
  return {
    rewritten: done.filter((m) => m.next).length,
    deleted: deleted.length,
    dropped: done.reduce((n, m) => n + m.dropped, 0),
  };
}

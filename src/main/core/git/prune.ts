import { resolve } from 'node:path';
import { CHECKPOINT_REF_PREFIX } from './checkpoint';
import { forgetKeptIndexes } from './checkpointIndex';
import { GitError, runGit, type GitRunOptions } from './run';

/*
 * Pruning checkpoints by age and count (issue 36), across every session's ref in one repository. A chain
 * whose oldest commits are past the cutoff is written again from its first kept commit on (commit-tree
 * with the same trees, messages and dates), that first kept one's parent being a parentless "boundary"
 * commit holding the tree of the commit before it, so "What this turn changed" still reads against the
 * right files; the ref moves by compare-and-swap (a checkpoint taken meanwhile wins; the next round prunes).
 * A ref with nothing kept is deleted, with the session's kept index. The dropped commits become unreachable and git's own gc removes them.
 */

export const DEFAULT_KEEP_DAYS = 14;
/** At most this many checkpoints per session, whatever their age. */
export const DEFAULT_KEEP_COUNT = 2_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const QUERY_MS = 60_000;
const BOUNDARY = 'Swarmdesk pruned the checkpoints before this one\n';
const IDENTITY = { name: 'Swarmdesk', email: 'checkpoints@swarmdesk.invalid' };

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

interface ChainCommit {
  readonly commit: string;
  readonly tree: string;
  readonly authorDate: string;
  readonly committerDate: string;
  readonly time: number;
  readonly body: string;
}

const git = (dir: string, args: readonly string[], options: GitRunOptions): Promise<string> => runGit(dir, args, { ...options, timeoutMs: QUERY_MS });

/** A ref's checkpoint chain, newest first (first parents, only commits with a checkpoint message), and what lies past it. */
async function chainOf(top: string, ref: string, options: GitRunOptions): Promise<{ chain: ChainCommit[]; base: string | null }> {
  const out = await git(top, ['log', '--first-parent', '-z', '--format=%H%x1f%T%x1f%aI%x1f%cI%x1f%ct%x1f%P%x1f%B', ref, '--'], options);
  const chain: ChainCommit[] = [];
  let base: string | null = null;
  for (const record of out.split('\0').filter(Boolean)) {
    const [commit = '', tree = '', authorDate = '', committerDate = '', ct = '0', , body = ''] = record.replace(/^\n/, '').split('\x1f');
    if (!body.startsWith('Swarmdesk checkpoint:')) {
      base = commit;
      break;
    }
    chain.push({ commit, tree, authorDate, committerDate, time: Number(ct) * 1000, body });
  }
  return { chain, base };
}

function envFor(options: GitRunOptions, authorDate: string, committerDate: string): GitRunOptions {
  return {
    ...options,
    env: {
      ...(options.env ?? process.env),
      GIT_AUTHOR_NAME: IDENTITY.name,
      GIT_AUTHOR_EMAIL: IDENTITY.email,
      GIT_COMMITTER_NAME: IDENTITY.name,
      GIT_COMMITTER_EMAIL: IDENTITY.email,
      GIT_AUTHOR_DATE: authorDate,
      GIT_COMMITTER_DATE: committerDate,
    },
  };
}

/** Prunes every session's checkpoints in the repository at `top` (its toplevel or any folder in it). */
export async function pruneCheckpoints(top: string, options: PruneOptions = {}): Promise<PruneResult> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.keepDays ?? DEFAULT_KEEP_DAYS) * DAY_MS;
  const keepCount = options.keepCount ?? DEFAULT_KEEP_COUNT;
  const refs = (await git(top, ['for-each-ref', '--format=%(refname)', CHECKPOINT_REF_PREFIX], options)).split('\n').filter(Boolean);
  let rewritten = 0;
  let deleted = 0;
  let dropped = 0;
  for (const ref of refs) {
    const { chain } = await chainOf(top, ref, options);
    const head = chain[0];
    if (!head) continue;
    let keep = 0;
    while (keep < chain.length && keep < keepCount && (chain[keep]?.time ?? 0) >= cutoff) keep += 1;
    if (keep === chain.length) continue;
    try {
      if (keep === 0) {
        await git(top, ['update-ref', '-d', ref, head.commit], options);
        // Its kept index (checkpointIndex.ts) goes with it: nothing will be recorded through it again.
        await forgetKeptIndexes(resolve(top, (await git(top, ['rev-parse', '--git-common-dir'], options)).trim()), ref.slice(CHECKPOINT_REF_PREFIX.length));
        deleted += 1;
      } else {
        // The commit before the oldest kept one, as a boundary holding its tree (the kept one's diff reads against it).
        const before = chain[keep] as ChainCommit;
        let parent = (await git(top, ['commit-tree', before.tree, '-m', BOUNDARY], envFor(options, before.authorDate, before.committerDate))).trim();
        for (let i = keep - 1; i >= 0; i--) {
          const c = chain[i] as ChainCommit;
          parent = (await git(top, ['commit-tree', c.tree, '-p', parent, '-m', c.body.replace(/\n+$/, '\n')], envFor(options, c.authorDate, c.committerDate))).trim();
        }
        await git(top, ['update-ref', '-m', 'swarmdesk: pruned checkpoints', ref, parent, head.commit], options);
        rewritten += 1;
      }
      dropped += chain.length - keep;
    } catch (err) {
      // The ref moved under us (a checkpoint was just taken): left for the next round.
      if (!(err instanceof GitError && err.reason === 'exit')) throw err;
    }
  }
  return { rewritten, deleted, dropped };
}

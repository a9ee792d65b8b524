import { describe, expect, it } from 'vitest';
import { parseNumstat, parseStatusV2, parseWorktreeList } from '../../../src/main/core/git/porcelain';
import { parseGitVersion } from '../../../src/main/core/git/run';
import { SLUG_MAX, slugFromTitle, worktreePathFor } from '../../../src/main/core/git/record';

describe('git porcelain parsers', () => {
  it('reads worktree list records, branches, detached and prunable ones', () => {
    const out = [
      'worktree /r', 'HEAD abc', 'branch refs/heads/main', '',
      'worktree /w/a b', 'HEAD def', 'detached', 'prunable gitdir file points to non-existent location', '',
    ].join('\0');
    expect(parseWorktreeList(out)).toEqual([
      { path: '/r', head: 'abc', branch: 'main', bare: false, detached: false, prunable: false },
      { path: '/w/a b', head: 'def', branch: null, bare: false, detached: true, prunable: true },
    ]);
  });

  it('counts status v2 changes, renames, conflicts and untracked files with spaces in paths', () => {
    const out = [
      '1 .M N... 100644 100644 100644 a a one file.txt',
      '2 R. N... 100644 100644 100644 a a R100 new name.txt', 'old name.txt',
      'u UU N... 100644 100644 100644 100644 a a a both.txt',
      '? new dir/x.txt', '',
    ].join('\0');
    expect(parseStatusV2(out)).toEqual({ changed: 2, untracked: 1, conflicted: 1, paths: ['one file.txt', 'new name.txt', 'both.txt', 'new dir/x.txt'] });
  });

  it('reads numstat, binaries and renames', () => {
    const out = ['3\t1\ta b.ts', '-\t-\timg.png', '2\t0\t', 'old.ts', 'new.ts', ''].join('\0');
    expect(parseNumstat(out)).toEqual([
      { path: 'a b.ts', added: 3, removed: 1 },
      { path: 'img.png', added: null, removed: null },
      { path: 'new.ts', added: 2, removed: 0 },
    ]);
  });

  it('reads git versions, vendor suffixes included', () => {
    expect(parseGitVersion('git version 2.39.5\n')).toEqual([2, 39]);
    expect(parseGitVersion('git version 2.37.1 (Apple Git-137.1)')).toEqual([2, 37]);
    expect(parseGitVersion('nonsense')).toBeNull();
  });

  it('makes branch slugs from titles and worktree folders outside the repository', () => {
    expect(slugFromTitle('Fix login redirect')).toBe('fix-login-redirect');
    expect(slugFromTitle('  Café: über / ünïcode!! ')).toBe('cafe-uber-unicode');
    expect(slugFromTitle('…')).toBe('');
    const p = worktreePathFor('/data/worktrees', '/home/me/my repo', 'abcd1234');
    expect(p).toMatch(/^\/data\/worktrees\/my-repo-[0-9a-f]{8}\/abcd1234\/my repo$/);
  });

  it('a long title gives a short slug, ended on a whole word (at most SLUG_MAX = 40 characters)', () => {
    expect(SLUG_MAX).toBe(40);
    const long = 'Retry the websocket reconnect with backoff when the laptop wakes from sleep';
    expect(slugFromTitle(long)).toBe('retry-the-websocket-reconnect-with');
    // Exactly at the limit a word that ends there is kept; one that runs past it goes whole.
    expect(slugFromTitle('abcdefghij klmnopqrst uvwxyzabcd efghijk')).toBe('abcdefghij-klmnopqrst-uvwxyzabcd-efghijk');
    expect(slugFromTitle('abcdefghij klmnopqrst uvwxyzabcd efghijkl')).toBe('abcdefghij-klmnopqrst-uvwxyzabcd');
    for (const title of [long, 'Make the importer tolerate truncated JSONL lines in Codex rollouts', 'x '.repeat(60)]) {
      const slug = slugFromTitle(title);
      expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
      expect(slug).not.toMatch(/-$/);
      // On a word: the slug is the title's first words, whole.
      expect(`${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-`.startsWith(`${slug}-`)).toBe(true);
    }
    // Only a first word longer than the limit is cut inside.
    expect(slugFromTitle('a'.repeat(80))).toBe('a'.repeat(SLUG_MAX));
  });
});

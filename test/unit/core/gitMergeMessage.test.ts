import { describe, expect, it } from 'vitest';
import { mergeMessages, parseCommitTexts } from '../../../src/main/core/git/mergeMessage';
import { parseStatusFiles } from '../../../src/main/core/git/porcelain';

describe('the Merge dialog’s suggested messages', () => {
  const log = 'Add a\n\nBecause a.\n\0\nAdd b\n\0\n';

  it('reads `git log --format=%B%x00` into subjects and whole messages', () => {
    expect(parseCommitTexts(log)).toEqual([
      { subject: 'Add a', message: 'Add a\n\nBecause a.' },
      { subject: 'Add b', message: 'Add b' },
    ]);
    expect(parseCommitTexts('')).toEqual([]);
  });

  it('one commit: its whole message; several: the title (else the last subject) and the list', () => {
    const [a, b] = parseCommitTexts(log);
    expect(mergeMessages('swarmdesk/x', 'main', [a!], null)).toEqual({ squash: 'Add a\n\nBecause a.', merge: "Merge branch 'swarmdesk/x' into main\n\n- Add a" });
    expect(mergeMessages('swarmdesk/x', 'main', [a!, b!], null)?.squash).toBe('Add b\n\nSquashed from swarmdesk/x (2 commits):\n\n- Add a\n- Add b');
    expect(mergeMessages('swarmdesk/x', 'main', [a!, b!], 'Letters')).toEqual({
      squash: 'Letters\n\nSquashed from swarmdesk/x (2 commits):\n\n- Add a\n- Add b',
      merge: "Merge branch 'swarmdesk/x' into main\n\nLetters\n\n- Add a\n- Add b",
    });
    expect(mergeMessages('swarmdesk/x', 'main', [], 'Letters')).toBeNull();
  });

  it('lists at most 50 subjects', () => {
    const many = Array.from({ length: 53 }, (_, i) => ({ subject: `c${i}`, message: `c${i}` }));
    const squash = mergeMessages('b', 'main', many, null)?.squash ?? '';
    expect(squash).toContain('- c49\n- … and 3 more');
    expect(squash).not.toContain('- c50');
  });
});

describe('the Commit dialog’s files (status v2)', () => {
  it('says how each path changed: modified, new (staged or untracked), deleted, renamed, conflicted', () => {
    const out = [
      '1 .M N... 100644 100644 100644 a a src/a b.ts',
      '1 A. N... 000000 100644 100644 0 b added.ts',
      '1 .D N... 100644 100644 000000 c c gone.ts',
      '2 R. N... 100644 100644 100644 d d R100 new name.ts',
      'old name.ts',
      'u UU N... 100644 100644 100644 100644 e f g both.ts',
      '? untracked file.txt',
      '',
    ].join('\0');
    expect(parseStatusFiles(out)).toEqual([
      { path: 'src/a b.ts', how: 'modified' },
      { path: 'added.ts', how: 'new' },
      { path: 'gone.ts', how: 'deleted' },
      { path: 'new name.ts', how: 'renamed' },
      { path: 'both.ts', how: 'conflicted' },
      { path: 'untracked file.txt', how: 'new' },
    ]);
  });
});

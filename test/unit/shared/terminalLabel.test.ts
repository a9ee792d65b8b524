// A terminal's label without a title (issue 32, SPEC §7): its last program and folder, never a
// whole pipeline, never re-cased; default window titles are never titles; the offline titler keeps a command's case.
import { describe, expect, it } from 'vitest';
import { displayLabel } from '../../../src/shared/label';
import { lastProgramOf, looksLikeCommand } from '../../../src/shared/terminalCommand';
import { isUsableTitle } from '../../../src/shared/judge/judge';
import { offlineTitle } from '../../../src/shared/ambient/offline-title';

const NOW = Date.UTC(2026, 11, 6, 12);
const terminal = (line: string | null, folder = '/home/me/src/billing-api') =>
  displayLabel({ title: null, firstUserLine: line, kind: 'terminal', folder, updatedAt: NOW - 60_000 }, NOW);

describe('lastProgramOf', () => {
  it.each([
    ['pytest -q | tail', 'pytest'],
    ['ls -la', 'ls'],
    ['cd api && npm test', 'npm'],
    ['cd api', 'cd'],
    ['FOO=1 BAR=2 ./scripts/deploy.sh --dry-run', 'deploy.sh'],
    ['sudo -E apt-get install jq', 'apt-get'],
    ['time make -j8 2>&1 | tee build.log', 'make'],
    ['echo "profiling the resize step"; for i in 1 2 3; do python bench.py; sleep 1; done', 'sleep'],
    ['git commit -m "fix: a && b | c"', 'git'],
    ['/usr/local/bin/claude --resume', 'claude'],
    ['npm run dev &', 'npm'],
    ['Ruff check .', 'Ruff'],
  ])('%s → %s', (line, program) => {
    expect(lastProgramOf(line)).toBe(program);
  });

  it.each(['bash', 'zsh -l', 'exec fish', '', '   ', '| tail', 'for i in 1 2 3'])('%j runs no program worth a label', (line) => {
    expect(lastProgramOf(line)).toBeNull();
  });
});

describe("a terminal's label without a title", () => {
  it('is the last program and the folder, never the pipeline', () => {
    expect(terminal('pytest -q | tail')).toEqual({ text: 'pytest · billing-api', derived: 'first-line' });
    expect(terminal('for i in $(seq 1 5); do date +%T; sleep 1; done').text).toBe('sleep · billing-api');
  });

  it('keeps the case of the command', () => {
    expect(terminal('ls -la').text).toBe('ls · billing-api');
  });

  it('is the facts when nothing ran yet, or only a shell', () => {
    expect(terminal(null).text).toMatch(/^Terminal · billing-api · /);
    expect(terminal('zsh').text).toMatch(/^Terminal · billing-api · /);
  });

  it('a usable title still wins', () => {
    const label = displayLabel({ title: 'Profile the thumbnail resize', firstUserLine: 'ls', kind: 'terminal', folder: '/x/app', updatedAt: NOW }, NOW);
    expect(label.text).toBe('Profile the thumbnail resize');
  });
});

describe('default names are never titles', () => {
  it.each(['Claude Code', '✳ Claude Code', '◐ Fixing the login race', '⠋ Working', 'me@devbox: ~/src/app', 'root@host:/srv/app', 'bash', 'zsh', '/home/me/src/app', '~/src/app', '~', 'C:\\Users\\me\\app'])(
    '%j is not usable',
    (title) => {
      expect(isUsableTitle(title)).toBe(false);
    },
  );

  it.each(['Fix the login race', 'Profile the thumbnail resize step', 'Move /api/v1 routes to v2'])('%j still is', (title) => {
    expect(isUsableTitle(title)).toBe(true);
  });
});

describe('the offline titler and commands', () => {
  it('never capitalises a command', () => {
    expect(offlineTitle('ls -la')).not.toBe('Ls -la');
    for (const line of ['ls -la', 'npm run build --watch', 'pytest -q | tail', 'git log --oneline']) {
      const title = offlineTitle(line);
      if (title !== null) expect(title.charAt(0)).toBe(line.charAt(0));
    }
  });

  it('still capitalises words', () => {
    expect(offlineTitle('please add retry backoff to the upload client')).toBe('Add retry backoff to the upload client');
  });

  it('tells a command from words', () => {
    expect(looksLikeCommand('ls -la')).toBe(true);
    expect(looksLikeCommand('pytest -q | tail')).toBe(true);
    expect(looksLikeCommand('fix the login race')).toBe(false);
    expect(looksLikeCommand('Add retry backoff')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { buildTerminalTitlePrompt, isTellingWindowTitle, TERMINAL_TITLE_LINES } from '../../../src/shared/ambient/prompts/terminalTitle';

describe('the terminal title prompt (issue 32)', () => {
  it('creates from the lines, the screen tail and the window title, each its own block after the instruction', () => {
    const p = buildTerminalTitlePrompt({ lines: ['cd billing-api', 'pytest -q'], screen: '3 failed, 12 passed', windowTitle: 'pytest: billing-api' });
    if (!p) throw new Error('expected a prompt');
    expect(p.kind).toBe('title-create');
    expect(p.user).toContain('<submitted_lines>\ncd billing-api\npytest -q\n</submitted_lines>');
    expect(p.user).toContain('<screen_tail>\n3 failed, 12 passed\n</screen_tail>');
    expect(p.user).toContain('<window_title>\npytest: billing-api\n</window_title>');
    expect(p.user.indexOf('SKIP')).toBeLessThan(p.user.indexOf('<submitted_lines>'));
    expect(p.user).not.toContain('<current_title>');
  });

  it('maintains with the current title as data; SKIP keeps it', () => {
    const p = buildTerminalTitlePrompt({ currentTitle: 'Fix the billing API tests', lines: ['pytest -q'] });
    expect(p?.kind).toBe('title-maintain');
    expect(p?.user).toContain('<current_title>\nFix the billing API tests\n</current_title>');
  });

  it("a default window title is no material: a TUI's, a shell's, a bare path, a shell's name", () => {
    for (const title of ['✳ Claude Code', '◐ Claude Code', 'Claude Code', 'me@box: ~/src/app', '/home/me/app', 'bash', 'zsh', '']) {
      expect(isTellingWindowTitle(title), title).toBe(false);
      expect(buildTerminalTitlePrompt({ lines: ['make'], windowTitle: title })?.user).not.toContain('<window_title>');
    }
    expect(isTellingWindowTitle('vim — src/billing/invoice.ts')).toBe(true);
  });

  it('no call with nothing to read; only the newest lines; each piece masked', () => {
    expect(buildTerminalTitlePrompt({ lines: [], screen: '  ', windowTitle: 'bash' })).toBeNull();
    const lines = Array.from({ length: TERMINAL_TITLE_LINES + 5 }, (_, i) => `echo line-${i}`);
    const p = buildTerminalTitlePrompt({ lines, screen: null });
    expect(p?.user).not.toContain('echo line-4\n');
    expect(p?.user).toContain(`echo line-${TERMINAL_TITLE_LINES + 4}`);
    const key = ['gh', 'p_', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'].join('');
    const masked = buildTerminalTitlePrompt({ lines: [`export GH=${key}`], screen: key, windowTitle: `push ${key}` });
    expect(masked?.user).not.toContain(key);
  });
});

import { describe, expect, it } from 'vitest';
import { InputLineTracker, screenTail, stripAnsi } from '../../../src/main/core/agents/terminal/screen';

describe('stripAnsi', () => {
  it('removes colour, cursor and erase sequences but keeps the text', () => {
    expect(stripAnsi('\x1b[1;32mok\x1b[0m done\x1b[2K\x1b[3A')).toBe('ok done');
  });
  it('removes OSC titles and hyperlinks ended by BEL or ST', () => {
    expect(stripAnsi('\x1b]0;my title\x07prompt$ \x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\')).toBe('prompt$ link');
  });
  it('removes charset selection, keypad modes, DCS strings and stray control bytes', () => {
    expect(stripAnsi('\x1b(Ba\x1b=b\x1bPq#0;2\x1b\\c\x00\x07d')).toBe('abcd');
  });
  it('keeps newlines, carriage returns, tabs and backspaces for the renderer of lines', () => {
    expect(stripAnsi('a\r\nb\tc\bd')).toBe('a\r\nb\tc\bd');
  });
  it('leaves plain unicode text alone', () => {
    expect(stripAnsi('héllo → 世界 ✓')).toBe('héllo → 世界 ✓');
  });
});

describe('screenTail', () => {
  it('applies carriage returns like a progress bar would be shown', () => {
    expect(screenTail('Downloading 10%\rDownloading 55%\rDownloading 100%\ndone\n')).toBe('Downloading 100%\ndone');
  });
  it('applies backspaces', () => {
    expect(screenTail('lsx\b \b -la\n')).toBe('ls -la');
  });
  it('keeps only the last lines and drops trailing and repeated blank lines', () => {
    const raw = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\r\n') + '\r\n\r\n\r\n';
    expect(screenTail(raw, { maxLines: 3 })).toBe('line 97\nline 98\nline 99');
    expect(screenTail('a\n\n\n\nb\n\n')).toBe('a\n\nb');
  });
  it('clips to the last characters', () => {
    expect(screenTail('x'.repeat(50) + 'END', { maxChars: 10 })).toBe('xxxxxxxEND');
  });
  it('strips escapes before splitting lines', () => {
    expect(screenTail('\x1b[32m$ echo hi\x1b[0m\r\nhi\r\n\x1b[32m$ \x1b[0m')).toBe('$ echo hi\nhi\n$');
  });
  it('is empty for output that is only escapes', () => {
    expect(screenTail('\x1b[?25l\x1b[2J\x1b[H')).toBe('');
  });
});

describe('InputLineTracker', () => {
  it('yields each submitted line', () => {
    const t = new InputLineTracker();
    expect(t.push('git sta')).toEqual([]);
    expect(t.push('tus\r')).toEqual(['git status']);
  });
  it('honours backspace and Ctrl-U, ignores arrow keys and empty lines', () => {
    const t = new InputLineTracker();
    expect(t.push('lsx\x7f -l\x1b[D\x1b[C\r\r')).toEqual(['ls -l']);
    expect(t.push('rm -rf /\x15echo safe\r')).toEqual(['echo safe']);
  });
  it('drops a line abandoned with Ctrl-C', () => {
    const t = new InputLineTracker();
    expect(t.push('half typed\x03echo ok\r')).toEqual(['echo ok']);
  });
  it('splits a bracketed paste with several lines', () => {
    const t = new InputLineTracker();
    expect(t.push('\x1b[200~one\ntwo\x1b[201~\r')).toEqual(['one', 'two']);
  });
});

import { describe, expect, it } from 'vitest';
import { InputLineTracker } from '../../../src/main/core/agents/terminal/inputLine';

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

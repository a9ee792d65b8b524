import { describe, expect, it } from 'vitest';
import { TITLE_MAX, boundedTitle, isAttention, titleActivity } from '../../../src/main/core/agents/terminal/terminalSignals';
import { TerminalState } from '../../../src/main/core/agents/terminal/terminalState';
import type { TerminalSignal } from '../../../src/main/core/agents/terminal/terminalSignals';

describe('terminal signals', () => {
  it('reads OSC 9 but not its 9;4 progress report, OSC 777 only as notify, OSC 99 always', () => {
    expect(isAttention(9, 'Proceed? [y/N]')).toBe(true);
    expect(isAttention(9, '4;1;50')).toBe(false);
    expect(isAttention(9, '4')).toBe(false);
    expect(isAttention(9, '42 is the answer')).toBe(true);
    expect(isAttention(777, 'notify;Agent;Needs you')).toBe(true);
    expect(isAttention(777, 'preexec')).toBe(false);
    expect(isAttention(99, ';Needs you')).toBe(true);
  });

  it('bounds a window title: control characters removed, at most 256 characters', () => {
    expect(boundedTitle('a\x07b\x1b[31mc\u009bd')).toBe('ab[31mcd');
    const long = boundedTitle('✳'.repeat(10_000));
    expect(Array.from(long)).toHaveLength(TITLE_MAX);
  });

  it("knows Claude Code's glyphs: spinning is working, resting is idle, anything else is not a known title", () => {
    for (const g of ['◐', '◓', '◑', '◒']) expect(titleActivity(`${g} Claude Code`)).toBe('working');
    expect(titleActivity('✳ Claude Code')).toBe('idle');
    expect(titleActivity('✳')).toBeNull();
    expect(titleActivity('vim ~/notes.md')).toBeNull();
    expect(titleActivity('◐Claude')).toBeNull();
  });

  it('the emulator reports each signal once, even split across writes, with the title bounded', async () => {
    const state = new TerminalState(80, 24);
    const seen: TerminalSignal[] = [];
    state.onSignal = (s) => seen.push(s);
    state.write('\x1b]9;Pro');
    state.write('ceed?\x07\x1b]9;4;1;20\x07\x07');
    state.write(`\x1b]0;◐ Claude Code${'x'.repeat(400)}\x07`);
    await state.snapshot();
    expect(seen.map((s) => s.type)).toEqual(['attention', 'bell', 'title']);
    const title = seen[2];
    expect(title?.type === 'title' && Array.from(title.title).length).toBe(TITLE_MAX);
    state.dispose();
  });
});

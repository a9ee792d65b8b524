import { afterEach, describe, expect, it } from 'vitest';
import { TerminalState } from '../../../src/main/core/agents/terminal/terminalState';

const states: TerminalState[] = [];
afterEach(() => {
  for (const s of states.splice(0)) s.dispose();
});

async function screen(cols: number, output: string): Promise<TerminalState> {
  const state = new TerminalState(cols, 10, 100);
  states.push(state);
  state.write(output);
  await state.snapshot(); // resolves once everything written is parsed
  return state;
}

// A fake key, assembled at run time so no scanner takes this file for a leak.
const KEY = ['sk-', 'ant-', 'api03-', 'Qw3rTy6uIo9pAs2dFg5hJk8l', 'Zx7cV4bN1mQw3rTy6uIo9pAs'].join('');

describe('TerminalState.text: the screen as ambient material', () => {
  it('a line the terminal wrapped reads as one line, so a token printed across the wrap stays whole', async () => {
    const state = await screen(20, `$ echo key\r\nkey is ${KEY} here\r\n$ `);
    const text = state.text();
    expect(text).toContain(KEY);
    expect(text.split('\n')).toEqual(['$ echo key', `key is ${KEY} here`, '$']);
  });

  it('is cut between lines, and inside a too-long line only after a space: no piece of a token at the cut', async () => {
    const state = await screen(30, `first line\r\nsecond ${KEY} line\r\nthird line\r\n`);
    expect(state.text(40, 'third line'.length + 5)).toBe('third line');
    expect(state.text(40, 20)).toBe('third line');
    const long = await screen(30, `aaa ${KEY} bbb ccc ddd`);
    expect(long.text(40, 12)).toBe('bbb ccc ddd');
  });

  it('keeps the last lines, blank runs collapsed', async () => {
    const state = await screen(40, 'one\r\n\r\n\r\ntwo\r\nthree\r\n\r\n');
    expect(state.text()).toBe('one\n\ntwo\nthree');
    expect(state.text(2)).toBe('two\nthree');
  });
});

import { describe, expect, it } from 'vitest';
import { commandEnded, QUIET_MS } from '../../../src/main/core/agents/terminal/statusWatch';

const SHELL = { pgid: 100, tpgid: 100 };
const JOB = { pgid: 100, tpgid: 200 };
const base = { foreground: SHELL, quietSinceLine: QUIET_MS, atPrompt: false, tui: false };

describe("commandEnded: a terminal's turn (issue 32)", () => {
  it('ends once the shell holds the terminal again and output has been quiet since the line', () => {
    expect(commandEnded(base)).toBe(true);
    expect(commandEnded({ ...base, quietSinceLine: QUIET_MS - 1 })).toBe(false);
  });

  it('not while a command holds the terminal, unless it waits at its own prompt (a REPL answered the line)', () => {
    expect(commandEnded({ ...base, foreground: JOB })).toBe(false);
    expect(commandEnded({ ...base, foreground: JOB, atPrompt: true })).toBe(true);
    expect(commandEnded({ ...base, foreground: JOB, atPrompt: true, quietSinceLine: 10 })).toBe(false);
  });

  it('where the foreground cannot be read (no /proc), the quiet alone says it', () => {
    expect(commandEnded({ ...base, foreground: null })).toBe(true);
  });

  it("a known TUI's turn is its title glyph's to say, not the quiet's", () => {
    expect(commandEnded({ ...base, tui: true })).toBe(false);
  });
});

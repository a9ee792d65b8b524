import { describe, expect, it } from 'vitest';
import { commandEnded, QUIET_MS, StatusWatch } from '../../../src/main/core/agents/terminal/statusWatch';

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

describe("StatusWatch tells a terminal's turn (issue 32)", () => {
  it("an agent CLI's Stop (its hook's done) and a known TUI's finished turn are turns; a working report is not", () => {
    let turns = 0;
    const watch = new StatusWatch(process.pid, () => {}, '', () => {
      turns += 1;
    });
    try {
      watch.hook('working');
      expect(turns).toBe(0);
      watch.hook('done');
      expect(turns).toBe(1);
    } finally {
      watch.stop();
    }
    const tui = new StatusWatch(process.pid, () => {}, '', () => {
      turns += 1;
    });
    try {
      tui.signal({ type: 'title', title: '◐ Claude Code' });
      expect(turns).toBe(1);
      tui.signal({ type: 'title', title: '✳ Claude Code' });
      expect(turns).toBe(2);
    } finally {
      tui.stop();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { echoFromStty } from '../../../src/main/core/agents/terminal/ttyProbe';
import { QUIET_MS, terminalStatus } from '../../../src/main/core/agents/terminal/statusWatch';

describe('echoFromStty', () => {
  // Shortened `stty -a` outputs as GNU (Linux) and BSD (macOS) print them.
  it('a password prompt (canonical, no echo) is hidden', () => {
    expect(echoFromStty('speed 38400 baud; rows 24;\nisig icanon iexten -echo echoe echok -echonl')).toBe('hidden');
    expect(echoFromStty('lflags: icanon isig iexten -echo echoe -echok echoke')).toBe('hidden');
  });
  it('a cooked terminal that echoes is shown', () => {
    expect(echoFromStty('isig icanon iexten echo echoe echok -echonl')).toBe('shown');
  });
  it('readline and full-screen programs (raw, drawing keys themselves) are shown', () => {
    expect(echoFromStty('isig -icanon iexten -echo echoe echok -echonl')).toBe('shown');
  });
  it('anything it cannot read is unknown', () => {
    expect(echoFromStty('')).toBe('unknown');
    expect(echoFromStty('stty: /dev/pts/9: No such file or directory')).toBe('unknown');
  });
});

describe('terminalStatus', () => {
  const shell = { pgid: 100, tpgid: 100 };
  it('working while another process group holds the terminal, whatever the output', () => {
    expect(terminalStatus({ foreground: { pgid: 100, tpgid: 140 }, sinceOutput: 60_000, sinceExcused: 59_750 })).toBe('working');
  });
  it('idle once the shell holds it and the output has gone quiet; unchanged before that', () => {
    expect(terminalStatus({ foreground: shell, sinceOutput: QUIET_MS, sinceExcused: -245 })).toBe('idle');
    expect(terminalStatus({ foreground: shell, sinceOutput: 10, sinceExcused: -245 })).toBeNull();
  });
  it('working while the shell\'s own group prints on its own (a loop in the shell, a command session), not for typing\'s echo', () => {
    expect(terminalStatus({ foreground: shell, sinceOutput: 10, sinceExcused: 4_750 })).toBe('working');
    expect(terminalStatus({ foreground: shell, sinceOutput: 10, sinceExcused: -150 })).toBeNull();
    // Output just inside the window (a key's echo, a resize's redraw, the start) is an answer; just after it, work.
    expect(terminalStatus({ foreground: shell, sinceOutput: 10, sinceExcused: 5 })).toBeNull();
    expect(terminalStatus({ foreground: shell, sinceOutput: 10, sinceExcused: 15 })).toBe('working');
  });
  it('without /proc: output long after the last key is work, the echo of a key is not', () => {
    expect(terminalStatus({ foreground: null, sinceOutput: 10, sinceExcused: 4_750 })).toBe('working');
    expect(terminalStatus({ foreground: null, sinceOutput: 10, sinceExcused: -230 })).toBeNull();
    expect(terminalStatus({ foreground: null, sinceOutput: QUIET_MS, sinceExcused: -230 })).toBe('idle');
  });
});

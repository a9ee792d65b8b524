import { describe, expect, it } from 'vitest';
import { blockedOnTerminal, parseSyscall } from '../../../src/main/core/agents/terminal/promptProbe';

describe('prompt probe', () => {
  it('reads a blocked thread’s system call and its six arguments; a running one, or garbage, is null', () => {
    expect(parseSyscall('0 0x0 0x55d0c1a0 0x400 0x0 0x0 0x0 0x7ffd5a1c 0x7f3b2a\n')).toEqual({ nr: 0, args: [0n, 0x55d0c1a0n, 0x400n, 0n, 0n, 0n] });
    expect(parseSyscall('270 0x1 0x7ffd 0x0 0x0 0x0 0x7ffe 0x7ffd 0x7f')?.args[4]).toBe(0n);
    expect(parseSyscall('running')).toBeNull();
    expect(parseSyscall('-1 0x7ffd 0x7f')).toBeNull();
    expect(parseSyscall('0 0x0 zz 0x0 0x0 0x0 0x0 0x0 0x0')).toBeNull();
  });

  it('a process that is gone, or no terminal, is not at a prompt', async () => {
    expect(await blockedOnTerminal(0, '/dev/pts/0')).toBe(false);
    expect(await blockedOnTerminal(process.pid, '')).toBe(false);
    expect(await blockedOnTerminal(2 ** 22 + 7, '/dev/pts/0')).toBe(false);
  });
});

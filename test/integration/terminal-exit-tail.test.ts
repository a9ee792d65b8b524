import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PtySession, type PtyExit } from '../../src/main/core/agents/terminal/ptySession';
import { readForeground } from '../../src/main/core/agents/terminal/ttyProbe';
import { until } from '../support/until';

/**
 * A command's last output when the host reads it late. node-pty gives the PTY's reader 200 ms
 * after the child's exit and then destroys it; a host whose event loop was busy longer (the live
 * load bench: 40 terminals at 200 lines a second on two saturated cores) lost the last lines of
 * every command that ended meanwhile. Here the reader is held back (paused, as a busy loop holds
 * it) while a real command writes its lines and exits: every line must still arrive, in order.
 */
describe('a PTY whose reader falls behind at exit (real PTY)', () => {
  const LINES = 300; // ~9 kB: more than one read, less than the kernel holds for a writer that exits

  function start(command: string): { pty: PtySession; out: string[]; exit: Promise<PtyExit>; socket: Socket } {
    const pty = new PtySession({ file: '/bin/sh', args: ['-c', command], cwd: '/', env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, cols: 80, rows: 24 });
    const out: string[] = [];
    pty.onData((d) => out.push(d));
    const exit = pty.waitForExit();
    // The reader node-pty keeps, held back the way a busy event loop holds it.
    const socket = (pty as unknown as { pty: { _socket: Socket } }).pty._socket;
    socket.pause();
    return { pty, out, exit, socket };
  }

  it('delivers every line a command wrote before it exited', async () => {
    const { pty, out, exit } = start(`i=1; while [ $i -le ${LINES} ]; do echo "tail line $i"; i=$((i+1)); done`);
    // The child has written everything and exited while nothing was read.
    await until(() => !existsSync(`/proc/${pty.pid}`), { timeoutMs: 10_000, message: 'the command to exit and be reaped' });
    expect(await exit).toEqual({ exitCode: 0, signal: null });
    const numbers = [...out.join('').matchAll(/tail line (\d+)/g)].map((m) => Number(m[1]));
    expect(numbers.length).toBe(LINES);
    expect(numbers).toEqual(Array.from({ length: LINES }, (_, i) => i + 1));
  });

  it('does not wait on a terminal another process still holds open', async () => {
    // The command exits but leaves a child holding the terminal: the drain must not block on it.
    const { pty, out, exit } = start('sleep 3 & echo left behind');
    const t0 = performance.now();
    expect((await exit).exitCode).toBe(0);
    expect(performance.now() - t0).toBeLessThan(2_500);
    expect(out.join('')).toContain('left behind');
    try {
      process.kill(-pty.pid, 'SIGKILL'); // the sleep left in the command's group
    } catch {
      // gone already
    }
  });
});

describe('killing a terminal ends the job its shell started (real PTY, interactive bash)', () => {
  it('a foreground job in its own process group that ignores hang-up and SIGTERM is gone within the grace period', async () => {
    const pty = new PtySession({ file: '/bin/bash', args: ['--norc', '--noprofile', '-i'], cwd: '/', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PS1: 'ready> ' }, cols: 80, rows: 24 });
    const out: string[] = [];
    pty.onData((d) => out.push(d));
    await until(() => out.join('').includes('ready> '), { timeoutMs: 10_000, message: 'the shell prompt' });
    // As an agent CLI that outlives a hang-up: job control gives it its own process group.
    pty.write(`sh -c 'trap "" HUP TERM; echo job-started; while :; do sleep 1; done'\r`);
    await until(() => /job-started\r?\n/.test(out.join('')), { timeoutMs: 10_000, message: 'the job to start' });
    const job = await until(
      async () => {
        const f = await readForeground(pty.pid);
        return f && f.tpgid > 0 && f.tpgid !== f.pgid ? f.tpgid : null;
      },
      { timeoutMs: 5_000, message: 'the job in the foreground' },
    );
    await pty.kill(1_000);
    // Running members of the group (this machine's init may leave the killed ones as zombies).
    const running = (): string[] =>
      readdirSync('/proc')
        .filter((d) => /^\d+$/.test(d))
        .flatMap((pid) => {
          try {
            const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
            const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
            return Number(pgrp) === job && state !== 'Z' ? [pid] : [];
          } catch {
            return [];
          }
        });
    try {
      await until(() => running().length === 0, { timeoutMs: 3_000, message: 'the job to be gone' });
    } finally {
      for (const pid of running()) process.kill(Number(pid), 'SIGKILL');
    }
  });
});

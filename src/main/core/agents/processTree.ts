import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createLogger } from '../logger';
import { childEnv } from '../spawn/childEnv';

const log = createLogger('agents:process');

/** Time between SIGTERM and SIGKILL: SIGKILL goes out, and the group is gone, within 2 s (SPEC §8). */
export const KILL_GRACE_MS = 1_500;

interface ProcInfo {
  readonly pid: number;
  readonly ppid: number;
  readonly pgid: number;
  readonly zombie: boolean;
}

function readProcStat(pid: number): ProcInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid pgrp ...": comm may hold spaces and parens, so cut at the last ')'.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(rest[1]), pgid: Number(rest[2]), zombie: rest[0] === 'Z' || rest[0] === 'X' };
  } catch {
    return null;
  }
}

/**
 * A Linux process's group and its start time (field 22 of /proc/<pid>/stat, clock ticks since
 * boot): with the pid it names one process for the life of the machine, so a recycled pid is
 * never taken for the one we started. Null where it is gone, a zombie, or there is no /proc.
 */
export function procStartTime(pid: number): { readonly pgid: number; readonly startTime: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (rest[0] === 'Z' || rest[0] === 'X') return null;
    // rest[0] is field 3 (state), so field N is rest[N - 3].
    const startTime = rest[19];
    return startTime ? { pgid: Number(rest[2]), startTime } : null;
  } catch {
    return null;
  }
}

async function listProcesses(): Promise<ProcInfo[]> {
  if (process.platform === 'linux') {
    const out: ProcInfo[] = [];
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const info = readProcStat(Number(name));
      if (info) out.push(info);
    }
    return out;
  }
  if (process.platform === 'win32') return [];
  return new Promise((resolve) => {
    execFile('ps', ['-A', '-o', 'pid=,ppid=,pgid=,stat='], { timeout: 2_000, env: childEnv(process.env, 'terminal') }, (err, stdout) => {
      if (err) {
        resolve([]);
        return;
      }
      resolve(
        stdout
          .split('\n')
          .map((l) => l.trim().split(/\s+/))
          .filter((f) => f.length >= 3)
          .map((f) => ({ pid: Number(f[0]), ppid: Number(f[1]), pgid: Number(f[2]), zombie: (f[3] ?? '').startsWith('Z') })),
      );
    });
  });
}

/** `root` and every process below it (children that started their own session included). */
export async function descendantsOf(root: number): Promise<ProcInfo[]> {
  const all = await listProcesses();
  const byParent = new Map<number, ProcInfo[]>();
  for (const p of all) {
    const list = byParent.get(p.ppid) ?? [];
    list.push(p);
    byParent.set(p.ppid, list);
  }
  const found: ProcInfo[] = [];
  const queue = [root];
  const seen = new Set<number>();
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    for (const child of byParent.get(pid) ?? []) {
      if (seen.has(child.pid)) continue;
      seen.add(child.pid);
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

/** Alive and not a zombie (a zombie nobody reaps is gone for every purpose we have). */
export function isAlive(pid: number): boolean {
  if (process.platform === 'linux') {
    const info = readProcStat(pid);
    return info !== null && !info.zombie;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signal(target: number, sig: NodeJS.Signals): void {
  try {
    process.kill(target, sig);
  } catch {
    // already gone, or not ours: nothing to do
  }
}

export interface KillOutcome {
  /** Pids that were still alive when SIGKILL went out. */
  readonly killedHard: number[];
  readonly elapsedMs: number;
}

/**
 * Ends a detached child and everything it started: SIGTERM to its process group and
 * to the group of every descendant (the CLI runs background shells in sessions of
 * their own, which a group kill alone misses), then SIGKILL to whatever is left
 * after `graceMs`. Resolves when every one of them is gone, or shortly after SIGKILL.
 */
export async function killProcessTree(rootPid: number, graceMs = KILL_GRACE_MS): Promise<KillOutcome> {
  // Intervals against real timers: the monotonic clock, not the injected "now".
  const started = performance.now();
  // Collect before signalling: once the root dies its descendants move to init.
  const family = await descendantsOf(rootPid);
  const pids = [rootPid, ...family.map((p) => p.pid)];
  const groups = new Set<number>([rootPid, ...family.map((p) => p.pgid).filter((g) => g > 1)]);
  for (const g of groups) signal(-g, 'SIGTERM');
  for (const pid of pids) signal(pid, 'SIGTERM');

  const deadline = started + graceMs;
  while (performance.now() < deadline && pids.some(isAlive)) {
    await new Promise((r) => setTimeout(r, 25));
  }
  const left = pids.filter(isAlive);
  if (left.length > 0) {
    // A process started during the grace period is caught by a second look.
    const late = (await descendantsOf(rootPid)).map((p) => p.pid);
    for (const g of groups) signal(-g, 'SIGKILL');
    for (const pid of new Set([...left, ...late])) signal(pid, 'SIGKILL');
    log.warn('processes ignored SIGTERM; sent SIGKILL', { rootPid, count: left.length });
    const hardDeadline = performance.now() + 1_000;
    while (performance.now() < hardDeadline && left.some(isAlive)) {
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  return { killedHard: left, elapsedMs: performance.now() - started };
}

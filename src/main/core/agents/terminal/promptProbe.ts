import { readdir, readFile, readlink } from 'node:fs/promises';

/**
 * Whether the terminal's foreground program sits at its own prompt (SPEC §8, terminal status, third in the
 * order of trust): one of its threads is blocked in read on this session's terminal, or in select with no
 * timeout whose highest descriptor is that terminal (GNU readline waits so before each key)
 * (`/proc/<pid>/task/<tid>/syscall`, `/proc/<pid>/fd`). A program waiting on a timer, a socket or an event
 * loop (poll, epoll: Node and Rust TUIs) is not at a prompt here: poll's descriptors live in its memory, and
 * every program holds its terminal open. Linux only.
 */

/** System call numbers that wait for input, per architecture: read (arguments: fd, …) and select (nfds, …, timeout). */
const WAITS: Readonly<Record<string, { read: readonly number[]; select: readonly number[] }>> = {
  x64: { read: [0], select: [23, 270] }, // read; select, pselect6
  arm64: { read: [63], select: [72] }, // read; pselect6
};

/** The most threads of one program read (a program with thousands is not at a simple prompt). */
const MAX_TASKS = 64;
async function fdTarget(pid: number, fd: number | string): Promise<string | null> {
  try {
    return await readlink(`/proc/${pid}/fd/${fd}`);
  } catch {
    return null;
  }
}

/** What one `/proc/<pid>/task/<tid>/syscall` says: the call it is blocked in and its six arguments, or null (running, unreadable). */
export function parseSyscall(text: string): { nr: number; args: readonly bigint[] } | null {
  const [nr, ...rest] = text.trim().split(' ');
  const args = rest.slice(0, 6);
  if (nr === undefined || !/^\d+$/.test(nr) || args.length < 6 || !args.every((a) => /^0x[0-9a-f]+$/i.test(a))) return null;
  return { nr: Number(nr), args: args.map((a) => BigInt(a)) };
}

/** Whether process `pid` (the foreground group's leader) is blocked waiting for input from `ptsName`. */
export async function blockedOnTerminal(pid: number, ptsName: string): Promise<boolean> {
  const waits = process.platform === 'linux' ? WAITS[process.arch] : undefined;
  if (!waits || pid <= 0 || !ptsName) return false;
  let tasks: string[];
  try {
    tasks = (await readdir(`/proc/${pid}/task`)).slice(0, MAX_TASKS);
  } catch {
    return false;
  }
  for (const tid of tasks) {
    let call: ReturnType<typeof parseSyscall>;
    try {
      call = parseSyscall(await readFile(`/proc/${pid}/task/${tid}/syscall`, 'utf8'));
    } catch {
      continue;
    }
    if (!call) continue;
    const [first = 0n, , , , timeout = 1n] = call.args;
    if (waits.read.includes(call.nr) && first < 1_000_000n && (await fdTarget(pid, Number(first))) === ptsName) return true;
    if (waits.select.includes(call.nr) && timeout === 0n && first > 0n && first < 1_000_000n && (await fdTarget(pid, Number(first - 1n))) === ptsName) return true;
  }
  return false;
}

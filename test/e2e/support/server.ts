import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A web-mode Swarmdesk started exactly as a user would: `npm run serve`. */
export interface RunningServer {
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  readonly dataDir: string;
  readonly output: () => string;
  /** The `node scripts/serve.mjs` process (the front). */
  readonly pid: number;
  /** The session host's pid now (it outlives the front), or null when none runs. */
  hostPid(): number | null;
  /** Stops the front, then the folder's session host and its agents (`npm run serve -- --stop`). */
  stop(): Promise<void>;
  /** Stops the front only (Ctrl-C): the host and its agents keep running. */
  stopFront(): Promise<void>;
  /**
   * kill -9: SIGKILL the front and the session host at once, with no chance to
   * clean up; then their descendants (a CLI run in a process group of its own,
   * a PTY's shell) and their groups, which a real kill -9 would have orphaned.
   */
  kill9(): Promise<void>;
}

const CONTRACT_LINE = /^serving (http:\/\/127\.0\.0\.1:(\d+)\/)#token=([A-Za-z0-9_-]+)$/m;

export function freshDataDir(prefix = 'swarmdesk-e2e-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function startServer(
  opts: {
    dataDir?: string;
    env?: NodeJS.ProcessEnv;
    timeoutMs?: number;
    /** The front in a process group of its own (a test then kills that whole group, as a crash or a closed terminal would). */
    ownGroup?: boolean;
    /** Another checkout to run the front from (its own build): a bench compares two builds on one host this way. */
    cwd?: string;
  } = {},
): Promise<RunningServer> {
  const dataDir = opts.dataDir ?? freshDataDir();
  const child: ChildProcess = spawn(process.execPath, ['scripts/serve.mjs', '--port', '0', '--data-dir', dataDir], {
    env: { ...process.env, SWARMDESK_AMBIENT_PROVIDER: 'offline', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: opts.ownGroup ?? false,
    ...(opts.cwd ? { cwd: opts.cwd } : {}),
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));

  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not print its line in time:\n${out.slice(-4000)}`)), opts.timeoutMs ?? 90_000);
    const check = (): void => {
      const m = CONTRACT_LINE.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before serving:\n${out.slice(-4000)}`));
    });
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const stopFront = (): Promise<void> =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  const origin = match[1]!.replace(/\/$/, '');
  const token = match[3]!;
  return {
    url: `${match[1]}#token=${token}`,
    origin,
    token,
    dataDir,
    output: () => out,
    pid: child.pid ?? -1,
    hostPid: () => readHostPid(dataDir),
    kill9: async () => {
      const host = readHostPid(dataDir);
      const below = [...(child.pid !== undefined ? descendants(child.pid) : []), ...(host !== null ? [host, ...descendants(host)] : [])];
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      for (const pid of below) {
        for (const target of [-pid, pid]) {
          try {
            process.kill(target, 'SIGKILL');
          } catch {
            // gone already, or not a group leader
          }
        }
      }
      if (host !== null) await waitGone(host);
    },
    stopFront,
    stop: async () => {
      await stopFront();
      await stopHost(dataDir);
    },
  };
}

/** The data folder's session host pid from its host.json, while that process lives. */
export function readHostPid(dataDir: string): number | null {
  try {
    const pid = (JSON.parse(readFileSync(join(dataDir, 'host.json'), 'utf8')) as { pid?: unknown }).pid;
    if (typeof pid !== 'number') return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Whether a process with this pid exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits (bounded) for a process to end; true once it has. */
export async function waitGone(pid: number, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}

/** `npm run serve -- --stop` for a data folder: ends its host, its agents and its fronts (bounded). */
export async function stopHost(dataDir: string): Promise<void> {
  const host = readHostPid(dataDir);
  if (host === null) return;
  await new Promise<void>((resolve) => {
    const stopper = spawn(process.execPath, ['scripts/serve.mjs', '--stop', '--data-dir', dataDir], { stdio: 'ignore' });
    const bound = setTimeout(() => stopper.kill('SIGKILL'), 30_000);
    stopper.once('exit', () => {
      clearTimeout(bound);
      resolve();
    });
  });
  await waitGone(host);
  try {
    process.kill(-host, 'SIGKILL'); // a host that would not stop: its group
  } catch {
    // gone, as it should be
  }
}

/** Every live descendant of `root` (from /proc; empty where there is none). */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  let names: string[];
  try {
    names = readdirSync('/proc').filter((n) => /^\d+$/.test(n));
  } catch {
    return [];
  }
  for (const name of names) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(name));
      children.set(ppid, list);
    } catch {
      // exited meanwhile
    }
  }
  const out: number[] = [];
  const walk = (pid: number): void => {
    for (const kid of children.get(pid) ?? []) {
      out.push(kid);
      walk(kid);
    }
  };
  walk(root);
  return out;
}

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import type { Logger } from '../logger';
import { childEnv } from '../spawn/childEnv';
import { procStartTime } from './processTree';

/*
 * The live agents record (`agents.json` in the data folder): every agent process group this
 * core started and has not seen end. A session host killed with SIGKILL (or OOM, or a crash)
 * cannot end its agents' groups, and some agents (codex-acp) do not exit when their stdin
 * closes; the next host reads this record and ends what is still ours (`leftoverAgents.ts`).
 * Terminals are not recorded: the PTY's hangup ends their shells.
 */

export type LiveAgentKind = 'claude-code' | 'acp';

/** What a spawner is given: it says when an agent's process group starts and when it is gone. */
export interface LiveAgentsPort {
  /** `pid` leads a process group of its own (spawned detached). */
  add(pid: number, kind: LiveAgentKind, sessionId: string): void;
  remove(pid: number): void;
}

/** Who a process is, beyond its pid: the same pid with another identity is someone else. */
export interface ProcessIdentity {
  /** Linux: field 22 of /proc/<pid>/stat. Elsewhere: `ps -o lstart=`. */
  readonly startTime: string;
  /** Linux: the boot id (the start time counts from boot). */
  readonly boot?: string;
  /** Elsewhere: `ps -o command=` (lstart has whole seconds only). */
  readonly command?: string;
}

const entrySchema = z.object({
  pid: z.number().int().positive(),
  pgid: z.number().int().positive(),
  startTime: z.string().max(200),
  boot: z.string().max(100).optional(),
  command: z.string().max(4_000).optional(),
  kind: z.enum(['claude-code', 'acp']),
  sessionId: z.string().max(200),
});
export type LiveAgentEntry = z.infer<typeof entrySchema>;

/** More live agents than this are not recorded (logged); the file stays small. */
export const MAX_RECORDED_AGENTS = 256;
const MAX_FILE_BYTES = 1024 * 1024;
const fileSchema = z.object({ version: z.literal(1), agents: z.array(entrySchema).max(MAX_RECORDED_AGENTS) });

function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

/**
 * Linux reads /proc (no process started). Elsewhere (macOS) `ps -o lstart=,command=`, run
 * synchronously once per agent start and bounded at 2 s: the pid and its start second plus its
 * command line name the process well enough. Null where the process is gone or ps failed.
 */
export function identityOf(pid: number, platform: NodeJS.Platform = process.platform): ProcessIdentity | null {
  if (platform === 'linux') {
    const stat = procStartTime(pid);
    const boot = bootId();
    return stat ? { startTime: stat.startTime, ...(boot ? { boot } : {}) } : null;
  }
  if (platform === 'win32') return null;
  try {
    const out = execFileSync('ps', ['-o', 'lstart=,command=', '-p', String(pid)], { timeout: 2_000, encoding: 'utf8', env: childEnv(process.env, 'terminal') }).trim();
    // lstart is five words: "Fri Dec  4 23:25:14 2026".
    const words = out.split(/\s+/);
    if (words.length < 6) return null;
    return { startTime: words.slice(0, 5).join(' '), command: words.slice(5).join(' ').slice(0, 4_000) };
  } catch {
    return null;
  }
}

export interface LiveAgentsRecordOptions {
  readonly file: string;
  readonly log: Logger;
  /** Tests fake another platform's identity or a recycled pid. */
  readonly identity?: (pid: number) => ProcessIdentity | null;
}

/**
 * The record, kept in memory and written whole on every change (temp file, then rename:
 * a reader sees the old record or the new one, never half). What the file held when it was
 * opened stays in it, as `leftovers()`, until it is dealt with and removed.
 */
export class LiveAgentsRecord implements LiveAgentsPort {
  private readonly byPid = new Map<number, LiveAgentEntry>();
  private readonly loaded: LiveAgentEntry[];
  private readonly identity: (pid: number) => ProcessIdentity | null;

  constructor(private readonly opts: LiveAgentsRecordOptions) {
    this.identity = opts.identity ?? ((pid) => identityOf(pid));
    this.loaded = this.read();
    for (const entry of this.loaded) this.byPid.set(entry.pid, entry);
  }

  /** The entries the file held when this record was opened and that are still in it. */
  leftovers(): LiveAgentEntry[] {
    return this.loaded.filter((e) => this.byPid.get(e.pid) === e);
  }

  /** Every entry now (tests). */
  entries(): LiveAgentEntry[] {
    return [...this.byPid.values()];
  }

  /** The entry's leader is alive and is the very process recorded (not a recycled pid). */
  stillOurs(entry: LiveAgentEntry): boolean {
    const now = this.identity(entry.pid);
    if (!now || now.startTime !== entry.startTime || now.boot !== entry.boot || now.command !== entry.command) return false;
    const stat = procStartTime(entry.pid);
    return stat === null || stat.pgid === entry.pgid;
  }

  add(pid: number, kind: LiveAgentKind, sessionId: string): void {
    if (this.byPid.size >= MAX_RECORDED_AGENTS) {
      this.opts.log.warn('too many live agents to record; this one is not', { pid, kind, sessionId });
      return;
    }
    const id = this.identity(pid);
    if (!id) {
      this.opts.log.warn('an agent process could not be identified; it is not recorded', { pid, kind, sessionId });
      return;
    }
    this.byPid.set(pid, { pid, pgid: pid, ...id, kind, sessionId });
    this.write();
  }

  remove(pid: number): void {
    if (this.byPid.delete(pid)) this.write();
  }

  private read(): LiveAgentEntry[] {
    const file = this.opts.file;
    if (!existsSync(file)) return [];
    try {
      if (statSync(file).size > MAX_FILE_BYTES) throw new Error('larger than 1 MB');
      return fileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).agents;
    } catch (err) {
      this.opts.log.warn('the live agents record could not be read; starting from an empty one', { file, err: err instanceof Error ? err.message : String(err) });
      return [];
    }
  }

  private write(): void {
    const tmp = `${this.opts.file}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, JSON.stringify({ version: 1, agents: [...this.byPid.values()] }), { mode: 0o600 });
      renameSync(tmp, this.opts.file);
    } catch (err) {
      this.opts.log.error('the live agents record could not be written', { file: this.opts.file, err });
      try {
        unlinkSync(tmp);
      } catch {
        // never written
      }
    }
  }
}

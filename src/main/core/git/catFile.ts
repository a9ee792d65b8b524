import { spawn, type ChildProcess } from 'node:child_process';
import { GitError, gitEnv, type GitRunOptions } from './run';

/*
 * One `git cat-file --batch` process reading many objects over a pipe (pruning walks thousands of
 * checkpoint chains: one process for all of them instead of one per ref). Each read is bounded by a
 * time limit, and the caller's AbortSignal ends git at once; either way the process is killed.
 */

const READ_MS = 60_000;

interface Pending {
  readonly count: number;
  readonly out: Array<Buffer | null>;
  readonly resolve: (objects: Array<Buffer | null>) => void;
  readonly reject: (err: Error) => void;
  readonly timer: NodeJS.Timeout;
}

export class CatFileBatch {
  private readonly child: ChildProcess;
  private buffer: Buffer = Buffer.alloc(0);
  private pending: Pending | null = null;
  private failed: Error | null = null;
  private readonly args: readonly string[];

  constructor(
    dir: string,
    private readonly options: GitRunOptions = {},
  ) {
    this.args = ['-C', dir, 'cat-file', '--batch'];
    this.child = spawn(options.gitPath ?? 'git', this.args, { env: gitEnv(options), stdio: ['pipe', 'pipe', 'ignore'], windowsHide: true });
    this.child.stdout?.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.parse();
    });
    this.child.stdin?.on('error', () => undefined); // its exit says why
    this.child.on('error', (err) => this.fail(new GitError(`git cat-file could not start: ${err.message}`, this.args, null, '', 'spawn')));
    this.child.on('exit', (code) => this.fail(new GitError(`git cat-file ended early (exit ${code ?? 'signal'})`, this.args, code, '', 'exit')));
    options.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  private readonly onAbort = (): void => this.fail(new GitError('git cat-file was stopped.', this.args, null, '', 'aborted'));

  /** The raw contents of each object, in order (null: missing). */
  read(ids: readonly string[]): Promise<Array<Buffer | null>> {
    if (this.failed) return Promise.reject(this.failed);
    if (this.pending) return Promise.reject(new Error('CatFileBatch: one read at a time'));
    if (ids.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      const timeoutMs = this.options.timeoutMs ?? READ_MS;
      const timer = setTimeout(() => this.fail(new GitError(`git cat-file took longer than ${timeoutMs} ms and was stopped.`, this.args, null, '', 'timeout')), timeoutMs);
      this.pending = { count: ids.length, out: [], resolve, reject, timer };
      this.child.stdin?.write(`${ids.join('\n')}\n`);
    });
  }

  /** Ends the process (always call it, in a finally). */
  close(): void {
    this.options.signal?.removeEventListener('abort', this.onAbort);
    this.fail(new Error('closed'));
  }

  private fail(err: Error): void {
    this.failed ??= err;
    if (this.child.exitCode === null && !this.child.killed) this.child.kill('SIGKILL');
    const p = this.pending;
    this.pending = null;
    if (p) {
      clearTimeout(p.timer);
      p.reject(this.failed);
    }
  }

  /** `<id> <type> <size>\n<contents>\n` or `<id> missing\n`, as many as are whole in the buffer. */
  private parse(): void {
    const p = this.pending;
    while (p && p.out.length < p.count) {
      const eol = this.buffer.indexOf(10);
      if (eol < 0) return;
      const header = this.buffer.subarray(0, eol).toString('latin1').split(' ');
      if (header.length < 3) {
        p.out.push(null); // missing (or ambiguous)
        this.buffer = this.buffer.subarray(eol + 1);
        continue;
      }
      const size = Number(header[2]);
      if (this.buffer.length < eol + 1 + size + 1) return;
      p.out.push(Buffer.from(this.buffer.subarray(eol + 1, eol + 1 + size)));
      this.buffer = this.buffer.subarray(eol + 1 + size + 1);
    }
    if (p && p.out.length === p.count) {
      this.pending = null;
      clearTimeout(p.timer);
      p.resolve(p.out);
    }
  }
}

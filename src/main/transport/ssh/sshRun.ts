import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { sshArgs, type SshOptions } from './sshArgs';
import { RemoteHostError, sshFailure } from './sshErrors';

export interface SshRunResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs one remote command over ssh (through the destination's multiplexed
 * connection) and collects its output; `input` is streamed to its stdin.
 * Bounded: past `timeoutMs` ssh is killed and the result is a typed error.
 * ssh's own failures (exit 255) become RemoteHostError with OpenSSH's words.
 */
export function runSsh(destination: string, remoteCommand: string, ssh: SshOptions, opts: { input?: Readable; timeoutMs: number }): Promise<SshRunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(ssh.ssh ?? 'ssh', sshArgs(destination, remoteCommand, ssh), { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let done = false;
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      stdout = (stdout + c).slice(-1_000_000);
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr = (stderr + c).slice(-20_000);
    });
    const timer = setTimeout(() => {
      finish(new RemoteHostError('UNREACHABLE', destination, stderr.trim(), `${destination} did not answer within ${Math.round(opts.timeoutMs / 1000)} s; Swarmdesk will try again.`));
      child.kill('SIGKILL');
    }, opts.timeoutMs);
    const finish = (outcome: SshRunResult | Error): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    child.once('error', (err) => finish(new RemoteHostError('SSH_FAILED', destination, err.message, 'Swarmdesk runs the system OpenSSH client (ssh): install it, or put it on PATH.')));
    const stdoutEnded = new Promise<void>((r) => child.stdout.once('close', r));
    child.once('exit', (code) => {
      // What is buffered in the pipe arrives first; bounded, should a forked multiplexing master hold a copy of it.
      void Promise.race([stdoutEnded, new Promise((r) => setTimeout(r, 2_000))]).then(() => {
        if (code === 255) finish(sshFailure(destination, stderr, code));
        else finish({ code, stdout, stderr });
      });
    });
    child.stdin.on('error', () => undefined);
    if (opts.input) opts.input.pipe(child.stdin);
    else child.stdin.end();
  });
}

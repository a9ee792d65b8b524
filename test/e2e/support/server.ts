import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A web-mode Swarmdesk started exactly as a user would: `npm run serve`. */
export interface RunningServer {
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  readonly dataDir: string;
  readonly output: () => string;
  stop(): Promise<void>;
}

const CONTRACT_LINE = /^serving (http:\/\/127\.0\.0\.1:(\d+)\/)#token=([A-Za-z0-9_-]+)$/m;

export function freshDataDir(prefix = 'swarmdesk-e2e-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function startServer(opts: { dataDir?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<RunningServer> {
  const dataDir = opts.dataDir ?? freshDataDir();
  const child: ChildProcess = spawn(process.execPath, ['scripts/serve.mjs', '--port', '0', '--data-dir', dataDir], {
    env: { ...process.env, SWARMDESK_AMBIENT_PROVIDER: 'offline', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
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
  const origin = match[1]!.replace(/\/$/, '');
  const token = match[3]!;
  return {
    url: `${match[1]}#token=${token}`,
    origin,
    token,
    dataDir,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

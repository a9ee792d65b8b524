import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { setLogSink } from '../../src/main/core/logger';
import { encodeFrame, FrameReader } from '../../src/main/transport/socket/frames';
import { stopHost } from '../../src/main/transport/socket/hostControl';
import { contractFingerprint, HOST_LOG_FILE, readHostInfo, settingsEnvDigest } from '../../src/main/transport/socket/hostFiles';
import { REAL_HOST, startRealHost } from '../support/realHost';
import { until } from '../support/until';

/*
 * Issue 28: a request nested 5,000 or 200,000 arrays deep (a 10 KB frame at 5,000) answered INTERNAL and
 * logged "Maximum call stack size exceeded" once per frame. Against the real web front (src/main/serve.ts,
 * with its real session host) and the real host's socket: 300 such frames get BAD_INPUT each, the connection
 * stays usable, an unauthenticated one is closed (SPEC §11), and the log gets a bounded number of lines.
 */
setLogSink(() => {});

const FRAMES = 300;
/** Most frames 5,000 deep (10 KB), every 30th 200,000 deep (400 KB). */
const depthOf = (i: number): number => (i % 30 === 0 ? 200_000 : 5_000);
const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

const dirs: string[] = [];
const children: ChildProcess[] = [];
const hosts: number[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'swarmdesk-deep-'));
  dirs.push(dir);
  return dir;
}

afterAll(async () => {
  for (const dir of dirs) await stopHost(dir, { kind: 'cli', version: '0.1.0', protocol: contractFingerprint(), url: null, env: {} }, 5_000);
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const pid of hosts) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // stopped, as it should be
    }
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Lines of a log that are about the deep frames (the refusals and their summary), and whether any overflowed the stack. */
function linesAbout(log: string): { refusals: string[]; summaries: string[]; overflow: boolean } {
  const lines = log.split('\n');
  return {
    refusals: lines.filter((l) => /nested too deeply/.test(l) && !/more like this/.test(l)),
    summaries: lines.filter((l) => /\d+ more like this were left out/.test(l)),
    overflow: /Maximum call stack/.test(log),
  };
}

interface Served {
  readonly port: number;
  readonly token: string;
  output(): string;
}

async function serve(dataDir: string): Promise<Served> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/serve.ts', '--port', '0', '--data-dir', dataDir], {
    env: { ...process.env, HOME: dataDir, SWARMDESK_AMBIENT_PROVIDER: 'off', SWARMDESK_IMPORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const match = await until(() => /^serving http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]+)$/m.exec(out), { timeoutMs: 60_000, message: 'the serving line' });
  const host = readHostInfo(dataDir);
  if (host) hosts.push(host.pid);
  return { port: Number(match[1]), token: match[2] as string, output: () => out };
}

type WebReply = { id?: unknown; type?: string; result?: { ok: boolean; error?: { code: string; message: string } } };

function webSocket(port: number): { ws: WebSocket; replies: WebReply[]; closed: () => number | null; opened: Promise<void> } {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { origin: `http://127.0.0.1:${port}` });
  const replies: WebReply[] = [];
  let closedWith: number | null = null;
  ws.on('message', (d) => replies.push(JSON.parse(d.toString()) as WebReply));
  ws.on('close', (code) => (closedWith = code));
  ws.on('error', () => undefined);
  return { ws, replies, closed: () => closedWith, opened: new Promise((resolve) => ws.once('open', () => resolve())) };
}

describe('frames nested 5,000 and 200,000 deep', () => {
  it('web mode: each request gets BAD_INPUT, the socket stays usable, the log is bounded; a deep hello closes the socket', async () => {
    const dataDir = tempDir();
    const front = await serve(dataDir);

    const page = webSocket(front.port);
    await page.opened;
    page.ws.send(JSON.stringify({ type: 'hello', token: front.token }));
    await until(() => page.replies.find((r) => r.type === 'ready'), { message: 'ready' });
    for (let i = 0; i < FRAMES; i++) {
      page.ws.send(`{"id":${i},"channel":"sessions:rename","input":{"id":"s","title":${nested(depthOf(i))}}}`);
    }
    await until(() => page.replies.filter((r) => typeof r.id === 'number').length >= FRAMES, { timeoutMs: 60_000, message: `${FRAMES} replies` });
    const replies = page.replies.filter((r) => typeof r.id === 'number');
    expect(replies.map((r) => r.id)).toEqual([...Array(FRAMES).keys()]);
    for (const r of replies) expect(r.result).toEqual({ ok: false, error: { code: 'BAD_INPUT', message: expect.stringContaining('nested too deeply') } });
    // Still usable: a request after them is answered.
    page.ws.send(JSON.stringify({ id: 'after', channel: 'sessions:list', input: {} }));
    expect((await until(() => page.replies.find((r) => r.id === 'after'), { message: 'the reply after' })).result?.ok).toBe(true);
    expect(page.closed()).toBeNull();
    page.ws.close();
    // The close flushes the summary of what was left out.
    await until(() => linesAbout(front.output()).summaries.length > 0, { message: 'the summary line' });

    // A socket that has not said hello: a deep first frame gets its typed reply and the socket is closed.
    const stranger = webSocket(front.port);
    await stranger.opened;
    stranger.ws.send(`{"type":"hello","token":${nested(5_000)}}`);
    await until(() => stranger.closed(), { message: 'the stranger closed' });
    expect(stranger.replies).toEqual([{ id: null, result: { ok: false, error: { code: 'BAD_INPUT', message: expect.stringContaining('nested too deeply') } } }]);

    const log = linesAbout(front.output());
    expect(log.overflow).toBe(false);
    expect(log.refusals.length).toBeLessThanOrEqual(11);
    expect(log.summaries.join('\n')).toMatch(/"count":\d{3}/);
    expect(front.output()).not.toMatch(/ ERROR /);
    expect(readFileSync(join(dataDir, HOST_LOG_FILE), 'utf8')).not.toMatch(/Maximum call stack| ERROR /);
  });

  it("the host's socket: each request gets BAD_INPUT, the front stays attached and served, the log is bounded; a deep hello closes the connection", async () => {
    const dataDir = tempDir();
    await startRealHost(dataDir, hosts, REAL_HOST);
    const info = readHostInfo(dataDir)!;
    const hello = (secret: string): string =>
      encodeFrame({
        t: 'hello',
        secret,
        protocol: contractFingerprint(),
        version: '0.1.0',
        front: { kind: 'web', pid: process.pid, url: null },
        abilities: [],
        env: settingsEnvDigest(REAL_HOST.env),
        control: false,
        terminalOutput: 'all',
        streaming: 'all',
      });
    const open = (): { socket: Socket; frames: Array<Record<string, unknown>>; closed: () => boolean } => {
      const socket = connect(info.socket);
      const frames: Array<Record<string, unknown>> = [];
      let closed = false;
      const reader = new FrameReader(64 * 1024 * 1024, (f) => frames.push(f as Record<string, unknown>), () => undefined);
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => reader.push(chunk));
      socket.on('close', () => (closed = true));
      socket.on('error', () => undefined);
      return { socket, frames, closed: () => closed };
    };

    const front = open();
    front.socket.write(hello(info.secret));
    await until(() => front.frames.find((f) => f.t === 'welcome'), { message: 'the welcome' });
    for (let i = 0; i < FRAMES; i++) {
      front.socket.write(`{"t":"req","id":${i + 1},"channel":"sessions:rename","input":{"id":"s","title":${nested(depthOf(i))}}}\n`);
    }
    const replies = await until(
      () => {
        const res = front.frames.filter((f) => f.t === 'res');
        return res.length >= FRAMES ? res : null;
      },
      { timeoutMs: 60_000, message: `${FRAMES} replies` },
    );
    expect(replies.map((r) => r.id)).toEqual([...Array(FRAMES).keys()].map((i) => i + 1));
    for (const r of replies) expect(r.result).toEqual({ ok: false, error: { code: 'BAD_INPUT', message: expect.stringContaining('nested too deeply') } });
    front.socket.write(encodeFrame({ t: 'req', id: 9_999, channel: 'sessions:list', input: {} }));
    const after = await until(() => front.frames.find((f) => f.t === 'res' && f.id === 9_999), { message: 'the reply after' });
    expect((after.result as { ok: boolean }).ok).toBe(true);
    expect(front.closed()).toBe(false);
    front.socket.end();
    const logFile = join(dataDir, HOST_LOG_FILE);
    await until(() => linesAbout(readFileSync(logFile, 'utf8')).summaries.length > 0, { message: 'the summary line' });

    // Before its hello: a deep frame closes the connection, unanswered.
    const stranger = open();
    stranger.socket.write(`{"t":"hello","secret":${nested(5_000)}}\n`);
    await until(() => stranger.closed(), { message: 'the stranger closed' });
    expect(stranger.frames).toEqual([]);

    const log = linesAbout(readFileSync(logFile, 'utf8'));
    expect(log.overflow).toBe(false);
    expect(log.refusals.length).toBeLessThanOrEqual(11);
    expect(log.summaries.join('\n')).toMatch(/"count":\d{3}/);
  });
});

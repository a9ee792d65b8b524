import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../../src/main/core/logger';
import { HostConnection, type FrontIdentity } from '../../src/main/transport/socket/hostClient';
import { stopHost } from '../../src/main/transport/socket/hostControl';
import { contractFingerprint, readHostInfo, settingsEnvDigest } from '../../src/main/transport/socket/hostFiles';
import { startModelServer, type ModelServer } from '../support/model-server';
import { REAL_HOST, startRealHost } from '../support/realHost';
import { until } from '../support/until';

/*
 * The desktop window's front asks the session host for the output of the terminals it opened only
 * (hello `terminalOutput: 'opened'`) and the streaming text of the transcripts it read only (`streaming:
 * 'opened'`), as a browser page asks web mode: a real host process, its real socket, real PTYs printing,
 * real chats streaming from the stand-in model server; a front that asked for all of it (web mode's,
 * which relays for many pages) still gets every one.
 */
setLogSink(() => {});

const dirs: string[] = [];
/** HOME folders of the hosts (not data folders: nothing to stop there). */
const homes: string[] = [];
const hosts: number[] = [];

/** A front; `narrowing` as the desktop window asks (`terminalOutput` / `streaming: 'opened'`), `env` as the host's. */
function me(kind: 'electron' | 'web', narrowing: Pick<FrontIdentity, 'terminalOutput' | 'streaming'> = {}, env: NodeJS.ProcessEnv = REAL_HOST.env): FrontIdentity {
  return { kind, version: '0.1.0', protocol: contractFingerprint(), url: null, env: settingsEnvDigest(env), ...narrowing };
}
let model: ModelServer | null = null;

/** How many `event` pushes a front got, per session. */
function countPushes(front: HostConnection, event: 'terminal:data' | 'entry:streaming'): Map<string, number> {
  const seen = new Map<string, number>();
  front.subscribe((name, payload) => {
    if (name !== event) return;
    const id = (payload as { sessionId: string }).sessionId;
    seen.set(id, (seen.get(id) ?? 0) + 1);
  });
  return seen;
}

afterEach(async () => {
  await model?.close();
  model = null;
  for (const dir of dirs.splice(0)) {
    await stopHost(dir, { ...me('web'), kind: 'cli' }, 5_000);
    rmSync(dir, { recursive: true, force: true });
  }
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
  for (const pid of hosts.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // stopped, as it should be
    }
  }
});

describe("the desktop front's terminal output", () => {
  it('gets only the terminals it opened, from the open on; a front that asked for all gets every one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swarmdesk-host-output-'));
    dirs.push(dir);
    await startRealHost(dir, hosts);
    const info = readHostInfo(dir)!;
    const web = await HostConnection.open(info.socket, info.secret, me('web'), null);
    const desktop = await HostConnection.open(info.socket, info.secret, me('electron', { terminalOutput: 'opened' }), null);
    const seen = { web: countPushes(web, 'terminal:data'), desktop: countPushes(desktop, 'terminal:data') };

    const printer = (tag: string) => `/bin/bash -c 'while true; do echo ${tag}-line; sleep 0.05; done'`;
    const create = async (tag: string): Promise<string> => {
      const created = await web.handle('sessions:create', { kind: 'terminal', command: printer(tag) }, { transport: 'web' });
      if (!created.ok) throw new Error(created.error.message);
      return (created.value as { id: string }).id;
    };
    const shown = await create('shown');
    const other = await create('other');
    // Web mode's front starts both; the window opens one of them.
    for (const id of [shown, other]) expect((await web.handle('terminal:open', { id, cols: 80, rows: 24 }, { transport: 'web' })).ok).toBe(true);
    await until(() => (seen.desktop.get(shown) ?? 0) === 0 && (seen.web.get(other) ?? 0) >= 3, { message: 'the other terminal printing' });
    expect(seen.desktop.size).toBe(0); // nothing opened yet on the window: no output at all
    const opened = await desktop.handle('terminal:open', { id: shown, cols: 80, rows: 24, screenOnly: true }, { transport: 'electron' });
    expect(opened.ok).toBe(true);

    const otherBefore = seen.web.get(other) ?? 0;
    await until(() => (seen.desktop.get(shown) ?? 0) >= 5 && (seen.web.get(other) ?? 0) >= otherBefore + 5, { message: 'both printing on' });
    expect(seen.desktop.get(other)).toBeUndefined();
    expect(seen.web.get(shown)).toBeGreaterThan(0);
    // Other pushes still reach the window: a rename of the terminal it does not show.
    const titled = new Promise<void>((resolve) => desktop.subscribe((name) => name === 'session:changed' && resolve()));
    expect((await web.handle('sessions:rename', { id: other, title: 'Renamed elsewhere' }, { transport: 'web' })).ok).toBe(true);
    await titled;
    // The window's pane closed: the terminal's output stops reaching it, and goes on reaching web mode's front.
    expect((await desktop.handle('terminal:close', { id: shown }, { transport: 'electron' })).ok).toBe(true);
    const shownAtClose = seen.desktop.get(shown) ?? 0;
    const webAtClose = seen.web.get(shown) ?? 0;
    await until(() => (seen.web.get(shown) ?? 0) >= webAtClose + 5, { message: 'the terminal printing on' });
    expect(seen.desktop.get(shown)).toBe(shownAtClose);
    web.close();
    desktop.close();
  });
});

describe("the desktop front's streaming text", () => {
  it('gets only the sessions whose transcript it read, from the read on; a front that asked for all gets every one', async () => {
    model = await startModelServer({ policy: () => ({ text: 'One two three four five six seven eight nine ten eleven twelve.', chunkDelayMs: 30 }) });
    const dir = mkdtempSync(join(tmpdir(), 'swarmdesk-host-streaming-'));
    dirs.push(dir);
    const home = mkdtempSync(join(tmpdir(), 'swarmdesk-host-streaming-home-'));
    homes.push(home);
    const env = { ...REAL_HOST.env, HOME: home, SWARMDESK_CHAT_PROVIDER: 'anthropic', ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'x' };
    await startRealHost(dir, hosts, { ...REAL_HOST, env });
    const info = readHostInfo(dir)!;
    const web = await HostConnection.open(info.socket, info.secret, me('web', {}, env), null);
    const desktop = await HostConnection.open(info.socket, info.secret, me('electron', { streaming: 'opened' }, env), null);
    const seen = { web: countPushes(web, 'entry:streaming'), desktop: countPushes(desktop, 'entry:streaming') };

    const chat = async (): Promise<string> => {
      const created = await web.handle('sessions:create', { kind: 'chat' }, { transport: 'web' });
      if (!created.ok) throw new Error(created.error.message);
      return (created.value as { id: string }).id;
    };
    const read = await chat();
    const unread = await chat();
    // The window reads one transcript (its pane), then both sessions answer.
    expect((await desktop.handle('entries:page', { id: read, limit: 50 }, { transport: 'electron' })).ok).toBe(true);
    for (const id of [read, unread]) expect((await web.handle('sessions:send', { id, text: 'Count to twelve' }, { transport: 'web' })).ok).toBe(true);
    await until(() => (seen.web.get(read) ?? 0) >= 3 && (seen.web.get(unread) ?? 0) >= 3, { timeoutMs: 20_000, message: 'both sessions streaming to the front that asked for all' });
    await until(() => (seen.desktop.get(read) ?? 0) >= 3, { timeoutMs: 20_000, message: 'the read session streaming to the window' });
    expect(seen.desktop.get(unread)).toBeUndefined();
    web.close();
    desktop.close();
  });
});

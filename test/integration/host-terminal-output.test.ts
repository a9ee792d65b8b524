import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../../src/main/core/logger';
import { HostConnection, type FrontIdentity } from '../../src/main/transport/socket/hostClient';
import { stopHost } from '../../src/main/transport/socket/hostControl';
import { contractFingerprint, readHostInfo, settingsEnvDigest } from '../../src/main/transport/socket/hostFiles';
import { REAL_HOST, startRealHost } from '../support/realHost';
import { until } from '../support/until';

/*
 * The desktop window's front asks the session host for the output of the terminals it opened only
 * (hello `terminalOutput: 'opened'`), as a browser page asks web mode: a real host process, its real
 * socket, real PTYs printing; a front that asked for all of it (web mode's, which relays for many pages)
 * still gets every terminal's.
 */
setLogSink(() => {});

const dirs: string[] = [];
const hosts: number[] = [];

function me(kind: 'electron' | 'web', terminalOutput?: 'opened'): FrontIdentity {
  return { kind, version: '0.1.0', protocol: contractFingerprint(), url: null, env: settingsEnvDigest(REAL_HOST.env), ...(terminalOutput ? { terminalOutput } : {}) };
}

afterEach(async () => {
  for (const dir of dirs.splice(0)) {
    await stopHost(dir, { ...me('web'), kind: 'cli' }, 5_000);
    rmSync(dir, { recursive: true, force: true });
  }
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
    const desktop = await HostConnection.open(info.socket, info.secret, me('electron', 'opened'), null);
    const seen = { web: new Map<string, number>(), desktop: new Map<string, number>() };
    const count = (into: Map<string, number>) => (name: string, payload: unknown) => {
      if (name !== 'terminal:data') return;
      const id = (payload as { sessionId: string }).sessionId;
      into.set(id, (into.get(id) ?? 0) + 1);
    };
    web.subscribe(count(seen.web));
    desktop.subscribe(count(seen.desktop));

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
    web.close();
    desktop.close();
  });
});

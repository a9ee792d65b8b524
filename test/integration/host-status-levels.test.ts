import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionListRow, SessionRow } from '../../src/shared/domain/session';
import { setLogSink } from '../../src/main/core/logger';
import { HostConnection, HostRefusedError, type FrontIdentity } from '../../src/main/transport/socket/hostClient';
import { stopHost } from '../../src/main/transport/socket/hostControl';
import { contractFingerprint, readHostInfo, settingsEnvDigest } from '../../src/main/transport/socket/hostFiles';
import { REAL_HOST, startRealHost } from '../support/realHost';
import { until } from '../support/until';

/*
 * A front and a session host of different versions agree on the status words (issue 31): this build speaks
 * status level 2 ("exited"); a build of level 1 has the same contract but for the words. A real host process,
 * its real socket, real PTYs: a level-1 front is admitted and told the words it knows ('error' for a failed
 * exit, 'idle' for a clean one, no `exit`), while a current front on the same host reads "exited"; and a
 * current front attaches to a level-1 host (one started with that fingerprint, as that build would be).
 */
setLogSink(() => {});

const dirs: string[] = [];
const hosts: number[] = [];

function front(protocol: string, olderProtocols?: string[]): FrontIdentity {
  return { kind: 'web', version: '0.1.0', protocol, ...(olderProtocols ? { olderProtocols } : {}), url: null, env: settingsEnvDigest(REAL_HOST.env) };
}

afterEach(async () => {
  for (const dir of dirs.splice(0)) {
    await stopHost(dir, { ...front(contractFingerprint()), kind: 'cli', control: true }, 5_000);
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

async function ok<T>(connection: HostConnection, channel: string, input: unknown): Promise<T> {
  const result = await connection.handle(channel, input, { transport: 'web' });
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

/** The latest `session:changed` row each front was pushed, by id. */
function latestRows(connection: HostConnection): Map<string, SessionRow> {
  const rows = new Map<string, SessionRow>();
  connection.subscribe((name, payload) => {
    if (name === 'session:changed') rows.set((payload as SessionRow).id, payload as SessionRow);
  });
  return rows;
}

describe('status words across versions (real host, real PTYs)', () => {
  it('a level-1 front is told what it knows: a failed exit reads error, a clean one idle; a current front reads exited', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swarmdesk-host-levels-'));
    dirs.push(dir);
    await startRealHost(dir, hosts);
    const info = readHostInfo(dir)!;
    expect(contractFingerprint(1)).not.toBe(contractFingerprint());
    const current = await HostConnection.open(info.socket, info.secret, front(contractFingerprint()), null);
    const older = await HostConnection.open(info.socket, info.secret, front(contractFingerprint(1)), null);
    const pushed = { current: latestRows(current), older: latestRows(older) };

    const failed = await ok<SessionRow>(current, 'sessions:create', { kind: 'terminal', command: 'exit 4' });
    const clean = await ok<SessionRow>(current, 'sessions:create', { kind: 'terminal', command: 'true' });
    for (const { id } of [failed, clean]) await ok(current, 'terminal:open', { id, cols: 80, rows: 24 });
    await until(() => pushed.current.get(failed.id)?.status === 'exited' && pushed.current.get(clean.id)?.status === 'exited', { message: 'both terminals to exit' });
    expect(pushed.current.get(failed.id)?.exit).toEqual({ code: 4, signal: null });
    await until(() => pushed.older.get(failed.id)?.status === 'error' && pushed.older.get(clean.id)?.status === 'idle', { message: 'the older front told the words it knows' });
    expect(pushed.older.get(failed.id)).not.toHaveProperty('exit');

    // Replies too: the list page and one row, read by each front.
    const listOf = (c: HostConnection) => ok<SessionListRow[]>(c, 'sessions:list', { includeArchived: false });
    const statusesIn = (rows: SessionListRow[]) => Object.fromEntries(rows.map((r) => [r.id, r.status]));
    expect(statusesIn(await listOf(current))).toEqual({ [failed.id]: 'exited', [clean.id]: 'exited' });
    expect(statusesIn(await listOf(older))).toEqual({ [failed.id]: 'error', [clean.id]: 'idle' });
    expect((await ok<SessionRow>(older, 'sessions:get', { id: failed.id })).status).toBe('error');
    expect((await ok<SessionRow>(current, 'sessions:get', { id: failed.id })).status).toBe('exited');
    current.close();
    older.close();
  }, 60_000);

  it('a current front attaches to a level-1 host at its level; without the older fingerprint it is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swarmdesk-host-levels-'));
    dirs.push(dir);
    // A host that speaks level 1 only, as a build of that level does.
    await startRealHost(dir, hosts, { ...REAL_HOST, env: { ...REAL_HOST.env, SWARMDESK_TEST_HOST_PROTOCOL: contractFingerprint(1) } });
    const info = readHostInfo(dir)!;
    const refused = await HostConnection.open(info.socket, info.secret, front(contractFingerprint()), null).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HostRefusedError);
    expect((refused as HostRefusedError).code).toBe('VERSION_MISMATCH');

    const attached = await HostConnection.open(info.socket, info.secret, front(contractFingerprint(), [contractFingerprint(1)]), null);
    expect(attached.welcome.protocol).toBe(contractFingerprint(1));
    const row = await ok<SessionRow>(attached, 'sessions:create', { kind: 'terminal', command: 'true' });
    expect((await ok<SessionRow>(attached, 'sessions:get', { id: row.id })).kind).toBe('terminal');
    attached.close();
  }, 60_000);
});

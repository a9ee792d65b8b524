import { afterEach, describe, expect, it } from 'vitest';
import { WAIT_NOTICE_GAP_MS } from '../../../src/main/core/services/waitNotices';
import { startCore, type Harness } from './harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.core.close();
  h = undefined;
});

/** Real cores over one real SQLite file: what a window is told about a session that waits (SPEC §2). */
describe('app:claimWaitNotice: a wait is told once, at most once per session per 30 s', () => {
  it('the first ask for a wait is yes, a second window is no; a new wait within 30 s is no, after them yes; a restart is the same wait', async () => {
    h = startCore();
    const sessions = h.core.services.sessions;
    const id = (await h.ok('sessions:create', { kind: 'chat', folder: h.dataDir })).id;
    // Not waiting: nothing to tell.
    expect(await h.ok('app:claimWaitNotice', { id })).toEqual({ notify: false });
    sessions.setStatus(id, 'working');
    sessions.setStatus(id, 'waiting');
    expect(await h.ok('app:claimWaitNotice', { id })).toEqual({ notify: true });
    // A second window asks for the same wait.
    expect(await h.ok('app:claimWaitNotice', { id })).toEqual({ notify: false });
    // It works and waits again 10 s later: a new wait, but too soon after the last one told.
    h.clock.advance(10_000);
    sessions.setStatus(id, 'working');
    sessions.setStatus(id, 'waiting');
    expect(await h.ok('app:claimWaitNotice', { id })).toEqual({ notify: false });
    // Once 30 s have passed since the last one told, a new wait is told.
    h.clock.advance(WAIT_NOTICE_GAP_MS);
    sessions.setStatus(id, 'working');
    sessions.setStatus(id, 'waiting');
    expect(await h.ok('app:claimWaitNotice', { id })).toEqual({ notify: true });

    // Swarmdesk restarts, minutes later, the row still waiting: the same wait, never told again.
    const { dataDir, clock } = h;
    await h.core.close();
    clock.advance(10 * 60_000);
    h = startCore({ dataDir, clock });
    expect(h.core.services.sessions.get(id).status).toBe('waiting');
    expect(await h.ok('app:claimWaitNotice', { id })).toEqual({ notify: false });
    // A new wait after the restart is told.
    h.core.services.sessions.setStatus(id, 'working');
    h.core.services.sessions.setStatus(id, 'waiting');
    expect(await h.ok('app:claimWaitNotice', { id })).toEqual({ notify: true });
  });

  it('each session has its own 30 s; subagents and archived rows are never told; a missing session is a typed error', async () => {
    h = startCore();
    const sessions = h.core.services.sessions;
    const a = (await h.ok('sessions:create', { kind: 'chat', folder: h.dataDir })).id;
    const b = (await h.ok('sessions:create', { kind: 'chat', folder: h.dataDir })).id;
    const child = sessions.create({ kind: 'chat', folder: h.dataDir, parentId: a, status: 'working' }).id;
    for (const id of [a, b, child]) sessions.setStatus(id, 'waiting');
    expect(await h.ok('app:claimWaitNotice', { id: a })).toEqual({ notify: true });
    expect(await h.ok('app:claimWaitNotice', { id: b })).toEqual({ notify: true });
    expect(await h.ok('app:claimWaitNotice', { id: child })).toEqual({ notify: false });
    await h.ok('sessions:setArchived', { id: b, archived: true });
    sessions.setStatus(b, 'working');
    h.clock.advance(WAIT_NOTICE_GAP_MS);
    sessions.setStatus(b, 'waiting');
    expect(await h.ok('app:claimWaitNotice', { id: b })).toEqual({ notify: false });
    expect(await h.call('app:claimWaitNotice', { id: 'no-such-session' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('app:setNotifyDone: the opt-in for done notifications', () => {
  it('is off at first, kept in the store and read back by app:info after a restart', async () => {
    h = startCore();
    expect((await h.ok('app:info', {})).notifyDone).toBe(false);
    expect(await h.ok('app:setNotifyDone', { enabled: true })).toEqual({ enabled: true });
    const { dataDir, clock } = h;
    await h.core.close();
    h = startCore({ dataDir, clock });
    expect((await h.ok('app:info', {})).notifyDone).toBe(true);
    expect((await h.ok('app:info', {})).notifications).toBe(true);
  });
});

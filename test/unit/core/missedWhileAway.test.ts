import { afterEach, describe, expect, it } from 'vitest';
import { startCore, type Harness } from './harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.core.close();
  h = undefined;
});

async function threeSessions(harness: Harness): Promise<[string, string, string]> {
  const ids: string[] = [];
  for (let i = 0; i < 3; i += 1) ids.push((await harness.ok('sessions:create', { kind: 'chat', folder: harness.dataDir })).id);
  return ids as [string, string, string];
}

describe('app:missed: what started waiting while no front was attached', () => {
  it('keeps the sessions that became waiting or error while away, oldest first, and tells them once', async () => {
    h = startCore();
    const [a, b, c] = await threeSessions(h);
    const sessions = h.core.services.sessions;
    // A window is attached: nothing is kept (that window notifies as it happens).
    sessions.setStatus(a, 'working');
    sessions.setStatus(a, 'waiting');
    h.core.setAway(true);
    sessions.setStatus(b, 'working');
    sessions.setStatus(b, 'waiting');
    sessions.setStatus(c, 'error');
    // Already waiting when the window left, renamed meanwhile: not news.
    await h.ok('sessions:rename', { id: a, title: 'Fix the billing export' });
    h.core.setAway(false);
    expect(await h.ok('app:missed', {})).toEqual({
      sessions: [
        { sessionId: b, status: 'waiting' },
        { sessionId: c, status: 'error' },
      ],
    });
    expect(await h.ok('app:missed', {})).toEqual({ sessions: [] });
  });

  it('a terminal that exited with a failure while away is told as an error; one that exited cleanly is not', async () => {
    h = startCore();
    const [failed, clean] = await threeSessions(h);
    const sessions = h.core.services.sessions;
    h.core.setAway(true);
    sessions.setStatus(failed, 'exited', { code: 3, signal: null });
    sessions.setStatus(clean, 'exited');
    h.core.setAway(false);
    expect(await h.ok('app:missed', {})).toEqual({ sessions: [{ sessionId: failed, status: 'error' }] });
  });

  it('drops a session that moved on, was archived or deleted before anyone came back', async () => {
    h = startCore();
    const [a, b, c] = await threeSessions(h);
    const sessions = h.core.services.sessions;
    h.core.setAway(true);
    for (const id of [a, b, c]) sessions.setStatus(id, 'waiting');
    sessions.setStatus(a, 'working'); // answered by the agent itself, or restarted
    await h.ok('sessions:setArchived', { id: b, archived: true });
    await h.ok('sessions:delete', { id: c });
    expect(await h.ok('app:missed', {})).toEqual({ sessions: [] });
  });

  it('a session that waits again after moving on is told with its latest change last', async () => {
    h = startCore();
    const [a, b] = await threeSessions(h);
    const sessions = h.core.services.sessions;
    h.core.setAway(true);
    sessions.setStatus(a, 'waiting');
    sessions.setStatus(b, 'waiting');
    sessions.setStatus(a, 'working');
    sessions.setStatus(a, 'error');
    expect((await h.ok('app:missed', {})).sessions).toEqual([
      { sessionId: b, status: 'waiting' },
      { sessionId: a, status: 'error' },
    ]);
  });
});

/**
 * One question, one model call (issue 28 "Ambient cost"): a pick-up note or a commit message asked
 * again before its answer came (a second front opening the session, the Commit dialog opened from
 * two windows) shares the call in flight instead of making and logging another. Real cores on a real
 * SQLite file, the real Anthropic SDK, the stand-in model server counting what reaches it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readWorktreeRecord } from '../../../src/main/core/git/record';
import { setLogSink } from '../../../src/main/core/logger';
import { createManualClock } from '../../../src/main/core/services';
import { settle } from '../../support/ambientCore';
import { makeRepo } from '../../support/gitRepo';
import { startModelServer, type ModelServer, type RecordedRequest } from '../../support/model-server';
import { T0, startCore, type Harness } from '../../unit/core/harness';
import { tempDataDir } from '../../unit/store/tempDir';

setLogSink(() => {});

const PICKUP = 'I picked up where we left off. The reconnect test passes. How can I help?';
const kindOf = (r: RecordedRequest): string =>
  r.lastUserText.includes('<latest_exchange>') ? 'pickup-note' : r.lastUserText.includes('<changed_files>') ? 'commit-message' : 'other';

let server: ModelServer;
const cores: Harness[] = [];
beforeEach(async () => {
  // Each answer takes a moment, as a real model's does: the second ask arrives while the first is out.
  server = await startModelServer({
    policy: (r) =>
      kindOf(r) === 'pickup-note'
        ? { text: `ANSWER: ${PICKUP}`, delayMs: 300 }
        : kindOf(r) === 'commit-message'
          ? { text: 'ANSWER: Add a websocket reconnect policy', delayMs: 300 }
          : { text: 'SKIP' },
  });
});
afterEach(async () => {
  for (const h of cores.splice(0)) await h.core.close();
  await server.close();
});

const ambientEnv = (): NodeJS.ProcessEnv => ({ SWARMDESK_AMBIENT_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'x', ANTHROPIC_BASE_URL: server.url });

function core(dataDir: string, at: number): Harness {
  const h = startCore({ dataDir, clock: createManualClock(at), env: ambientEnv() });
  cores.push(h);
  return h;
}

const requests = (kind: string): number => server.requests.filter((r) => kindOf(r) === kind).length;

describe('an ambient question asked twice at once is one model call', () => {
  it('a pick-up note: a session opened by two fronts at once, after a restart and a long idle', async () => {
    const dataDir = tempDataDir('swarmdesk-asked-once-');
    const before = core(dataDir, T0);
    const row = await before.ok('sessions:create', { kind: 'chat', folder: '/tmp' });
    before.core.services.sessions.appendEntry(row.id, 'user', 'the websocket drops, fix the reconnect');
    before.core.services.sessions.appendEntry(row.id, 'assistant', 'I added a reconnect test. It passes.');
    await before.ok('entries:page', { id: row.id, limit: 50 });
    await settle(before.core);
    await before.core.close();
    cores.splice(cores.indexOf(before), 1);

    // Back after 40 minutes and a restart: the window and a browser page both open it.
    const h = core(dataDir, T0 + 40 * 60_000);
    await Promise.all([h.ok('entries:page', { id: row.id, limit: 50 }), h.ok('entries:page', { id: row.id, limit: 50 })]);
    await h.ok('entries:page', { id: row.id, limit: 50 }); // and once more while the note is being written
    await settle(h.core);
    expect((await h.ok('ambient:sessionState', { id: row.id })).pickupNote).toBe(PICKUP);
    expect(requests('pickup-note')).toBe(1);
    const logged = (await h.ok('ambient:log', { sessionId: row.id, limit: 50 })).filter((c) => c.kind === 'pickup-note');
    expect(logged.map((c) => c.verdict)).toEqual(['use']);
  });

  it('a commit message: the Commit dialog asking twice at once gets one call, and both get its message', async () => {
    const h = core(tempDataDir('swarmdesk-asked-once-'), T0);
    const row = await h.ok('sessions:create', { kind: 'terminal', folder: makeRepo(), worktree: { enabled: true, copyPatterns: [], setupCommand: '' } });
    const path = readWorktreeRecord(h.core.services.store, row.id)!.path;
    mkdirSync(join(path, 'src'), { recursive: true });
    writeFileSync(join(path, 'src', 'reconnect.ts'), 'export const retries = 3;\n');
    h.core.services.sessions.appendEntry(row.id, 'user', 'make the websocket reconnect with backoff');

    const both = await Promise.all([h.ok('git:suggestCommitMessage', { id: row.id }), h.ok('git:suggestCommitMessage', { id: row.id })]);
    expect(both).toEqual([
      { message: 'Add a websocket reconnect policy', reason: null },
      { message: 'Add a websocket reconnect policy', reason: null },
    ]);
    expect(requests('commit-message')).toBe(1);
    const logged = (await h.ok('ambient:log', { sessionId: row.id, limit: 50 })).filter((c) => c.kind === 'commit-message');
    expect(logged).toHaveLength(1);

    // Asked again once answered (the dialog opened a second time): a new call, as the paths may have changed.
    await h.ok('git:suggestCommitMessage', { id: row.id });
    expect(requests('commit-message')).toBe(2);
  });
});

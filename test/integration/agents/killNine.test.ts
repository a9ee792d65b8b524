import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Entry } from '../../../src/shared/domain/session';
import { openStore } from '../../../src/main/core/store';
import { DB_FILE_NAME } from '../../../src/main/core/store/dataDir';
import { setLogSink } from '../../../src/main/core/logger';
import { startModelServer, type ModelServer } from '../../support/model-server';
import { tempDir } from './helpers';
import { until } from '../../support/until';

/**
 * SPEC §12: a kill -9 at any moment loses at most the entry being written. A core with
 * the chat backend runs in a child process; we kill it with SIGKILL mid-stream and at
 * random moments of a burst of turns, then reopen the database.
 */
setLogSink(() => {});
const CHILD = resolve(__dirname, 'fixtures/chat-child.ts');

let server: ModelServer;
let dir: ReturnType<typeof tempDir>;
beforeEach(async () => {
  server = await startModelServer();
  dir = tempDir('kill9');
});
afterEach(async () => {
  await server.close();
  dir.remove();
});

interface Run {
  child: ChildProcess;
  committed: Entry[];
  streamed: number;
  done: Promise<void>;
}

function runChild(turns: number): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: resolve(__dirname, '../../..'),
    env: {
      ...process.env,
      CHILD_DATA_DIR: join(dir.path, 'data'),
      CHILD_TURNS: String(turns),
      HOME: dir.path,
      ANTHROPIC_API_KEY: 'x',
      ANTHROPIC_BASE_URL: server.url,
      SWARMDESK_CHAT_PROVIDER: 'anthropic',
      SWARMDESK_AMBIENT_PROVIDER: 'off',
      SWARMDESK_IMPORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run: Run = { child, committed: [], streamed: 0, done: Promise.resolve() };
  let buf = '';
  child.stdout?.on('data', (d: Buffer) => {
    buf += d.toString('utf8');
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      try {
        const o = JSON.parse(line) as { committed?: Entry; streaming?: number };
        if (o.committed) run.committed.push(o.committed);
        if (o.streaming) run.streamed = o.streaming;
      } catch {
        // not ours
      }
    }
  });
  run.done = new Promise((r) => child.once('exit', () => r()));
  return run;
}

function reopen(): { integrity: string; entries: Entry[] } {
  const db = new Database(join(dir.path, 'data', DB_FILE_NAME));
  const integrity = (db.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check;
  db.close();
  // The app's own open path: quick_check, migrations; no damage notice expected.
  const { store, notices } = openStore({ dataDir: join(dir.path, 'data') });
  expect(notices).toEqual([]);
  const sessions = store.sessions.list(true);
  const entries = sessions.flatMap((s) => store.entries.page(s.id, undefined, 10_000).entries);
  store.close();
  return { integrity, entries };
}

function expectIntact(committed: Entry[], stored: Entry[]): void {
  const key = (e: Entry) => `${e.sessionId}#${e.seq}`;
  const byKey = new Map(stored.map((e) => [key(e), e]));
  for (const e of committed) {
    expect(byKey.get(key(e)), `committed entry ${key(e)} must survive`).toEqual(e);
  }
  // At most the entry being written when the kill came is beyond what was reported.
  expect(stored.length - committed.length).toBeLessThanOrEqual(1);
}

describe('kill -9 of a core mid-turn', () => {
  it('mid-stream: every committed entry intact, the half-streamed reply absent, integrity ok', async () => {
    server.enqueue({ text: 'first answer' }, { text: 'second answer' }, { text: 'a third answer that streams for a long while and is killed halfway', chunkDelayMs: 150 });
    const run = runChild(3);
    await until(() => run.streamed > 0 && run.committed.length >= 5, { timeoutMs: 30_000, message: 'five committed entries and a streaming reply' });
    run.child.kill('SIGKILL');
    await run.done;
    const { integrity, entries } = reopen();
    expect(integrity).toBe('ok');
    expectIntact(run.committed, entries);
    expect(entries.map((e) => e.kind)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(entries.some((e) => e.text.includes('killed halfway'))).toBe(false);
  });

  it('at random moments of a burst of quick turns: integrity ok, nothing committed is lost', async () => {
    server.setPolicy(() => ({ text: 'quick answer '.repeat(30) }));
    for (let round = 0; round < 3; round += 1) {
      const run = runChild(400);
      // Past start-up, into the steady run of writes, then a random moment.
      await until(() => run.committed.length >= 20, { timeoutMs: 30_000, message: '20 committed entries' });
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 300)));
      run.child.kill('SIGKILL');
      await run.done;
      const { integrity, entries } = reopen();
      expect(integrity).toBe('ok');
      const mine = entries.filter((e) => run.committed.some((c) => c.sessionId === e.sessionId));
      expectIntact(run.committed, mine);
      console.log(`kill -9 round ${round}: ${run.committed.length} entries reported committed, ${mine.length} stored`);
    }
  });
});

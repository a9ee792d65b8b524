/**
 * Makes docs/screenshot.png: a small, realistic swarm seeded into a fresh data
 * folder, shown by web mode in Chromium. Run: npx tsx scripts/readme-screenshot.ts
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { openStore } from '../src/main/core/store';
import { freshDataDir, startServer } from '../test/e2e/support/server';

const dataDir = freshDataDir('swarmdesk-readme-');
const { store } = openStore({ dataDir });
const now = Date.now();
const min = 60_000;
let position = 0;

function session(o: { id: string; title?: string; folder: string; kind?: 'chat' | 'claude-code' | 'terminal'; status?: 'working' | 'waiting' | 'idle' | 'error'; parent?: string; ago: number; pinned?: boolean; subtitle?: string }, turns: Array<[kind: 'user' | 'assistant' | 'tool-use' | 'tool-result', text: string, meta?: Record<string, string>]>): void {
  store.sessions.insert({ id: o.id, kind: o.kind ?? 'claude-code', folder: o.folder, position: position++, parentId: o.parent ?? null, status: o.status ?? 'idle', at: now - o.ago });
  if (o.title) store.sessions.setTitle(o.id, { title: o.title, source: 'auto', pinned: false });
  turns.forEach(([kind, text, meta], i) => store.entries.append(o.id, kind, text, meta ?? null, now - o.ago + i * 1000));
  if (o.pinned) store.sessions.setPinned(o.id, true, position);
  if (o.subtitle) store.sessions.setSubtitle(o.id, o.subtitle);
  store.sessions.setUnread(o.id, false);
}

store.transaction(() => {
  session({ id: 'kumquat', title: 'Fix kumquat websocket drops', folder: '/home/dev/src/billing-api', status: 'waiting', ago: 2 * min, pinned: true }, [
    ['user', 'the websocket to kumquat drops every few minutes in staging; can you find out why?'],
    ['assistant', 'The load balancer closes idle connections after **60 s**, and our ping interval is 90 s. I raised the client ping to 25 s and added a reconnect with backoff.'],
    ['tool-use', 'npm test -- websocket', { name: 'Bash', summary: 'npm test -- websocket' }],
    ['tool-result', '42 passed', { name: 'Bash', summary: '42 passed' }],
    ['tool-use', 'src/ws/client.ts', { name: 'Edit', summary: 'src/ws/client.ts (+12 −4)' }],
    ['assistant', 'All websocket tests pass. Should I also add a metric for reconnects?'],
  ]);
  session({ id: 'release', title: 'Release checklist for 1.0', folder: '/home/dev/src/swarmdesk', kind: 'chat', ago: 65 * min, pinned: true }, [
    ['user', 'draft the release checklist for 1.0'],
    ['assistant', 'Here is a checklist: version bump, changelog, signed builds, smoke test on each OS.'],
  ]);
  session({ id: 'retry', title: 'Port retry policy to async', folder: '/home/dev/src/billing-api', status: 'working', ago: 4 * min, subtitle: 'I started the integration tests in the background.' }, [
    ['user', 'port the retry policy in src/retry.ts to async/await'],
  ]);
  session({ id: 'callers', title: 'Search for callers', folder: '/home/dev/src/billing-api', status: 'working', parent: 'retry', ago: 3 * min }, [['user', 'find every caller of retryWithPolicy']]);
  session({ id: 'tests', title: 'Update the tests', folder: '/home/dev/src/billing-api', status: 'working', parent: 'retry', ago: 3 * min }, [['user', 'update the retry tests for the async API']]);
  session({ id: 'login', folder: '/home/dev/src/web', kind: 'chat', ago: 26 * 60 * min }, [['user', 'please fix the login redirect loop on Safari when cookies are blocked']]);
  session({ id: 'aider', title: 'Tidy the CSV importer', folder: '/home/dev/src/tools', kind: 'terminal', status: 'error', ago: 3 * 24 * 60 * min }, [['user', 'aider --model sonnet']]);
});
store.close();

const server = await startServer({ dataDir, env: { SWARMDESK_AMBIENT_PROVIDER: 'off', SWARMDESK_IMPORT: 'off' } });
const executablePath = process.env.SWARMDESK_CHROMIUM ?? ['/usr/bin/chromium'].find((p) => existsSync(p));
const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
  await page.goto(server.url);
  await page.getByRole('listitem', { name: /^Fix kumquat websocket drops/ }).click();
  await page.getByRole('log', { name: 'Transcript' }).getByText('All websocket tests pass').waitFor();
  await page.screenshot({ path: 'docs/screenshot.png' });
  console.log('wrote docs/screenshot.png');
} finally {
  await browser.close();
  await server.stop();
}

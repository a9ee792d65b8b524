import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { displayLabel } from '../../src/shared/label';
import { CoreEvents } from '../../src/main/core/events';
import { openStore, type Store } from '../../src/main/core/store';
import { ImportIndexer } from '../../src/main/core/agents/import/indexer';
import { ImportService } from '../../src/main/core/agents/import/importService';
import { CoreHooks, SessionsService, systemClock } from '../../src/main/core/services';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { startModelServer } from '../support/model-server';
import { until } from '../support/until';
import { createCore } from '../../src/main/core/app';

const FIXTURES = join(__dirname, '../fixtures/import');

/** The sessions service: the importer's only way to write. */
const writer = (store: Store, events = new CoreEvents(), hooks = new CoreHooks()) =>
  new SessionsService({ store, events, hooks, clock: systemClock, defaultFolder: tmpdir() });

const userLine = (sessionId: string, text: string, ts: string) =>
  JSON.stringify({ type: 'user', isSidechain: false, sessionId, cwd: '/home/dev/src/shop', timestamp: ts, message: { role: 'user', content: text } }) + '\n';
const assistantLine = (sessionId: string, text: string, ts: string) =>
  JSON.stringify({ type: 'assistant', isSidechain: false, sessionId, cwd: '/home/dev/src/shop', timestamp: ts, message: { role: 'assistant', content: [{ type: 'text', text }] } }) + '\n';

/** A home with Claude Code and Codex history: a titled session, an untitled one with a truncated tail and bad lines, a placeholder title, a rollout. */
function historyTree(): { claude: string; codex: string; growing: string } {
  const home = mkdtempSync(join(tmpdir(), 'sd-import-it-'));
  const claude = join(home, '.claude/projects');
  const codex = join(home, '.codex/sessions');
  mkdirSync(join(claude, '-home-dev-src-demo'), { recursive: true });
  mkdirSync(join(claude, '-home-dev-src-shop'), { recursive: true });
  mkdirSync(join(codex, '2026/11/20'), { recursive: true });
  copyFileSync(join(FIXTURES, 'claude-code-transcript-example.jsonl'), join(claude, '-home-dev-src-demo/745adb4f-5e02-4f90-a416-84c0d0843717.jsonl'));
  const growing = join(claude, '-home-dev-src-shop/aaaa1111-0000-4000-8000-000000000001.jsonl');
  writeFileSync(
    growing,
    userLine('aaaa1111', 'the checkout button does nothing on mobile', '2026-11-01T10:00:00Z') +
      '{"type":"user", this line is broken\n' +
      '\u0000\u0001garbage\n' +
      assistantLine('aaaa1111', 'The click handler is bound after render.', '2026-11-01T10:00:05Z') +
      '{"type":"assistant","message":{"content":[{"type":"text","text":"half wri',
  );
  writeFileSync(
    join(claude, '-home-dev-src-shop/bbbb2222-0000-4000-8000-000000000002.jsonl'),
    userLine('bbbb2222', 'bump the lodash version', '2026-11-02T10:00:00Z') + JSON.stringify({ type: 'ai-title', aiTitle: 'Untitled' }) + '\n',
  );
  copyFileSync(join(FIXTURES, 'codex-rollout.jsonl'), join(codex, '2026/11/20/rollout-2026-11-20T10-00-00-0199a1b2.jsonl'));
  return { claude, codex, growing };
}

describe('transcript import (real store, real worker thread)', () => {
  let store: Store | null = null;
  let indexer: ImportIndexer | null = null;
  afterEach(async () => {
    await indexer?.stop();
    store?.close();
  });

  it('lists imported sessions with real labels, reports bad lines, and re-runs incrementally', async () => {
    const tree = historyTree();
    store = openStore({ dataDir: mkdtempSync(join(tmpdir(), 'sd-import-data-')) }).store;
    const events = new CoreEvents();
    const changed: string[] = [];
    const added: string[] = [];
    events.subscribe((event, payload) => {
      if (event === 'session:changed') changed.push((payload as { id: string }).id);
      if (event === 'entry:added') added.push((payload as { text: string }).text);
    });
    // Importing is silent: no hook fires, so no ambient work and no agent reacts.
    const hooks = new CoreHooks();
    const fired: string[] = [];
    for (const name of ['entryCommitted', 'sessionCreated', 'userMessage', 'titleChanged'] as const) hooks.on(name, () => void fired.push(name));
    indexer = new ImportIndexer({ store, sessions: writer(store, events, hooks), roots: [{ path: tree.claude, source: 'claude-code' }, { path: tree.codex, source: 'codex' }] });

    const first = await indexer.scan();
    expect(first.counts.files).toBe(4);
    expect(first.counts.badLines).toBe(2);
    expect(first.sessionsCreated).toBe(4);

    const rows = store.sessions.list(false);
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.kind === 'imported')).toBe(true);
    expect(rows.filter((r) => r.unread)).toEqual([]); // old history is not news
    const byBackend = new Map(rows.map((r) => [r.backendId, r]));
    const demo = byBackend.get('745adb4f-5e02-4f90-a416-84c0d0843717');
    expect(demo).toMatchObject({ title: 'Notes folder check', titleSource: 'imported', titlePinned: true, folder: '/home/dev/src/demo' });
    const shop = byBackend.get('aaaa1111');
    expect(shop).toMatchObject({ title: null, folder: '/home/dev/src/shop' });
    expect(displayLabel(shop!, Date.now()).text).toBe('the checkout button does nothing on mobile');
    // "Untitled" from the tool is not a title: the label falls back to what the user said.
    const lodash = byBackend.get('bbbb2222');
    expect(lodash?.title).toBeNull();
    expect(displayLabel(lodash!, Date.now()).text).toBe('bump the lodash version');
    const codex = byBackend.get('0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b');
    expect(codex?.folder).toBe('/home/dev/src/billing');
    expect(displayLabel(codex!, Date.now()).text).toBe('why does the invoice total round down?');
    expect(new Set(changed)).toEqual(new Set(rows.map((r) => r.id)));
    expect(added).toEqual([]); // a whole history is not pushed entry by entry

    // The transcript opens at its last page.
    const page = store.entries.page(shop!.id, undefined, 200);
    expect(page.entries.map((e) => e.text)).toEqual(['the checkout button does nothing on mobile', 'The click handler is bound after render.']);

    // Unchanged: nothing is read again.
    const second = await indexer.scan();
    expect(second.counts.filesUnchanged).toBe(4);
    expect(second.counts.bytesRead).toBe(0);
    expect(store.entries.count(shop!.id)).toBe(2);

    // The truncated line is completed and the session goes on: only the new bytes are read.
    const before = readFileSync(tree.growing).length;
    appendFileSync(tree.growing, 'tten"}]}}\n' + userLine('aaaa1111', 'thanks, ship it', '2026-11-01T10:01:00Z'));
    const third = await indexer.scan();
    expect(third.counts.filesRead).toBe(1);
    expect(third.counts.bytesRead).toBe(readFileSync(tree.growing).length - before + '{"type":"assistant","message":{"content":[{"type":"text","text":"half wri'.length);
    expect(store.entries.page(shop!.id, undefined, 10).entries.map((e) => e.text).slice(-2)).toEqual(['half written', 'thanks, ship it']);
    expect(store.sessions.list(false)).toHaveLength(4);
    // A followed file's few new lines reach an open transcript; still no unread mark, no hook.
    expect(added).toEqual(['half written', 'thanks, ship it']);
    expect(store.sessions.get(shop!.id)?.unread).toBe(false);
    expect(fired).toEqual([]);
    expect(store.integrityProblem()).toBeNull();
  });

  it("stores another tool's title without its control characters: an escape sequence removed whole, a bell and a NUL removed", async () => {
    const tree = historyTree();
    const shop = join(tree.claude, '-home-dev-src-shop');
    writeFileSync(
      join(shop, 'cccc3333-0000-4000-8000-000000000003.jsonl'),
      userLine('cccc3333', 'the login flow loops', '2026-11-03T10:00:00Z') + JSON.stringify({ type: 'ai-title', aiTitle: 'Fix\u0007 login\u001b[31m flow' }) + '\n',
    );
    writeFileSync(
      join(shop, 'dddd4444-0000-4000-8000-000000000004.jsonl'),
      userLine('dddd4444', 'rename me', '2026-11-03T11:00:00Z') + JSON.stringify({ type: 'custom-title', customTitle: '\u001b]0;pwned\u0007Billing\u0000 retries' }) + '\n',
    );
    store = openStore({ dataDir: mkdtempSync(join(tmpdir(), 'sd-import-data-')) }).store;
    indexer = new ImportIndexer({ store, sessions: writer(store), roots: [{ path: tree.claude, source: 'claude-code' }] });
    await indexer.scan();
    const rows = store.sessions.list(false);
    expect(rows.find((r) => r.backendId === 'cccc3333')).toMatchObject({ title: 'Fix login flow', titleSource: 'imported' });
    expect(rows.find((r) => r.backendId === 'dddd4444')).toMatchObject({ title: 'Billing retries', titleSource: 'imported', titlePinned: true });
    const s = store;
    const history = rows.filter((r) => r.backendId === 'cccc3333' || r.backendId === 'dddd4444').flatMap((r) => s.titles.history(r.id).map((i) => i.value));
    expect(history.sort()).toEqual(['Billing retries', 'Fix login flow']);
  });

  it('does not import the transcript of a session Swarmdesk runs itself', async () => {
    const tree = historyTree();
    store = openStore({ dataDir: mkdtempSync(join(tmpdir(), 'sd-import-data-')) }).store;
    store.sessions.insert({ id: 'own', kind: 'claude-code', folder: '/home/dev/src/shop', position: 0, backendId: 'aaaa1111', at: 1 });
    indexer = new ImportIndexer({ store, sessions: writer(store), roots: [{ path: tree.claude, source: 'claude-code' }] });
    const report = await indexer.scan();
    expect(report.sessionsCreated).toBe(2);
    expect(store.sessions.list(false).filter((r) => r.backendId === 'aaaa1111').map((r) => r.kind)).toEqual(['claude-code']);
    expect(store.entries.count('own')).toBe(0);
  });

  it('keeps a user rename made in Swarmdesk and does not bring back a session the user deleted', async () => {
    const tree = historyTree();
    store = openStore({ dataDir: mkdtempSync(join(tmpdir(), 'sd-import-data-')) }).store;
    indexer = new ImportIndexer({ store, sessions: writer(store), roots: [{ path: tree.claude, source: 'claude-code' }] });
    await indexer.scan();
    const rows = store.sessions.list(false);
    const demo = rows.find((r) => r.backendId === '745adb4f-5e02-4f90-a416-84c0d0843717')!;
    const shop = rows.find((r) => r.backendId === 'aaaa1111')!;
    store.sessions.setTitle(demo.id, { title: 'My own name for it', source: 'user', pinned: true });
    store.sessions.softDelete(shop.id, Date.now());

    const demoFile = join(tree.claude, '-home-dev-src-demo/745adb4f-5e02-4f90-a416-84c0d0843717.jsonl');
    appendFileSync(demoFile, JSON.stringify({ type: 'custom-title', customTitle: 'Renamed in the CLI' }) + '\n');
    appendFileSync(tree.growing, 'x"}]}}\n' + userLine('aaaa1111', 'more', '2026-11-01T11:00:00Z'));
    await indexer.scan();
    expect(store.sessions.get(demo.id)?.title).toBe('My own name for it');
    expect(store.sessions.get(shop.id)).toBeNull();
    expect(store.sessions.list(false)).toHaveLength(2);
  });

  it('follows a file as it grows while running, without a manual rescan', async () => {
    const tree = historyTree();
    store = openStore({ dataDir: mkdtempSync(join(tmpdir(), 'sd-import-data-')) }).store;
    indexer = new ImportIndexer({ store, sessions: writer(store), roots: [{ path: tree.claude, source: 'claude-code' }], debounceMs: 100 });
    indexer.start();
    const s = store;
    const poll = { timeoutMs: 15_000, intervalMs: 50 };
    const { id } = await until(() => s.sessions.list(false).find((r) => r.backendId === 'aaaa1111'), { ...poll, message: 'the session to be imported' });
    appendFileSync(tree.growing, 'x"}]}}\n' + userLine('aaaa1111', 'a line written while the app runs', '2026-11-01T12:00:00Z'));
    await until(() => s.entries.page(id, undefined, 5).entries.some((e) => e.text === 'a line written while the app runs'), { ...poll, message: 'the grown file to be followed' });
  });

  it('resumes an imported Claude Code session as a claude-code session with its id, and reports through the service', async () => {
    const tree = historyTree();
    store = openStore({ dataDir: mkdtempSync(join(tmpdir(), 'sd-import-data-')) }).store;
    const events = new CoreEvents();
    const sessions = new SessionsService({ store, events, hooks: new CoreHooks(), clock: systemClock, defaultFolder: tmpdir() });
    const paused: string[] = [];
    const service = new ImportService({
      store,
      sessions,
      env: { SWARMDESK_IMPORT_CLAUDE_DIRS: tree.claude, SWARMDESK_IMPORT_CODEX_DIRS: tree.codex },
      home: '/nonexistent',
      ambient: { pause: (r) => paused.push(`pause ${r}`), resume: (r) => paused.push(`resume ${r}`) },
    });
    const report = await service.rescan();
    expect(report).toMatchObject({ enabled: true, running: false, last: { files: 4, badLines: 2, sessionsCreated: 4 } });
    expect(paused).toEqual(['pause import', 'resume import']);
    const demo = store.sessions.list(false).find((r) => r.backendId === '745adb4f-5e02-4f90-a416-84c0d0843717')!;
    const live = service.resume(demo.id);
    expect(live).toMatchObject({ kind: 'claude-code', backendId: '745adb4f-5e02-4f90-a416-84c0d0843717', folder: '/home/dev/src/demo', title: 'Notes folder check' });
    const codex = store.sessions.list(false).find((r) => r.backendId === '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')!;
    expect(service.resume(codex.id)).toMatchObject({ kind: 'terminal', backendId: 'codex resume 0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' });
    expect(() => service.resume(live.id)).toThrow(/Only an imported session/);
    await service.stop();
  });

  it('the report counts what every scan added: a later scan that adds nothing leaves the first scan\'s sessions counted (issue 28)', async () => {
    const tree = historyTree();
    store = openStore({ dataDir: mkdtempSync(join(tmpdir(), 'sd-import-data-')) }).store;
    const sessions = writer(store);
    const service = new ImportService({
      store,
      sessions,
      env: { SWARMDESK_IMPORT_CLAUDE_DIRS: tree.claude, SWARMDESK_IMPORT_CODEX_DIRS: tree.codex },
      home: '/nonexistent',
      ambient: { pause: () => undefined, resume: () => undefined },
    });
    expect((await service.rescan()).last).toMatchObject({ files: 4, sessionsCreated: 4, sessionsAddedSinceStart: 4, sessionsImported: 4 });
    // A transcript grows (no new session): the last scan added none, the four are still said.
    appendFileSync(tree.growing, 'x"}]}}\n' + userLine('aaaa1111', 'one more line', '2026-11-01T12:00:00Z'));
    expect((await service.rescan()).last).toMatchObject({ files: 4, filesRead: 1, sessionsCreated: 0, sessionsAddedSinceStart: 4, sessionsImported: 4 });
    // A deleted one leaves the list: counted out, not re-imported.
    const one = store.sessions.list(false).find((r) => r.backendId === 'bbbb2222')!;
    sessions.delete(one.id);
    expect((await service.rescan()).last).toMatchObject({ sessionsCreated: 0, sessionsAddedSinceStart: 4, sessionsImported: 3 });
    expect(service.status().last).toMatchObject({ sessionsAddedSinceStart: 4, sessionsImported: 3 });
    await service.stop();
  });

  it('says one notice after the first scan, by tool, and names the tool of each session', async () => {
    const tree = historyTree();
    store = openStore({ dataDir: mkdtempSync(join(tmpdir(), 'sd-import-data-')) }).store;
    const sessions = writer(store);
    const said: string[] = [];
    const service = new ImportService({
      store,
      sessions,
      env: { SWARMDESK_IMPORT_CLAUDE_DIRS: tree.claude, SWARMDESK_IMPORT_CODEX_DIRS: tree.codex },
      home: '/nonexistent',
      notice: (m) => said.push(m),
    });
    service.start();
    const opened = store;
    await until(() => said.length > 0, { timeoutMs: 20_000, message: 'the first import notice' });
    expect(said).toEqual(['Imported 3 sessions from Claude Code and 1 from Codex. 3 lines could not be read and were skipped.']);
    appendFileSync(tree.growing, userLine('aaaa1111', 'and on tablets too', '2026-11-01T11:00:00Z'));
    await service.rescan();
    expect(said).toHaveLength(1); // a later scan says nothing
    const codex = opened.sessions.list(false).find((r) => r.backendId === '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')!;
    const claude = opened.sessions.list(false).find((r) => r.backendId === '745adb4f-5e02-4f90-a416-84c0d0843717')!;
    expect([service.sourceOf(codex.id), service.sourceOf(claude.id)]).toEqual(['codex', 'claude-code']);
    expect(service.sourceOf(sessions.create({ kind: 'chat', folder: tmpdir(), backendId: null }).id)).toBeNull();
    expect(() => service.sourceOf('no-such-session')).toThrow(/does not exist/);
    await service.stop();
  });

  it('is off when the setting or SWARMDESK_IMPORT says so', async () => {
    store = openStore({ dataDir: mkdtempSync(join(tmpdir(), 'sd-import-data-')) }).store;
    const events = new CoreEvents();
    const sessions = new SessionsService({ store, events, hooks: new CoreHooks(), clock: systemClock, defaultFolder: tmpdir() });
    store.settings.set('import.enabled', false);
    const off = new ImportService({ store, sessions, env: {}, home: '/nonexistent' });
    expect(off.status().enabled).toBe(false);
    await expect(off.rescan()).rejects.toThrow(/turned off/);
    store.settings.set('import.enabled', true);
    expect(new ImportService({ store, sessions, env: {}, home: '/nonexistent' }).status().enabled).toBe(true);
    const forcedOff = new ImportService({ store, sessions, env: { SWARMDESK_IMPORT: 'off' }, home: '/nonexistent' });
    expect(forcedOff.status()).toMatchObject({ enabled: false, envOverride: true });
    await expect(forcedOff.setEnabled(true)).rejects.toThrow(/SWARMDESK_IMPORT/);
  });

  it('the switch applies at once: on starts a scan, off stops following', async () => {
    const tree = historyTree();
    store = openStore({ dataDir: mkdtempSync(join(tmpdir(), 'sd-import-data-')) }).store;
    const events = new CoreEvents();
    const sessions = new SessionsService({ store, events, hooks: new CoreHooks(), clock: systemClock, defaultFolder: tmpdir() });
    store.settings.set('import.enabled', false);
    const service = new ImportService({ store, sessions, env: { SWARMDESK_IMPORT_CLAUDE_DIRS: tree.claude }, home: '/nonexistent' });
    service.start();
    expect(store.sessions.list(false)).toHaveLength(0);
    expect((await service.setEnabled(true)).enabled).toBe(true);
    const opened = store;
    await until(() => opened.sessions.list(false).length >= 3, { timeoutMs: 10_000, intervalMs: 50, message: 'three imported sessions' });
    expect(store.sessions.list(false)).toHaveLength(3);
    expect(await service.setEnabled(false)).toMatchObject({ enabled: false, envOverride: false });
    expect(store.settings.get('import.enabled')).toBe(false);
    await service.stop();
  });

  it('imports a transcript the real Claude Code CLI wrote (stand-in model server)', async () => {
    const server = await startModelServer();
    const home = mkdtempSync(join(tmpdir(), 'sd-import-cli-home-'));
    const work = mkdtempSync(join(tmpdir(), 'sd-import-cli-work-'));
    try {
      server.enqueue({ text: 'Kumquats are small citrus fruits.' });
      await new Promise<void>((done, fail) => {
        execFile(
          resolve(__dirname, '../../node_modules/.bin/claude'),
          ['-p', 'what is a kumquat?', '--output-format', 'json'],
          { cwd: work, timeout: 90_000, env: { PATH: process.env.PATH ?? '', HOME: home, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'x', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' } },
          (err) => (err ? fail(err) : done()),
        );
      });
      store = openStore({ dataDir: mkdtempSync(join(tmpdir(), 'sd-import-data-')) }).store;
      indexer = new ImportIndexer({ store, sessions: writer(store), roots: [{ path: join(home, '.claude/projects'), source: 'claude-code' }] });
      const report = await indexer.scan();
      expect(report.counts.badLines).toBe(0);
      const rows = store.sessions.list(false);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind: 'imported', firstUserLine: 'what is a kumquat?' });
      expect(rows[0]?.folder.endsWith(work.split('/').pop() as string)).toBe(true);
      expect(rows[0]?.backendId).toMatch(/^[0-9a-f-]{36}$/);
      const texts = store.entries.page(rows[0]!.id, undefined, 50).entries.map((e) => [e.kind, e.text]);
      expect(texts).toContainEqual(['user', 'what is a kumquat?']);
      expect(texts).toContainEqual(['assistant', 'Kumquats are small citrus fruits.']);
    } finally {
      await server.close();
    }
  });

  it('Resume continues an imported Claude Code session in a claude-code pane with its history (real CLI, --resume)', async () => {
    const server = await startModelServer();
    const home = mkdtempSync(join(tmpdir(), 'sd-import-cli-home-'));
    const work = mkdtempSync(join(tmpdir(), 'sd-import-cli-work-'));
    const claude = resolve(__dirname, '../../node_modules/.bin/claude');
    const env = { PATH: process.env.PATH ?? '', HOME: home, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'x', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' };
    const core = createCore({
      dataDir: mkdtempSync(join(tmpdir(), 'sd-import-data-')),
      platform: { transport: 'web', openExternal: async () => false },
      env: { ...env, SWARMDESK_AMBIENT_PROVIDER: 'off', SWARMDESK_CLAUDE_PATH: claude },
    });
    try {
      server.enqueue({ text: 'Noted: the word is tangerine.' }, { text: 'The word was tangerine.' });
      await new Promise<void>((done, fail) => {
        execFile(claude, ['-p', 'remember the word tangerine', '--output-format', 'json'], { cwd: work, timeout: 90_000, env }, (err) => (err ? fail(err) : done()));
      });
      const call = async <T,>(channel: Parameters<typeof core.router.handle>[0], input: unknown): Promise<T> => {
        const r = await core.router.handle(channel, input, { transport: 'test' });
        if (!r.ok) throw new Error(`${String(channel)}: ${r.error.code} ${r.error.message}`);
        return r.value as T;
      };
      await call('import:rescan', {});
      const rows = await call<Array<{ id: string; kind: string }>>('sessions:list', {});
      const listed = rows.find((r) => r.kind === 'imported');
      expect(listed).toBeDefined();
      // A list row carries what the row shows; the agent's id comes with the whole row.
      const imported = await call<{ id: string; backendId: string | null }>('sessions:get', { id: listed!.id });
      const live = await call<{ id: string; kind: string; backendId: string }>('import:resume', { id: imported!.id });
      expect(live).toMatchObject({ kind: 'claude-code', backendId: imported!.backendId });
      const requestsBefore = server.requests.length;
      await call('sessions:send', { id: live.id, text: 'which word?' });
      await until(async () => (await call<{ entries: Array<{ kind: string }> }>('entries:page', { id: live.id })).entries.some((e) => e.kind === 'assistant'), { timeoutMs: 60_000, intervalMs: 100, message: 'the resumed session to reply' });
      const page = await call<{ entries: Array<{ kind: string; text: string }> }>('entries:page', { id: live.id });
      expect(page.entries.filter((e) => e.kind === 'assistant').map((e) => e.text)).toContain('The word was tangerine.');
      // The CLI resumed the imported conversation: the model saw the earlier turn.
      const sent = server.requests.slice(requestsBefore).map((r) => JSON.stringify(r.body ?? {})).join('\n');
      expect(sent).toContain('remember the word tangerine');
      // The imported session itself did not change.
      expect((await call<{ entries: unknown[] }>('entries:page', { id: imported!.id })).entries).toHaveLength(2);
    } finally {
      await core.close();
      await server.close();
    }
  });
});

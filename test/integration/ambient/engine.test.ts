/**
 * The ambient engine inside a real core (real SQLite file, real router) talking to the
 * stand-in model server through the real Anthropic SDK. Turns are driven the way the
 * agent runtime drives them: entries committed through the sessions service, then the
 * runtime's turn-completed hook.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SwarmCore } from '../../../src/main/core/app';
import { setLogSink } from '../../../src/main/core/logger';
import { createManualClock } from '../../../src/main/core/services';
import { SWEEP_EVERY_MS } from '../../../src/main/core/ambient/features/titles';
import { ambientCores, settle, turn } from '../../support/ambientCore';
import { ok } from '../../support/coreCalls';
import { taggedBlock } from '../../support/model-server-policy';

setLogSink(() => {});

const fx = ambientCores('swarmdesk-ambient-');
const { start: startCore, anthropicEnv } = fx;
let core: SwarmCore;

function kindOf(text: string): string {
  if (text.includes('<current_title>')) return 'title-maintain';
  if (text.includes('<conversation_record>') || text.includes('<latest_exchange>')) return 'pickup-note';
  if (text.includes('<new_activity>')) return 'summary';
  if (text.includes('Predict the single instruction')) return 'next-prompt';
  if (text.includes('<user_message>') || text.includes('<recent_activity>')) return 'title-create';
  return 'other';
}

describe('titles', () => {
  it('a session gets a title after its first completed turn, pushed live, and logged', async () => {
    fx.server.setPolicy((req) => (kindOf(req.lastUserText) === 'title-create' ? { text: 'ANSWER: Fix websocket reconnect drops' } : { text: 'SKIP' }));
    core = startCore(anthropicEnv());
    const changes: string[] = [];
    core.events.subscribe((e, p) => {
      if (e === 'session:changed' && (p as { title: string | null }).title) changes.push((p as { title: string }).title);
    });
    const row = await ok(core, 'sessions:create', { kind: 'chat' });
    const t0 = performance.now();
    turn(core, row.id, 'the websocket drops every few minutes, can you fix the reconnect', 'I raised the ping interval and added a reconnect test.');
    await settle(core);
    const elapsed = performance.now() - t0;
    const after = await ok(core, 'sessions:get', { id: row.id });
    expect(after.title).toBe('Fix websocket reconnect drops');
    expect(after.titleSource).toBe('auto');
    expect(changes).toContain('Fix websocket reconnect drops');
    const log = await ok(core, 'ambient:log', { sessionId: row.id });
    const titleCall = log.find((c) => c.kind === 'title-create');
    expect(titleCall).toMatchObject({ verdict: 'use', provider: 'anthropic' });
    expect(titleCall?.tokensIn).toBeGreaterThan(0);
    console.log(`[figure] turn end → title stored and pushed: ${elapsed.toFixed(0)} ms (stand-in, real SDK)`);
  });

  it('no secret in a transcript reaches the model: every request the stand-in receives holds them masked', async () => {
    fx.server.setPolicy((req) => (kindOf(req.lastUserText) === 'title-create' ? { text: 'ANSWER: Deploy billing service' } : { text: 'SKIP' }));
    core = startCore(anthropicEnv());
    // Fake secrets, assembled at run time so no scanner takes this file for a leak.
    const secrets = [['sk-', 'ant-', 'api03-', 'Qw3rTy6uIo9pAs2dFg5hJk8l'], ['gh', 'p_', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6'], ['AKIA', 'IOSFODNN7EXAMPLE'], ['hunter2-', 'Pa55']].map((p) => p.join(''));
    const row = await ok(core, 'sessions:create', { kind: 'chat' });
    turn(core, row.id, `deploy the billing service with ${secrets[0]} and push with ${secrets[1]}`, `I ran AWS_ACCESS_KEY_ID=${secrets[2]} psql password=${secrets[3]} and deployed it.`);
    await settle(core);
    expect((await ok(core, 'sessions:get', { id: row.id })).title).toBe('Deploy billing service');
    expect(fx.server.requests.length).toBeGreaterThan(0);
    for (const req of fx.server.requests) {
      const sent = JSON.stringify(req.body);
      for (const secret of secrets) expect(sent).not.toContain(secret);
    }
    expect(fx.server.requests.some((r) => r.lastUserText.includes('[secret]'))).toBe(true);
  });

  it.each([
    ['placeholder', 'ANSWER: (none yet)'],
    ['refusal', "ANSWER: I'm sorry, I can't determine a title without more context."],
    ['chatty', 'Sure! Here is a title: Fix the bug'],
    ['multi-line', 'ANSWER: Fix login\nAlso the tests'],
    ['json', '{"title": "Fix login"}'],
    ['untitled', 'ANSWER: Untitled session'],
  ])('a %s reply is never stored; the offline titler answers instead, and it is logged', async (_name, reply) => {
    fx.server.setPolicy(() => ({ text: reply }));
    core = startCore(anthropicEnv());
    const row = await ok(core, 'sessions:create', { kind: 'chat' });
    turn(core, row.id, 'please add retry backoff to the upload client', 'Added exponential backoff.');
    await settle(core);
    const after = await ok(core, 'sessions:get', { id: row.id });
    expect(after.title).toBe('Add retry backoff to the upload client');
    const log = await ok(core, 'ambient:log', { sessionId: row.id });
    const rejected = log.find((c) => c.kind === 'title-create' && c.provider === 'anthropic');
    expect(rejected?.verdict).toBe('reject');
    expect(rejected?.reason).toBeTruthy();
    expect(log.find((c) => c.provider === 'offline')?.verdict).toBe('use');
  });

  it('SKIP on a new user turn keeps the title; a new goal replaces it; a user title pins', async () => {
    const replies: Record<string, string> = { 'title-create': 'ANSWER: Add retry backoff', 'title-maintain': 'SKIP' };
    fx.server.setPolicy((req) => ({ text: replies[kindOf(req.lastUserText)] ?? 'SKIP' }));
    core = startCore(anthropicEnv());
    const row = await ok(core, 'sessions:create', { kind: 'chat' });
    turn(core, row.id, 'add retry backoff to the uploader', 'Done.');
    await settle(core);
    turn(core, row.id, 'also cap it at 30 seconds', 'Capped.');
    await settle(core);
    expect((await ok(core, 'sessions:get', { id: row.id })).title).toBe('Add retry backoff');
    const maintain = fx.server.requests.find((r) => kindOf(r.lastUserText) === 'title-maintain');
    expect(taggedBlock(maintain?.lastUserText ?? '', ['current_title'])).toBe('Add retry backoff');

    replies['title-maintain'] = 'ANSWER: Retry backoff and upload resume';
    turn(core, row.id, 'now make uploads resumable after a crash', 'Added resume.');
    await settle(core);
    expect((await ok(core, 'sessions:get', { id: row.id })).title).toBe('Retry backoff and upload resume');

    await ok(core, 'sessions:rename', { id: row.id, title: 'My upload work' });
    const calls = fx.server.requests.length;
    turn(core, row.id, 'and add a progress bar', 'Added.');
    await settle(core);
    expect((await ok(core, 'sessions:get', { id: row.id })).title).toBe('My upload work');
    expect(fx.server.requests.slice(calls).some((r) => kindOf(r.lastUserText).startsWith('title'))).toBe(false);
    expect((await ok(core, 'sessions:regenerateTitle', { id: row.id })).outcome).toBe('pinned');

    // "Let Swarmdesk title this": unpinned, and titled again right away.
    replies['title-create'] = 'ANSWER: Resumable uploads with progress';
    await ok(core, 'sessions:releaseTitle', { id: row.id });
    await settle(core);
    const released = await ok(core, 'sessions:get', { id: row.id });
    expect(released.title).toBe('Resumable uploads with progress');
    expect(released.titlePinned).toBe(false);
    const history = await ok(core, 'sessions:titleHistory', { id: row.id });
    expect(history.map((h) => h.source)).toEqual(['auto', 'auto', 'user', 'auto']);
  });

  it('the recovery sweep titles a session holding an old placeholder, at start, and previews it', async () => {
    fx.server.setPolicy((req) => ({ text: req.lastUserText.includes('<session_excerpt>') ? 'ANSWER: Porting the billing API to async/await' : 'ANSWER: Port billing API to async' }));
    core = startCore({ SWARMDESK_AMBIENT_PROVIDER: 'off' });
    const row = core.services.sessions.create({ kind: 'imported', title: '(none yet)', titleSource: 'imported' });
    core.services.sessions.appendEntry(row.id, 'user', 'port the billing api to async/await');
    core.services.sessions.appendEntry(row.id, 'assistant', 'Ported.');
    expect(row.title).toBeNull(); // never read back as a title
    await fx.close(core);
    core = startCore(anthropicEnv());
    await settle(core);
    const after = await ok(core, 'sessions:get', { id: row.id });
    expect(after.title).toBe('Port billing API to async');
    expect(after.titleSource).toBe('recovered');
    expect(after.subtitle).toBe('Porting the billing API to async/await');
  });

  it('sessions brought in while an import holds the engine are titled when it ends, not ten minutes later', async () => {
    fx.server.setPolicy((req) => ({ text: req.lastUserText.includes('<session_excerpt>') ? 'ANSWER: Porting the ledger export' : 'ANSWER: Port the ledger export' }));
    const clock = createManualClock(Date.now());
    core = startCore(anthropicEnv(), clock);
    await settle(core);
    core.services.ambient.pause('import');
    const row = core.services.sessions.create({ kind: 'imported' });
    core.services.sessions.appendEntry(row.id, 'user', 'port the ledger export to the new schema');
    core.services.sessions.appendEntry(row.id, 'assistant', 'Ported.');
    await settle(core);
    expect((await ok(core, 'sessions:get', { id: row.id })).title).toBeNull();
    core.services.ambient.resume('import');
    await settle(core);
    const after = await ok(core, 'sessions:get', { id: row.id });
    expect(after.title).toBe('Port the ledger export');
    expect(after.titleSource).toBe('recovered');
  });

  it('with no provider configured, offline titles serve; with "off", nothing runs', async () => {
    core = startCore({});
    expect((await ok(core, 'settings:get', {})).status.effectiveProvider).toBe('offline');
    const row = await ok(core, 'sessions:create', { kind: 'chat' });
    turn(core, row.id, 'Hi! Can you migrate the settings screen to zustand?', 'Done.');
    await settle(core);
    expect((await ok(core, 'sessions:get', { id: row.id })).title).toBe('Migrate the settings screen to zustand');
    expect(fx.server.requests).toHaveLength(0);
    await fx.close(core);

    core = startCore({ SWARMDESK_AMBIENT_PROVIDER: 'off' });
    const other = await ok(core, 'sessions:create', { kind: 'chat' });
    turn(core, other.id, 'migrate the settings screen to zustand', 'Done.');
    await settle(core);
    expect((await ok(core, 'sessions:get', { id: other.id })).title).toBeNull();
    expect(await ok(core, 'ambient:log', { sessionId: other.id })).toHaveLength(0);
  });
});

describe('suggestions, notes, names, narration', () => {
  it('a next prompt appears after a turn, but not when the assistant asks the user something', async () => {
    fx.server.setPolicy((req) => ({ text: kindOf(req.lastUserText) === 'next-prompt' ? 'ANSWER: Add a test for the reconnect path' : 'SKIP' }));
    core = startCore(anthropicEnv());
    const pushed: Array<string | null> = [];
    core.events.subscribe((e, p) => {
      if (e === 'session:suggestion') pushed.push((p as { text: string | null }).text);
    });
    const row = await ok(core, 'sessions:create', { kind: 'chat' });
    turn(core, row.id, 'fix the reconnect', 'Fixed the reconnect logic.');
    await settle(core);
    expect((await ok(core, 'ambient:sessionState', { id: row.id })).suggestion).toBe('Add a test for the reconnect path');
    expect(pushed).toContain('Add a test for the reconnect path');

    const before = fx.server.requests.filter((r) => kindOf(r.lastUserText) === 'next-prompt').length;
    turn(core, row.id, 'and the docs', 'I can update the README or the wiki.\n\nWhich one should I update?');
    await settle(core);
    expect(fx.server.requests.filter((r) => kindOf(r.lastUserText) === 'next-prompt')).toHaveLength(before);
    expect((await ok(core, 'ambient:sessionState', { id: row.id })).suggestion).toBeNull();
  });

  it('a pick-up note on reopen after a restart ends with "How can I help?"', async () => {
    fx.server.setPolicy((req) =>
      kindOf(req.lastUserText) === 'pickup-note'
        ? { text: 'ANSWER: I picked up where we left off. I capped the retry backoff at 30 seconds and the tests pass. How can I help?' }
        : { text: 'SKIP' },
    );
    core = startCore(anthropicEnv());
    const row = await ok(core, 'sessions:create', { kind: 'chat' });
    turn(core, row.id, 'cap the retry backoff at 30 seconds', 'Capped it; tests pass.');
    await ok(core, 'entries:page', { id: row.id });
    await settle(core);
    expect((await ok(core, 'ambient:sessionState', { id: row.id })).pickupNote).toBeNull(); // same run, not idle
    await fx.close(core);
    await new Promise((r) => setTimeout(r, 5));

    core = startCore(anthropicEnv());
    await ok(core, 'entries:page', { id: row.id });
    await settle(core);
    const note = (await ok(core, 'ambient:sessionState', { id: row.id })).pickupNote;
    expect(note?.endsWith('How can I help?')).toBe(true);
    // Typing clears it: it is display-only and never sent.
    core.services.sessions.appendEntry(row.id, 'user', 'thanks, now add jitter');
    expect((await ok(core, 'ambient:sessionState', { id: row.id })).pickupNote).toBeNull();
    const sent = core.services.store.entries.page(row.id, undefined, 50).entries.map((e) => e.text).join('\n');
    expect(sent).not.toContain('How can I help?');
  });

  it('subagents get distinct names at dispatch; a background command is narrated', async () => {
    fx.server.setPolicy((req) => {
      if (req.lastUserText.includes('<task>')) return { text: 'ANSWER: Search for callers' };
      if (req.lastUserText.includes('<command>')) return { text: 'ANSWER: I started the dev server in the background.' };
      return { text: 'SKIP' };
    });
    core = startCore(anthropicEnv());
    const parent = await ok(core, 'sessions:create', { kind: 'chat' });
    const names: string[] = [];
    for (const task of ['find every caller of retry()', 'find every caller of backoff()']) {
      const child = core.services.sessions.create({ kind: 'chat', parentId: parent.id, status: 'working' });
      core.services.sessions.appendEntry(child.id, 'user', task);
      core.services.hooks.emit('subagentStarted', core.services.sessions.get(parent.id), core.services.sessions.get(child.id), task);
      await settle(core);
      names.push((await ok(core, 'sessions:get', { id: child.id })).title ?? '');
    }
    expect(names[0]).toBe('Search for callers');
    expect(names[1]).not.toBe(names[0]);
    expect(names[1]).toMatch(/\S/);
    const second = fx.server.requests.filter((r) => r.lastUserText.includes('<task>')).at(-1);
    expect(taggedBlock(second?.lastUserText ?? '', ['taken_names'])).toBe('Search for callers');

    core.services.hooks.emit('backgroundTaskStarted', core.services.sessions.get(parent.id), 'npm run dev');
    await settle(core);
    expect((await ok(core, 'sessions:get', { id: parent.id })).subtitle).toBe('I started the dev server in the background.');
  });
});

describe('cost', () => {
  it('calls and tokens per 100 turns', async () => {
    fx.server.setPolicy((req) => {
      const k = kindOf(req.lastUserText);
      if (k === 'title-create') return { text: 'ANSWER: Tune the upload pipeline' };
      if (k === 'next-prompt') return { text: 'ANSWER: Run the upload benchmarks again' };
      if (k === 'summary') return { text: 'ANSWER: Goal: tune uploads. Finished: chunk sizes measured. Open: retries.' };
      return { text: 'SKIP' };
    });
    core = startCore(anthropicEnv());
    await ok(core, 'settings:set', { ambient: { budgetPerHour: 10_000 } });
    const row = await ok(core, 'sessions:create', { kind: 'chat' });
    for (let i = 0; i < 100; i += 1) {
      turn(core, row.id, `step ${i}: tune the upload chunk size to ${64 + i} KB and measure`, `Measured ${i}: throughput ${100 + i} MB/s.`);
      await settle(core);
    }
    const log = core.services.store.ambientCalls.recent(10_000).filter((c) => c.provider !== 'offline');
    const byKind = new Map<string, { calls: number; tin: number; tout: number }>();
    for (const c of log) {
      const k = byKind.get(c.kind) ?? { calls: 0, tin: 0, tout: 0 };
      k.calls += 1;
      k.tin += c.tokensIn ?? 0;
      k.tout += c.tokensOut ?? 0;
      byKind.set(c.kind, k);
    }
    const total = [...byKind.values()].reduce((a, k) => ({ calls: a.calls + k.calls, tin: a.tin + k.tin, tout: a.tout + k.tout }), { calls: 0, tin: 0, tout: 0 });
    for (const [k, v] of byKind) console.log(`[figure] per 100 turns: ${k}: ${v.calls} calls, ${v.tin} tokens in, ${v.tout} out (avg in ${(v.tin / v.calls).toFixed(0)})`);
    console.log(`[figure] per 100 turns total: ${total.calls} calls, ${total.tin} tokens in, ${total.tout} out`);
    // At most one title call per user turn, one suggestion per turn, a summary every few turns.
    expect(byKind.get('title-create')?.calls).toBe(1);
    expect(byKind.get('title-maintain')?.calls ?? 0).toBeLessThanOrEqual(100);
    expect(byKind.get('running-summary')?.calls ?? 0).toBeLessThanOrEqual(34);
    expect(log.filter((c) => c.verdict === 'reject')).toEqual([]);
    expect(total.calls).toBeLessThanOrEqual(240);
  });
});

describe('budget', () => {
  it('over the hourly budget no model is called, and offline titles still serve', async () => {
    fx.server.setPolicy(() => ({ text: 'ANSWER: From the model' }));
    core = startCore(anthropicEnv());
    await ok(core, 'settings:set', { ambient: { budgetPerHour: 0 } });
    const row = await ok(core, 'sessions:create', { kind: 'chat' });
    turn(core, row.id, 'please speed up the FTS search for titles', 'Added an index.');
    await settle(core);
    expect(fx.server.requests).toHaveLength(0);
    expect((await ok(core, 'sessions:get', { id: row.id })).title).toBe('Speed up the FTS search for titles');
    expect((await ok(core, 'settings:get', {})).status.callsLastHour).toBe(0);
  });
});

describe('through the real Claude Code CLI', () => {
  it('claude-cli chosen on purpose titles a session', async () => {
    fx.server.setPolicy((req) => ({ text: kindOf(req.lastUserText) === 'title-create' ? 'ANSWER: Speed up search indexing' : 'SKIP' }));
    const home = mkdtempSync(join(tmpdir(), 'swarmdesk-cli-home-'));
    try {
      core = startCore({
        SWARMDESK_AMBIENT_PROVIDER: 'claude-cli',
        SWARMDESK_CLAUDE_PATH: join(process.cwd(), 'node_modules/.bin/claude'),
        SWARMDESK_AMBIENT_MODEL: 'claude-haiku-4-5',
        ANTHROPIC_BASE_URL: fx.server.url,
        ANTHROPIC_API_KEY: 'x',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        HOME: home,
        PATH: process.env.PATH,
      });
      expect((await ok(core, 'settings:get', {})).status).toMatchObject({ effectiveProvider: 'claude-cli', problem: null });
      const row = await ok(core, 'sessions:create', { kind: 'chat' });
      turn(core, row.id, 'the search box is slow with 10k sessions, speed up the indexing', 'Added an FTS index.');
      await settle(core);
      expect((await ok(core, 'sessions:get', { id: row.id })).title).toBe('Speed up search indexing');
      const log = await ok(core, 'ambient:log', { sessionId: row.id });
      expect(log.find((c) => c.kind === 'title-create')).toMatchObject({ provider: 'claude-cli', verdict: 'use' });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('a failing provider', () => {
  it('ends within its bound, keeps the label, and the title is retried later by the sweep', async () => {
    fx.server.setPolicy(() => ({ fault: 'server-error' }));
    const clock = createManualClock(Date.now());
    core = startCore({ ...anthropicEnv(), SWARMDESK_AMBIENT_PROVIDER: 'anthropic' }, clock);
    const row = await ok(core, 'sessions:create', { kind: 'chat' });
    // A first message the offline titler cannot use, so only the model could title it.
    turn(core, row.id, 'continue', 'Continuing with the parser rewrite.');
    const t0 = Date.now();
    await settle(core);
    expect(Date.now() - t0).toBeLessThan(10_000);
    const failed = await ok(core, 'sessions:get', { id: row.id });
    expect(failed.title).toBeNull();
    expect(failed.firstUserLine).toBe('continue');
    const errors = (await ok(core, 'ambient:log', { sessionId: row.id })).filter((c) => c.verdict === 'error');
    expect(errors.length).toBeGreaterThan(0);

    fx.server.setPolicy((req) => ({ text: req.lastUserText.includes('<recent_activity>') ? 'ANSWER: Rewrite the parser' : 'SKIP' }));
    clock.advance(SWEEP_EVERY_MS);
    await settle(core);
    expect((await ok(core, 'sessions:get', { id: row.id })).title).toBe('Rewrite the parser');
  });
});

describe('timing of titles and notes', () => {
  it('titleAfterTurns: 0 never titles automatically; 2 waits for the second turn', async () => {
    fx.server.setPolicy((req) => ({ text: kindOf(req.lastUserText) === 'title-create' ? 'ANSWER: Tune the cache eviction' : 'SKIP' }));
    core = startCore(anthropicEnv());
    await ok(core, 'settings:set', { ambient: { titleAfterTurns: 0 } });
    const never = await ok(core, 'sessions:create', { kind: 'chat' });
    turn(core, never.id, 'tune the cache eviction policy', 'Tuned.');
    await settle(core);
    // The recovery sweep honours the setting too (it also runs when an import ends).
    core.services.ambient.titles.sweep();
    await settle(core);
    expect((await ok(core, 'sessions:get', { id: never.id })).title).toBeNull();

    await ok(core, 'settings:set', { ambient: { titleAfterTurns: 2 } });
    const later = await ok(core, 'sessions:create', { kind: 'chat' });
    turn(core, later.id, 'tune the cache eviction policy', 'Tuned.');
    await settle(core);
    core.services.ambient.titles.sweep();
    await settle(core);
    expect((await ok(core, 'sessions:get', { id: later.id })).title).toBeNull();
    turn(core, later.id, 'and measure the hit rate', 'Hit rate is 93%.');
    await settle(core);
    expect((await ok(core, 'sessions:get', { id: later.id })).title).toBe('Tune the cache eviction');
  });

  it('a pick-up note after a long idle, without a restart', async () => {
    fx.server.setPolicy((req) =>
      kindOf(req.lastUserText) === 'pickup-note' ? { text: 'ANSWER: I picked up where we left off. The cache hit rate is 93 percent. How can I help?' } : { text: 'SKIP' },
    );
    const clock = createManualClock(Date.now());
    core = startCore(anthropicEnv(), clock);
    const row = await ok(core, 'sessions:create', { kind: 'chat' });
    turn(core, row.id, 'measure the cache hit rate', 'Hit rate is 93%.');
    await ok(core, 'entries:page', { id: row.id });
    clock.advance(5 * 60_000);
    await ok(core, 'entries:page', { id: row.id });
    await settle(core);
    expect((await ok(core, 'ambient:sessionState', { id: row.id })).pickupNote).toBeNull(); // a short break: no note
    clock.advance(40 * 60_000);
    await ok(core, 'entries:page', { id: row.id });
    await settle(core);
    expect((await ok(core, 'ambient:sessionState', { id: row.id })).pickupNote).toBe('I picked up where we left off. The cache hit rate is 93 percent. How can I help?');
  });
});

describe('shutdown', () => {
  it('closing the core while a call hangs ends at once and applies nothing late', async () => {
    fx.server.setPolicy(() => ({ fault: 'silence-after-headers' }));
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      core = startCore(anthropicEnv());
      const row = await ok(core, 'sessions:create', { kind: 'chat' });
      turn(core, row.id, 'tune the cache eviction policy', 'Tuned.');
      await fx.server.waitForRequests(1);
      const t0 = Date.now();
      await fx.close(core);
      expect(Date.now() - t0).toBeLessThan(2_000);
      await new Promise((r) => setTimeout(r, 200));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

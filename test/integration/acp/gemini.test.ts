import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../../../src/main/core/logger';
import { until } from '../../support/until';
import { tempDir } from '../agents/helpers';
import { startGeminiStandIn, type GeminiStandIn } from './geminiStandIn';
import { entries, entryOf, ok, startCore, statusBecomes, type Harness } from './harness';

setLogSink(() => {});

/** The real Gemini CLI (`@google/gemini-cli` 0.61, a devDependency) with `--acp`, against a loopback stand-in of its API. */
const GEMINI = resolve(dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.bin/gemini');

let dir: ReturnType<typeof tempDir>;
let h: Harness;
let api: GeminiStandIn;
beforeEach(async () => {
  dir = tempDir('acp-gemini');
  mkdirSync(join(dir.path, '.gemini'), { recursive: true });
  writeFileSync(join(dir.path, '.gemini', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } } }));
  api = await startGeminiStandIn(join(dir.path, 'work'));
  h = startCore(dir.path, {
    env: { SWARMDESK_GEMINI_PATH: GEMINI, GEMINI_API_KEY: 'x', GOOGLE_GEMINI_BASE_URL: api.url, GEMINI_CLI_TRUST_WORKSPACE: 'true' },
  });
});
afterEach(async () => {
  await h.core.close();
  await api.close();
  dir.remove();
});

describe('the real Gemini CLI through ACP', () => {
  it('answers a prompt, then asks permission for a write (its own option names), writes through fs/* once allowed (diff recorded), a rejection leaves the file, Stop ends a turn', async () => {
    const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'gemini' });
    await ok(h, 'sessions:send', { id: row.id, text: 'hi there' });
    await entryOf(h, row.id, 'assistant', /Hello from the stand-in, kumquat\./, 90_000);
    await statusBecomes(h, row.id, 'waiting');
    expect(h.core.services.sessions.get(row.id).backendId).toMatch(/^[0-9a-f-]{36}$/);
    // Its token counts (from the stand-in's usageMetadata, reported in the prompt response's _meta).
    expect((await ok(h, 'sessions:usage', { id: row.id })).total).toMatchObject({ turns: 1, inputTokens: expect.any(Number), costUsd: null });
    expect((await ok(h, 'sessions:usage', { id: row.id })).total.inputTokens).toBeGreaterThan(0);

    // An existing file: Gemini CLI 0.61 reads it through fs/read_text_file first, and cannot take a
    // missing file's JSON-RPC error as "not found" (it stringifies the error object), so it only
    // creates new files through the client when they exist. See agents/acp/README.md.
    writeFileSync(join(h.work, 'notes.txt'), 'old line\n');
    await ok(h, 'sessions:send', { id: row.id, text: 'please write notes.txt' });
    const req = await until(async () => (await ok(h, 'acp:permission', { id: row.id })).request, { timeoutMs: 60_000, message: 'the permission request' });
    expect(req.options.map((o) => o.name)).toEqual(expect.arrayContaining(['Allow', 'Allow for this session', 'Reject']));
    await statusBecomes(h, row.id, 'waiting');
    const allow = req.options.find((o) => o.name === 'Allow');
    await ok(h, 'acp:answerPermission', { id: row.id, requestId: req.requestId, optionId: allow?.optionId ?? '' });
    await entryOf(h, row.id, 'assistant', /Done with the file\./, 60_000);
    expect(readFileSync(join(h.work, 'notes.txt'), 'utf8')).toBe('written by gemini\n');
    const result = entries(h, row.id).find((e) => e.kind === 'tool-result' && e.meta?.diffPaths === 'notes.txt');
    expect(result?.text).toBe('--- a/notes.txt\n+++ b/notes.txt\n-old line\n+written by gemini');
    await statusBecomes(h, row.id, 'waiting');
    expect(api.requests.some((r) => r.includes(':streamGenerateContent'))).toBe(true);

    // Rejected: recorded, the file untouched.
    writeFileSync(join(h.work, 'other.txt'), 'keep me\n');
    await ok(h, 'sessions:send', { id: row.id, text: 'please write other.txt' });
    const second = await until(async () => (await ok(h, 'acp:permission', { id: row.id })).request, { timeoutMs: 60_000, message: 'the second permission request' });
    const reject = second.options.find((o) => o.name === 'Reject');
    await ok(h, 'acp:answerPermission', { id: row.id, requestId: second.requestId, optionId: reject?.optionId ?? '' });
    await entryOf(h, row.id, 'note', /^You chose “Reject”: /);
    await until(() => h.core.services.sessions.get(row.id).status !== 'working', { timeoutMs: 60_000, message: 'the rejected turn to end' });
    expect(readFileSync(join(h.work, 'other.txt'), 'utf8')).toBe('keep me\n');

    // Stop mid-turn: session/cancel, and the turn ends (cancelled) within the bound.
    await ok(h, 'sessions:send', { id: row.id, text: 'wait forever' });
    await until(() => api.requests.filter((r) => r.includes(':streamGenerateContent')).length >= 4, { timeoutMs: 60_000, message: 'the model call of the last turn' });
    const t0 = performance.now();
    await ok(h, 'sessions:stop', { id: row.id });
    expect(performance.now() - t0).toBeLessThan(3_000);
    await statusBecomes(h, row.id, 'idle');
    expect(entries(h, row.id).at(-1)).toMatchObject({ kind: 'note', text: 'Stopped.' });
  }, 240_000);
});

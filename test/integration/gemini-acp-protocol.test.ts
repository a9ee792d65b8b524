import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as acp from '@agentclientprotocol/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGeminiAcp, within, type GeminiAcp, type GeminiAcpOptions } from '../support/geminiAcpClient';
import { makeGeminiHome, STAND_IN_GEMINI_KEY, type GeminiHome } from '../support/geminiHome';
import { answerWordOf } from '../support/geminiScript';
import { startGeminiStandIn, type GeminiStandIn } from '../support/geminiStandIn';
import { until } from '../support/until';
import { tempDir } from './agents/helpers';

/**
 * The real Gemini CLI 0.61 (`gemini --acp`) against the loopback stand-in of the
 * Gemini API, driven through the ACP SDK's client side directly (issue 16): the
 * evidence that the stand-in and the test home make the real agent speak the real
 * protocol, before any Swarmdesk code is involved. One gemini process per test; its
 * process group is gone at the end of each.
 */

const TURN_MS = 60_000;
const BOUND = { timeoutMs: TURN_MS };

let standIn: GeminiStandIn;
let gh: GeminiHome;
const folders: Array<{ remove: () => void }> = [];
let running: GeminiAcp | null = null;
const startups: number[] = [];

beforeAll(async () => {
  standIn = await startGeminiStandIn();
  // A key of another provider in the parent's environment must not matter: the run's env is built from nothing.
  gh = makeGeminiHome(standIn.url);
});

afterEach(async () => {
  const g = running;
  running = null;
  if (g) {
    await g.stop();
    expect(g.child.exitCode !== null || g.child.signalCode !== null).toBe(true);
  }
});

afterAll(async () => {
  // The figure the app's UX depends on: how long a new ACP session waits for gemini.
  console.log(`gemini --acp, spawn to initialize answered (ms): ${startups.map((ms) => Math.round(ms)).join(', ')}`);
  await standIn.close();
  gh.remove();
  for (const f of folders) f.remove();
});

/** A fresh folder (its real path: gemini reports real paths) and gemini started in it. */
async function open(options: GeminiAcpOptions = {}): Promise<{ g: GeminiAcp; folder: string; sessionId: string; session: acp.NewSessionResponse }> {
  const dir = tempDir('gemini-acp');
  folders.push(dir);
  const folder = realpathSync(dir.path);
  const g = await startGeminiAcp(folder, gh.env, options);
  running = g;
  startups.push(g.startupMs);
  const session = await within(g.agent.request('session/new', { cwd: folder, mcpServers: [] }), TURN_MS, 'session/new');
  return { g, folder, sessionId: session.sessionId, session };
}

function prompt(g: GeminiAcp, sessionId: string, text: string): Promise<acp.PromptResponse> {
  return g.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text }] });
}

type ToolUpdate = Extract<acp.SessionUpdate, { sessionUpdate: 'tool_call_update' }>;
const toolUpdates = (g: GeminiAcp): ToolUpdate[] =>
  g.updates.filter((u): u is ToolUpdate => u.sessionUpdate === 'tool_call_update');

describe('gemini --acp against the stand-in (real CLI, ACP SDK client)', () => {
  it('initializes, opens a session with its modes, and answers a prompt with streamed text', async () => {
    const { g, sessionId, session } = await open();
    expect(g.initialize.agentInfo?.name).toBe('gemini-cli');
    expect(g.initialize.authMethods?.map((m) => m.id)).toContain('gemini-api-key');
    expect(session.modes?.availableModes.map((m) => m.id)).toEqual(expect.arrayContaining(['default', 'autoEdit']));
    expect(session.modes?.currentModeId).toBe('default');

    const seen = standIn.requests.length;
    const done = await within(prompt(g, sessionId, 'tell me about marmalade'), TURN_MS, 'the end of the turn');
    expect(done.stopReason).toBe('end_turn');
    expect(g.messageText()).toBe(`You asked about marmalade. The word for it here is ${answerWordOf('marmalade')}.`);
    expect(g.updates.filter((u) => u.sessionUpdate === 'agent_message_chunk').length).toBeGreaterThan(1);

    // What reached the stand-in: the routing call and one streamed turn, with gemini's own key only.
    const mine = standIn.requests.slice(seen);
    expect(mine.map((r) => r.action)).toEqual(['generateContent', 'streamGenerateContent']);
    expect(mine[0]?.structured).toBe(true);
    for (const r of mine) {
      expect(r.headers['x-goog-api-key']).toBe(STAND_IN_GEMINI_KEY);
      expect(r.headers['x-api-key']).toBeUndefined();
      expect(r.headers.authorization).toBeUndefined();
      expect(Object.keys(r.headers).filter((h) => h.startsWith('anthropic') || h.startsWith('openai'))).toEqual([]);
    }
    expect(mine[1]?.last).toEqual({ kind: 'prompt', prompt: 'tell me about marmalade' });
    expect(standIn.notFound()).toEqual([]);
    expect(g.stderr()).not.toMatch(/error/i);
  });

  it('a write_file call asks permission: allowed once it writes through fs/write_text_file with the diff; asked again and rejected it writes nothing', async () => {
    const { g, folder, sessionId } = await open();
    const file = join(folder, 'notes.txt');
    writeFileSync(file, 'old line\n');

    // First: allowed once.
    const first = prompt(g, sessionId, 'write notes.txt with: first version\n');
    const asked = await until(() => g.permissions[0], { ...BOUND, message: 'the first permission request' });
    expect(asked.params.sessionId).toBe(sessionId);
    expect(asked.params.toolCall.kind).toBe('edit');
    expect(asked.params.toolCall.locations?.map((l) => l.path)).toEqual([file]);
    expect(asked.params.options.map((o) => [o.name, o.kind])).toEqual([
      ['Allow for this session', 'allow_always'],
      ['Allow', 'allow_once'],
      ['Reject', 'reject_once'],
    ]);
    // Nothing is written while the request waits.
    expect(g.fsCalls.filter((c) => c.method === 'fs/write_text_file')).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe('old line\n');
    const allowOnce = asked.params.options.find((o) => o.kind === 'allow_once');
    asked.answer(allowOnce?.optionId ?? '');
    expect((await within(first, TURN_MS, 'the end of the first turn')).stopReason).toBe('end_turn');

    expect(readFileSync(file, 'utf8')).toBe('first version\n');
    const writes = g.fsCalls.filter((c) => c.method === 'fs/write_text_file');
    expect(writes).toEqual([{ method: 'fs/write_text_file', path: file, content: 'first version\n', refused: false }]);
    expect(g.fsCalls.some((c) => c.method === 'fs/read_text_file' && c.path === file)).toBe(true);
    expect(g.fsCalls.filter((c) => c.refused)).toEqual([]);
    const completed = toolUpdates(g).find((u) => u.toolCallId === asked.params.toolCall.toolCallId && u.status === 'completed');
    expect(completed?.content).toEqual([
      expect.objectContaining({ type: 'diff', path: file, oldText: 'old line\n', newText: 'first version\n' }),
    ]);
    const firstResult = standIn.turns().at(-1)?.last;
    expect(firstResult?.kind).toBe('toolResult');
    expect(g.messageText()).toContain('Successfully overwrote file');

    // Second: "Allow" was for once, so the same call asks again; rejected, nothing is written.
    const mark = g.updates.length;
    const second = prompt(g, sessionId, 'write notes.txt with: second version\n');
    const again = await until(() => g.permissions[1], { ...BOUND, message: 'the second permission request' });
    expect(again.params.toolCall.toolCallId).not.toBe(asked.params.toolCall.toolCallId);
    const reject = again.params.options.find((o) => o.kind === 'reject_once');
    expect(reject?.name).toBe('Reject');
    again.answer(reject?.optionId ?? '');
    expect((await within(second, TURN_MS, 'the end of the second turn')).stopReason).toBe('end_turn');

    expect(readFileSync(file, 'utf8')).toBe('first version\n');
    expect(g.fsCalls.filter((c) => c.method === 'fs/write_text_file')).toHaveLength(1);
    const rejected = standIn.turns().at(-1)?.last;
    expect(rejected?.kind === 'toolResult' ? rejected.results[0]?.response.error : null).toMatch(/canceled by the user/);
    expect(toolUpdates(g).filter((u) => u.toolCallId === again.params.toolCall.toolCallId && u.status === 'completed')).toEqual([]);
    expect(g.messageText(mark)).toContain('canceled by the user');
    expect(standIn.notFound()).toEqual([]);
  });

  it('a write outside the folder is refused by gemini itself: no permission asked, nothing written', async () => {
    const { g, sessionId } = await open();
    const outside = tempDir('gemini-outside');
    folders.push(outside);
    const target = join(realpathSync(outside.path), 'escape.txt');
    const done = await within(prompt(g, sessionId, `write ${target} with: escaped\n`), TURN_MS, 'the end of the turn');
    expect(done.stopReason).toBe('end_turn');
    expect(g.permissions).toEqual([]);
    expect(g.fsCalls.filter((c) => c.method === 'fs/write_text_file')).toEqual([]);
    expect(existsSync(target)).toBe(false);
    const result = standIn.turns().at(-1)?.last;
    expect(result?.kind === 'toolResult' ? result.results[0]?.response.error : null).toMatch(/not in workspace/i);
  });

  /*
   * A new file. write_file first reads the file through the client to show a diff; the
   * client answers a missing one with ACP's "resource not found" (-32002). Gemini 0.61
   * turns only an Error whose message says "Resource not found" into ENOENT, but its
   * JSON-RPC layer rejects with the plain error object, so the write fails with "Error
   * checking existing file" (gemini-cli #9280). Without `fs.readTextFile` advertised it
   * reads the disk itself and the new file is written through fs/write_text_file.
   */
  it('a new file: with fs.readTextFile advertised gemini 0.61 cannot create it (its bug); without, it writes it through fs/write_text_file', async () => {
    const withRead = await open();
    const fresh = join(withRead.folder, 'fresh.txt');
    const failed = await within(prompt(withRead.g, withRead.sessionId, 'write fresh.txt with: brand new\n'), TURN_MS, 'the end of the turn');
    expect(failed.stopReason).toBe('end_turn');
    expect(withRead.g.fsCalls.length).toBeGreaterThan(0);
    expect(withRead.g.fsCalls.filter((c) => c.method !== 'fs/read_text_file' || c.path !== fresh)).toEqual([]);
    expect(withRead.g.permissions).toEqual([]);
    expect(existsSync(fresh)).toBe(false);
    const error = standIn.turns().at(-1)?.last;
    expect(error?.kind === 'toolResult' ? error.results[0]?.response.error : null).toMatch(/^Error checking existing file: Resource not found/);
    await withRead.g.stop();

    const noRead = await open({ readTextFile: false });
    const created = join(noRead.folder, 'fresh.txt');
    const turn = prompt(noRead.g, noRead.sessionId, 'write fresh.txt with: brand new\n');
    const asked = await until(() => noRead.g.permissions[0], { ...BOUND, message: 'the permission request for the new file' });
    asked.answer(asked.params.options.find((o) => o.kind === 'allow_once')?.optionId ?? '');
    expect((await within(turn, TURN_MS, 'the end of the turn')).stopReason).toBe('end_turn');
    expect(readFileSync(created, 'utf8')).toBe('brand new\n');
    expect(noRead.g.fsCalls).toEqual([{ method: 'fs/write_text_file', path: created, content: 'brand new\n', refused: false }]);
    const diff = toolUpdates(noRead.g).find((u) => u.status === 'completed')?.content?.[0];
    expect(diff).toMatchObject({ type: 'diff', path: created, newText: 'brand new\n' });
  });

  it('session/cancel mid-turn ends the turn as cancelled and gemini drops its stream', async () => {
    const { g, sessionId } = await open();
    const turn = prompt(g, sessionId, 'answer slow please');
    const streaming = await standIn.waitFor((r) => r.action === 'streamGenerateContent' && r.last.kind === 'prompt' && r.last.prompt === 'answer slow please', TURN_MS, 'the slow turn');
    await until(() => g.messageText().includes('still thinking slowly 3;'), { ...BOUND, message: 'three trickled pieces' });
    const cancelledAt = performance.now();
    await g.agent.notify('session/cancel', { sessionId });
    const done = await within(turn, 20_000, 'the cancelled turn to end');
    expect(done.stopReason).toBe('cancelled');
    console.log(`gemini --acp, session/cancel to the prompt's answer (ms): ${Math.round(performance.now() - cancelledAt)}`);
    await until(() => streaming.clientClosed, { timeoutMs: 20_000, message: 'gemini to close the slow stream' });
    expect(g.messageText()).not.toContain('the slow reply ends');
  });
});

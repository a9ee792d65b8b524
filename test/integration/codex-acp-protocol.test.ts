/**
 * The real Codex, through the real codex-acp adapter, driven over stdio by the ACP SDK's client
 * against a loopback stand-in of the OpenAI Responses API (issue 16: "can Codex be driven here?").
 * How codex-acp is set up (CODEX_HOME, HOME, provider, sandbox and approval): test/support/openaiCodexAcp.ts.
 *
 * Runs codex-acp from SWARMDESK_CODEX_ACP_PATH, else the project's node_modules/.bin, else a scratch
 * install in /tmp/codex-try; skipped, saying so, when there is none.
 */
import * as acp from '@agentclientprotocol/sdk';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeRepo } from '../support/gitRepo';
import {
  choose,
  CODEX_TEST_KEY,
  CODEX_TEST_KEY_VAR,
  CODEX_TEST_MODEL,
  findCodexAcp,
  groupMembers,
  messageText,
  permissionAt,
  startCodexAcp,
  toolUpdates,
  type CodexAcpAgent,
  type StartCodexAcpOptions,
} from '../support/openaiCodexAcp';
import { startResponsesStandIn, type ResponsesStandIn } from '../support/openaiResponsesStandIn';
import { until } from '../support/until';

const codexAcp = findCodexAcp(resolve(import.meta.dirname, '../..'));
const SKIP_REASON = 'no codex-acp: set SWARMDESK_CODEX_ACP_PATH or install @zed-industries/codex-acp';
const title = 'codex-acp against a Responses API stand-in';
const MODEL = CODEX_TEST_MODEL;
const KEY = CODEX_TEST_KEY;
const KEY_VAR = CODEX_TEST_KEY_VAR;

let standIn: ResponsesStandIn;
let work: string;
let project: string;
let agent: CodexAcpAgent | null = null;

function startAgent(options: Partial<StartCodexAcpOptions> = {}): Promise<CodexAcpAgent> {
  return startCodexAcp({ bin: codexAcp as string, baseUrl: standIn.baseUrl, work, cwd: project, ...options });
}

function newSession(a: CodexAcpAgent): Promise<acp.NewSessionResponse> {
  return a.ctx.request('session/new', { cwd: project, mcpServers: [] });
}

function prompt(a: CodexAcpAgent, sessionId: string, text: string): Promise<acp.PromptResponse> {
  return a.ctx.request('session/prompt', { sessionId, prompt: [{ type: 'text', text }] });
}

// Says why in the run's output when there is nothing to drive.
// (Only then: with codex-acp present, as a devDependency makes it, no placeholder counts as skipped.)
if (codexAcp === null) it(title, (ctx) => ctx.skip(SKIP_REASON));

describe.skipIf(codexAcp === null)(title, () => {
  beforeEach(async () => {
    standIn = await startResponsesStandIn();
    work = mkdtempSync(join(tmpdir(), 'sd-codex-acp-'));
    project = makeRepo('project');
  });

  afterEach(async () => {
    await agent?.stop();
    agent = null;
    await standIn.close();
    rmSync(work, { recursive: true, force: true });
    rmSync(resolve(project, '..'), { recursive: true, force: true });
  });

  it('initializes, opens a session in the project and answers a text prompt from the stand-in', async () => {
    agent = await startAgent();
    expect(agent.init.agentInfo?.name).toBe('codex-acp');
    expect(agent.init.protocolVersion).toBe(acp.PROTOCOL_VERSION);
    // Its auth methods: a ChatGPT login and two keys by environment variable.
    expect(agent.init.authMethods?.map((m) => m.id)).toEqual(['chatgpt', 'codex-api-key', 'openai-api-key']);

    const session = await newSession(agent);
    // Its modes are approval presets; "untrusted" with full access matches none, so it offers none,
    // only its model and reasoning effort as config options.
    expect(session.modes ?? null).toBeNull();
    expect(session.configOptions?.find((o) => o.id === 'model')).toMatchObject({ currentValue: MODEL });
    standIn.enqueue({ text: 'Hello from the Responses stand-in.' });
    const result = await prompt(agent, session.sessionId, 'Say hello');

    expect(result.stopReason).toBe('end_turn');
    expect(messageText(agent)).toBe('Hello from the Responses stand-in.');
    expect(standIn.requests).toHaveLength(1);
    const req = standIn.requests[0]!;
    expect(req.model).toBe(MODEL);
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.lastUserText).toBe('Say hello');
    expect(req.toolNames).toEqual(expect.arrayContaining(['exec_command', 'apply_patch']));
  });

  it('runs a shell command after the user allows it once, then sends the output back and ends the turn', async () => {
    agent = await startAgent();
    const session = await newSession(agent);
    standIn.enqueue(
      { toolCalls: [{ type: 'function', name: 'exec_command', callId: 'call_cmd', arguments: { cmd: "printf 'made by codex\\n' > made.txt && cat made.txt" } }] },
      { text: 'I wrote made.txt.' },
    );
    const turn = prompt(agent, session.sessionId, 'Write made.txt');

    const asked = await permissionAt(agent, 0);
    expect(asked.params.toolCall.toolCallId).toBe('call_cmd');
    expect(asked.params.options.map((o) => [o.optionId, o.kind])).toEqual([
      ['approved', 'allow_once'],
      ['approved-execpolicy-amendment', 'allow_always'],
      ['abort', 'reject_once'],
    ]);
    expect(asked.params.options[0]?.name).toBe('Yes, proceed');
    expect(existsSync(join(project, 'made.txt'))).toBe(false);
    choose(asked, 'allow_once');

    expect((await turn).stopReason).toBe('end_turn');
    expect(readFileSync(join(project, 'made.txt'), 'utf8')).toBe('made by codex\n');
    const calls = toolUpdates(agent, 'call_cmd');
    expect(calls[0]).toMatchObject({ sessionUpdate: 'tool_call', kind: 'execute' });
    expect(calls.at(-1)).toMatchObject({ sessionUpdate: 'tool_call_update', status: 'completed' });
    expect(standIn.requests).toHaveLength(2);
    expect(standIn.requests[1]?.toolOutputs.get('call_cmd')).toMatch(/exited with code 0[\s\S]*made by codex/);
    expect(messageText(agent)).toBe('I wrote made.txt.');
  });

  it('asks before an apply_patch edit and reports it as an edit with its diff', async () => {
    agent = await startAgent();
    const session = await newSession(agent);
    const patch = '*** Begin Patch\n*** Add File: notes.txt\n+first line\n+second line\n*** End Patch\n';
    standIn.enqueue({ toolCalls: [{ type: 'custom', name: 'apply_patch', callId: 'call_patch', input: patch }] }, { text: 'Added notes.txt.' });
    const turn = prompt(agent, session.sessionId, 'Add notes.txt');

    const asked = await permissionAt(agent, 0);
    expect(asked.params.toolCall).toMatchObject({ toolCallId: 'call_patch', kind: 'edit' });
    expect(asked.params.options.map((o) => [o.name, o.kind])).toEqual([
      ['Yes', 'allow_once'],
      ['No, provide feedback', 'reject_once'],
    ]);
    choose(asked, 'allow_once');

    expect((await turn).stopReason).toBe('end_turn');
    const notes = join(project, 'notes.txt');
    expect(readFileSync(notes, 'utf8')).toBe('first line\nsecond line\n');
    const done = toolUpdates(agent, 'call_patch').at(-1);
    expect(done).toMatchObject({ status: 'completed', locations: [{ path: notes }] });
    expect(done && 'content' in done ? done.content : null).toEqual([{ type: 'diff', path: notes, newText: 'first line\nsecond line\n' }]);
    expect(standIn.requests[1]?.toolOutputs.get('call_patch')).toMatch(/Success/);
  });

  it('with the defaults of Codex, starts a session in Read Only, offers its three presets, and runs commands unasked in Full Access', async () => {
    agent = await startAgent({ codexDefaults: true });
    const session = await newSession(agent);
    expect(session.modes?.currentModeId).toBe('read-only');
    expect(session.modes?.availableModes.map((m) => [m.id, m.name])).toEqual([
      ['read-only', 'Read Only'],
      ['auto', 'Default'],
      ['full-access', 'Full Access'],
    ]);

    await agent.ctx.request('session/set_mode', { sessionId: session.sessionId, modeId: 'full-access' });
    standIn.enqueue({ toolCalls: [{ type: 'function', name: 'exec_command', callId: 'call_free', arguments: { cmd: 'touch free.txt' } }] }, { text: 'Touched.' });
    expect((await prompt(agent, session.sessionId, 'Touch free.txt')).stopReason).toBe('end_turn');

    expect(existsSync(join(project, 'free.txt'))).toBe(true);
    expect(agent.permissions).toHaveLength(0);
    expect(toolUpdates(agent, 'call_free').at(-1)).toMatchObject({ status: 'completed' });
  });

  it('ends the turn as cancelled when the user rejects, without running the command or asking the model again', async () => {
    agent = await startAgent();
    const session = await newSession(agent);
    standIn.enqueue({ toolCalls: [{ type: 'function', name: 'exec_command', callId: 'call_no', arguments: { cmd: 'touch refused.txt' } }] });
    const turn = prompt(agent, session.sessionId, 'Touch refused.txt');

    choose(await permissionAt(agent, 0), 'reject_once');

    expect((await turn).stopReason).toBe('cancelled');
    expect(existsSync(join(project, 'refused.txt'))).toBe(false);
    expect(standIn.requests).toHaveLength(1);
  });

  it('cancels a turn from session/cancel while a permission request is pending (Stop)', async () => {
    agent = await startAgent();
    const session = await newSession(agent);
    standIn.enqueue({ toolCalls: [{ type: 'function', name: 'exec_command', callId: 'call_stop', arguments: { cmd: 'touch stopped.txt' } }] });
    const turn = prompt(agent, session.sessionId, 'Touch stopped.txt');
    const asked = await permissionAt(agent, 0);

    await agent.ctx.notify('session/cancel', { sessionId: session.sessionId });
    // ACP: the client answers its pending permission requests with `cancelled`.
    asked.answer({ outcome: { outcome: 'cancelled' } });

    expect((await turn).stopReason).toBe('cancelled');
    expect(existsSync(join(project, 'stopped.txt'))).toBe(false);
  });

  it('cancels a turn whose model reply has not arrived yet', async () => {
    agent = await startAgent();
    const session = await newSession(agent);
    standIn.enqueue({ text: 'too late', hold: true });
    const turn = prompt(agent, session.sessionId, 'Take your time');
    await until(() => standIn.held === 1, { timeoutMs: 30_000, message: 'the held model request' });

    await agent.ctx.notify('session/cancel', { sessionId: session.sessionId });

    expect((await turn).stopReason).toBe('cancelled');
    expect(messageText(agent)).not.toContain('too late');
  });

  it('ends with its whole process group on SIGTERM (the npm wrapper and the native binary)', async () => {
    agent = await startAgent();
    const session = await newSession(agent);
    standIn.enqueue({ text: 'ready' });
    await prompt(agent, session.sessionId, 'Are you there?');
    const pgid = agent.child.pid as number;
    // Through the npm wrapper: node plus the binary it runs with spawnSync; the binary alone when given directly.
    expect(groupMembers(pgid).length).toBeGreaterThanOrEqual(1);

    expect(await agent.stop()).toBe('term');
    expect(groupMembers(pgid)).toEqual([]);
    agent = null;
  });

  it('resumes a session with session/load in a new process: the history is replayed and sent to the model', async () => {
    agent = await startAgent();
    expect(agent.init.agentCapabilities?.loadSession).toBe(true);
    const { sessionId } = await newSession(agent);
    standIn.enqueue({ text: 'Noted.' });
    await prompt(agent, sessionId, 'Remember the word PELICAN');
    await agent.stop();

    agent = await startAgent();
    await agent.ctx.request('session/load', { sessionId, cwd: project, mcpServers: [] });
    const replayed = agent.updates.map((n) => n.update);
    expect(replayed).toContainEqual(expect.objectContaining({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'Remember the word PELICAN' } }));
    expect(replayed).toContainEqual(expect.objectContaining({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Noted.' } }));
    standIn.enqueue({ text: 'It was PELICAN.' });
    expect((await prompt(agent, sessionId, 'What was the word?')).stopReason).toBe('end_turn');

    const input = standIn.requests[1]?.body?.['input'] as Array<Record<string, unknown>>;
    const said = input.filter((i) => i['type'] === 'message' && i['role'] !== 'developer').map((i) => JSON.stringify(i['content']));
    expect(said.join('\n')).toMatch(/Remember the word PELICAN[\s\S]*Noted\.[\s\S]*What was the word\?/);
  });

  it('fails the prompt with an error naming the variable when the provider key is missing', async () => {
    agent = await startAgent({ withoutKey: true });
    const { sessionId } = await newSession(agent);

    const failed = prompt(agent, sessionId, 'hello');

    await expect(failed).rejects.toMatchObject({ code: -32603, data: { message: `Missing environment variable: \`${KEY_VAR}\`.` } });
    expect(standIn.requests).toHaveLength(0);
  });

  it('fails the prompt with a plain message when the provider answers 500 (retries turned off)', async () => {
    // By default Codex retries (5 stream reconnects, each with request retries): about 30 requests and 28 s here.
    agent = await startAgent({ config: ['model_providers.standin.request_max_retries=0', 'model_providers.standin.stream_max_retries=0'] });
    const { sessionId } = await newSession(agent);
    standIn.enqueue({ httpError: 500 });

    const failed = prompt(agent, sessionId, 'hello');

    await expect(failed).rejects.toMatchObject({ code: -32603, data: { message: expect.any(String) } });
    expect(standIn.requests).toHaveLength(1);
  });
});

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../../../src/main/core/logger';
import { until } from '../../support/until';
import { tempDir } from '../agents/helpers';
import { startResponsesStandIn, type RecordedResponsesRequest, type ResponsesStandIn, type StandInReply } from '../../support/openaiResponsesStandIn';
import { entries, entryOf, ok, startCore, statusBecomes, type Harness } from './harness';

setLogSink(() => {});

/** Codex through `@zed-industries/codex-acp` (installed as a dependency here), against a loopback stand-in of the Responses API. */
const CODEX_ACP = resolve(dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.bin/codex-acp');

let dir: ReturnType<typeof tempDir>;
let h: Harness;
let api: ResponsesStandIn;
beforeEach(async () => {
  dir = tempDir('acp-codex');
  const codexHome = join(dir.path, 'codex-home');
  mkdirSync(codexHome);
  const work = join(dir.path, 'work');
  // The last message decides: a command's output → a short text; "run <command>" → exec_command in the folder; else a greeting.
  const policy = (req: RecordedResponsesRequest): StandInReply => {
    if (req.toolOutputs.size > 0 && /run /.test(req.lastUserText)) return { text: 'Done with the command.' };
    const run = /run (.+)$/.exec(req.lastUserText);
    if (run) return { toolCalls: [{ type: 'function', name: 'exec_command', callId: 'call_1', arguments: { cmd: run[1], workdir: work } }] };
    return { text: 'Hello from the Codex stand-in.' };
  };
  api = await startResponsesStandIn({ policy });
  // Its own CODEX_HOME: the stand-in as provider; commands run unsandboxed (root in a container) and ask first.
  writeFileSync(
    join(codexHome, 'config.toml'),
    [
      'model = "gpt-5"',
      'model_provider = "standin"',
      'approval_policy = "untrusted"',
      'sandbox_mode = "danger-full-access"',
      '[model_providers.standin]',
      'name = "stand-in"',
      `base_url = "${api.baseUrl}"`,
      'env_key = "CODEX_API_KEY"',
      'wire_api = "responses"',
      '',
    ].join('\n'),
  );
  h = startCore(dir.path, { env: { SWARMDESK_CODEX_ACP_PATH: CODEX_ACP, CODEX_API_KEY: 'x', CODEX_HOME: codexHome } });
});
afterEach(async () => {
  await h.core.close();
  await api.close();
  dir.remove();
});

describe.skipIf(!existsSync(CODEX_ACP))('Codex through codex-acp', () => {
  it('answers a prompt; a command asks permission, runs once allowed, and the turn goes on with its output', async () => {
    const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'codex' });
    await ok(h, 'sessions:send', { id: row.id, text: 'hi' });
    await entryOf(h, row.id, 'assistant', /Hello from the Codex stand-in\./, 60_000);
    await statusBecomes(h, row.id, 'idle');

    await ok(h, 'sessions:send', { id: row.id, text: 'please run echo hi > notes.txt' });
    const req = await until(async () => (await ok(h, 'acp:permission', { id: row.id })).request, { timeoutMs: 60_000, message: 'the permission request' });
    expect(req).toMatchObject({ title: 'echo hi > notes.txt', toolKind: 'execute' });
    // Codex's own words for its options.
    expect(req.options.map((o) => [o.name, o.kind])).toEqual([
      ['Yes, proceed', 'allow_once'],
      ["Yes, and don't ask again for commands that start with `/bin/bash -lc echo hi > notes.txt`", 'allow_always'],
      ['No, and tell Codex what to do differently', 'reject_once'],
    ]);
    await ok(h, 'acp:answerPermission', { id: row.id, requestId: req.requestId, optionId: req.options[0]?.optionId ?? '' });
    await entryOf(h, row.id, 'assistant', /Done with the command\./, 60_000);
    await statusBecomes(h, row.id, 'idle');
    expect(readFileSync(join(h.work, 'notes.txt'), 'utf8')).toBe('hi\n');
    const use = entries(h, row.id).find((e) => e.kind === 'tool-use');
    expect(use?.meta).toMatchObject({ toolCallId: 'call_1', tool: 'execute', summary: 'echo hi > notes.txt' });
    expect(entries(h, row.id).find((e) => e.kind === 'tool-result')?.meta).toMatchObject({ toolCallId: 'call_1', isError: false });
    expect(entries(h, row.id).find((e) => e.kind === 'note' && e.meta?.permission === 'answered')?.text).toBe('You chose “Yes, proceed”: echo hi > notes.txt');
    expect(api.requests).toHaveLength(3);
  }, 180_000);

  it('lists its models (the config option of category model) and takes a choice through session/set_config_option', async () => {
    const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'codex' });
    await ok(h, 'sessions:send', { id: row.id, text: 'hi' });
    await entryOf(h, row.id, 'assistant', /Hello from the Codex stand-in\./, 60_000);
    await statusBecomes(h, row.id, 'idle');
    const options = await ok(h, 'acp:sessionOptions', { id: row.id });
    // Its reasoning-effort option is not a model. Its presets (Read Only, Default, Full Access) came as no
    // `modes` and no config option of category mode with this test's config (approval "untrusted", sandbox
    // "danger-full-access", which is none of the presets; not checked with another config).
    expect(options.models?.current).toBe('gpt-5');
    expect(options.models?.available.length).toBeGreaterThan(1);
    const other = options.models?.available.find((m) => m.id !== 'gpt-5');
    expect((await ok(h, 'acp:setModel', { id: row.id, modelId: other?.id ?? '' })).models?.current).toBe(other?.id);
    expect((await ok(h, 'acp:sessionOptions', { id: row.id })).models?.current).toBe(other?.id);
  }, 120_000);
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type SwarmCore } from '../../../src/main/core/app';
import { setLogSink } from '../../../src/main/core/logger';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../src/shared/ipc/contract';
import { startModelServer, type ModelServer, type RecordedRequest } from '../../support/model-server';
import { until } from '../../support/until';
import { agentCoreEnv, tempDir } from './helpers';

/**
 * The real Claude Code CLI in a Claude Code session of a real core, against the stand-in model server,
 * is offered Swarmdesk's MCP server (issue 33): a scripted `tool_use` of mcp__swarmdesk__set_session_title
 * reaches the server, the host judges the title, and the tool's result the CLI sends back to the model says
 * whether it was used. A placeholder is refused and the agent told so; a good title becomes the row's, as
 * the agent's.
 */
setLogSink(() => {});

const TOOL = 'mcp__swarmdesk__set_session_title';
let server: ModelServer;
let dir: ReturnType<typeof tempDir>;
let core: SwarmCore | null = null;

async function ok<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  if (!core) throw new Error('no core');
  const r = await core.router.handle(channel, input, { transport: 'test' });
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
  return r.value as ChannelOutput<C>;
}

/** The texts of every tool_result the CLI sent in this request, in order. */
function toolResults(req: RecordedRequest): string[] {
  const messages = (req.body?.messages ?? []) as Array<{ content?: unknown }>;
  const out: string[] = [];
  for (const m of messages) {
    if (!Array.isArray(m.content)) continue;
    for (const block of m.content as Array<{ type?: string; content?: unknown }>) {
      if (block.type !== 'tool_result') continue;
      const c = block.content;
      out.push(typeof c === 'string' ? c : Array.isArray(c) ? c.map((x: { text?: string }) => x.text ?? '').join('') : '');
    }
  }
  return out;
}

/** The agent's own requests (with its tools; our tool is among the deferred ones Claude Code lists by name only). */
const agentRequest = (req: RecordedRequest): boolean => ((req.body?.tools ?? []) as unknown[]).length > 0;

beforeEach(async () => {
  server = await startModelServer();
  dir = tempDir('claude-mcp');
});
afterEach(async () => {
  await core?.close();
  core = null;
  await server.close();
  dir.remove();
});

describe('set_session_title from the real Claude Code CLI (issue 33)', () => {
  it('a placeholder is refused and the agent told why; a good title becomes the row’s, source agent', async () => {
    // The agent's turn: a placeholder first, then a real title once told, then a closing line.
    server.setPolicy((req) => {
      if (!agentRequest(req)) return { text: 'OK' };
      const results = toolResults(req);
      if (results.length === 0) return { content: [{ type: 'tool_use', name: TOOL, input: { title: 'Untitled' } }] };
      if (results.length === 1) return { content: [{ type: 'tool_use', name: TOOL, input: { title: 'Port the billing API to async' } }] };
      return { text: 'Titled.' };
    });
    core = createCore({ dataDir: `${dir.path}/data`, platform: { transport: 'web', openExternal: async () => false }, env: agentCoreEnv(server.url, dir.path), defaultFolder: dir.path });
    const row = await ok('sessions:create', { kind: 'claude-code', folder: dir.path });
    await ok('sessions:send', { id: row.id, text: 'port the billing API to async' });

    await until(() => core?.services.sessions.get(row.id).title === 'Port the billing API to async', { timeoutMs: 90_000, message: 'the agent’s title on the row' });
    expect(await ok('sessions:get', { id: row.id })).toMatchObject({ titleSource: 'agent', titlePinned: false });
    await until(() => server.requests.some((r) => toolResults(r).length === 2), { timeoutMs: 30_000, message: 'both tool results sent back' });
    const results = toolResults(server.requests.find((r) => toolResults(r).length === 2) as RecordedRequest);
    expect(results[0]).toMatch(/^Not used: /);
    // Claude Code appends a note of its own to a deferred tool's first result.
    expect(results[1]?.startsWith('The session is titled “Port the billing API to async”.')).toBe(true);
  }, 150_000);
});

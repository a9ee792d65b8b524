/**
 * Swarmdesk's set_session_title MCP server (issue 33) over real stdio, as an agent's MCP client runs it,
 * against a real core (real SQLite file, real loopback report endpoint): the handshake, the tool listed,
 * a good title used (the row's title, source agent), a placeholder refused and said why, a pinned title
 * kept, another session's token or none refused, a mute host answered as a tool error within its bound.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type SwarmCore } from '../../src/main/core/app';
import { setLogSink } from '../../src/main/core/logger';
import { scriptCommand } from '../../src/main/core/agents/sessionReports/scriptCommand';
import { ok } from '../support/coreCalls';
import { McpStdioClient } from '../support/mcpStdioClient';

setLogSink(() => {});

let dataDir: string;
let core: SwarmCore | null = null;
const clients: McpStdioClient[] = [];

/** The server as the core offers it (from sources here: Node strips its types), with a session's variables. */
function startServer(env: Record<string, string>): McpStdioClient {
  const command = scriptCommand('mcp-server');
  if (command === null) throw new Error('no MCP server script');
  const client = new McpStdioClient(command.argv, { PATH: process.env.PATH ?? '', ...command.env, ...env });
  clients.push(client);
  return client;
}

interface ToolResult {
  content: Array<{ type: string; text: string }>;
  isError: boolean;
}

async function callTitle(client: McpStdioClient, title: unknown): Promise<ToolResult> {
  const reply = await client.request('tools/call', { name: 'set_session_title', arguments: { title } });
  expect(reply.error).toBeUndefined();
  return reply.result as unknown as ToolResult;
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'swarmdesk-mcp-'));
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  await core?.close();
  core = null;
  rmSync(dataDir, { recursive: true, force: true });
});

async function coreWithSession() {
  core = createCore({ dataDir, platform: { transport: 'web', openExternal: async () => false }, env: { PATH: process.env.PATH }, defaultFolder: '/tmp' });
  const row = await ok(core, 'sessions:create', { kind: 'chat' });
  await core.services.reports.listen();
  return { core, row };
}

describe('the set_session_title MCP server (real stdio, real core)', () => {
  it('answers the handshake and lists its one tool; a good title is used as the agent’s, a placeholder refused and said why', async () => {
    const { core: c, row } = await coreWithSession();
    const client = startServer(c.services.reports.issue(row.id).env);

    const init = await client.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } });
    expect(init.result).toMatchObject({ protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'swarmdesk' } });
    client.notify('notifications/initialized');
    const list = await client.request('tools/list');
    const tools = (list.result as { tools: Array<{ name: string; inputSchema: { required: string[] } }> }).tools;
    expect(tools.map((t) => t.name)).toEqual(['set_session_title']);
    expect(tools[0]?.inputSchema.required).toEqual(['title']);

    const refused = await callTitle(client, 'Untitled');
    expect(refused.isError).toBe(true);
    expect(refused.content[0]?.text).toMatch(/^Not used: /);
    expect((await ok(c, 'sessions:get', { id: row.id })).title).toBeNull();

    const used = await callTitle(client, 'Port the billing API to async');
    expect(used).toEqual({ content: [{ type: 'text', text: 'The session is titled “Port the billing API to async”.' }], isError: false });
    expect(await ok(c, 'sessions:get', { id: row.id })).toMatchObject({ title: 'Port the billing API to async', titleSource: 'agent' });

    const unknown = await client.request('tools/call', { name: 'delete_everything', arguments: {} });
    expect(unknown.error?.code).toBe(-32602);
    expect((await client.request('no/such')).error?.code).toBe(-32601);
    expect(await client.close()).toBe(0);
    expect(client.stderr).toBe('');
  });

  it('a pinned title is kept (the agent told so); another session’s token, or none, changes nothing', async () => {
    const { core: c, row } = await coreWithSession();
    const other = await ok(c, 'sessions:create', { kind: 'chat' });
    await ok(c, 'sessions:rename', { id: row.id, title: 'Billing work' });

    const mine = startServer(c.services.reports.issue(row.id).env);
    const pinned = await callTitle(mine, 'Billing API cleanup');
    expect(pinned.isError).toBe(true);
    expect(pinned.content[0]?.text).toMatch(/^Not used: /);
    expect((await ok(c, 'sessions:get', { id: row.id })).title).toBe('Billing work');

    // The other session's token, naming this session: refused by the endpoint.
    const theirs = c.services.reports.issue(other.id).env;
    const wrong = startServer({ ...theirs, SWARMDESK_SESSION_ID: row.id });
    const refused = await callTitle(wrong, 'Hijacked title here');
    expect(refused).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/refused this session's token/) }] });
    const outside = startServer({});
    expect((await callTitle(outside, 'Some title here')).content[0]?.text).toMatch(/does not run in a Swarmdesk session/);
    expect((await ok(c, 'sessions:get', { id: row.id })).title).toBe('Billing work');
    expect((await ok(c, 'sessions:get', { id: other.id })).title).toBeNull();
  });

  it('a host that takes the connection and never answers: a tool error within a few seconds', async () => {
    const sockets: Socket[] = [];
    const mute: Server = createServer((s) => void sockets.push(s));
    await new Promise<void>((r) => mute.listen(0, '127.0.0.1', r));
    const port = (mute.address() as { port: number }).port;
    try {
      const client = startServer({ SWARMDESK_SESSION_ID: 's1', SWARMDESK_SESSION_TOKEN: 'x'.repeat(43), SWARMDESK_REPORT_URL: `http://127.0.0.1:${port}/report` });
      await client.request('ping');
      const started = performance.now();
      const result = await callTitle(client, 'Port the billing API to async');
      const ms = performance.now() - started;
      expect(result).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/did not answer within 3 s/) }] });
      expect(ms).toBeGreaterThan(2_500);
      expect(ms).toBeLessThan(6_000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => mute.close(r));
    }
  });
});

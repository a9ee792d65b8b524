// Swarmdesk's MCP server (issue 33): an agent's MCP client runs it over stdio as
// `<node> mcp-server.js` (or the app's own binary with `--swarmdesk-run mcp-server`,
// scriptCommand.ts). It offers one tool, `set_session_title(title)`, and posts the
// title to the session's report endpoint with the session's own token from the
// environment (SWARMDESK_SESSION_ID, _TOKEN, _REPORT_URL); the tool's reply is the
// host's answer (used, or why not). MCP's stdio transport by hand (newline-framed
// JSON-RPC 2.0: initialize, ping, tools/list, tools/call): self-contained, node
// built-ins only, like the reporter, so a remote host's bundle needs nothing else.
// Prints only protocol messages on stdout; ends when stdin ends.
import { request } from 'node:http';

/** A hung host: the tool answers with an error by then. */
const HOST_TIMEOUT_MS = 3_000;
/** One message at most this long (a title call is a few hundred bytes). */
const MAX_LINE_BYTES = 1024 * 1024;
const MAX_TITLE_CHARS = 2_000;
const TOOL = 'set_session_title';
const PROTOCOL_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];
const LATEST_PROTOCOL = '2025-06-18';

type Id = string | number;
interface ToolResult {
  content: Array<{ type: 'text'; text: string }>;
  isError: boolean;
}

const TOOL_SPEC = {
  name: TOOL,
  title: 'Set session title',
  description:
    "Names this Swarmdesk session: a short title (a few words) saying what the work is about, shown in the user's session list. " +
    'Swarmdesk judges it like any title (placeholders and generic words are refused), never replaces a title the user set, and takes at most one a minute; the reply says whether it was used and why not.',
  inputSchema: {
    type: 'object',
    properties: { title: { type: 'string', description: 'The title, a few words (e.g. "Port the billing API to async").' } },
    required: ['title'],
    additionalProperties: false,
  },
};

function send(message: object): void {
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
}

const reply = (text: string, isError: boolean): ToolResult => ({ content: [{ type: 'text', text }], isError });

/** The host's answer to a title report: its status and body, or why there is none. */
function postTitle(url: string, token: string, body: string): Promise<{ status: number; body: string } | { failed: string }> {
  return new Promise((resolve) => {
    const req = request(url, {
      method: 'POST',
      timeout: HOST_TIMEOUT_MS,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    // The whole exchange is bounded, not only each quiet stretch of the socket.
    const timer = setTimeout(() => req.destroy(new Error('timeout')), HOST_TIMEOUT_MS);
    const finish = (value: { status: number; body: string } | { failed: string }): void => {
      clearTimeout(timer);
      resolve(value);
    };
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => finish({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, 16_000) }));
      res.on('error', () => finish({ failed: 'its answer broke off' }));
    });
    req.on('error', (err) => finish({ failed: err.message === 'timeout' ? `it did not answer within ${HOST_TIMEOUT_MS / 1000} s` : 'it could not be reached (is Swarmdesk running?)' }));
    req.end(body);
  });
}

async function setTitle(args: unknown): Promise<ToolResult> {
  const title = typeof args === 'object' && args !== null ? (args as Record<string, unknown>).title : undefined;
  if (typeof title !== 'string' || title.trim() === '') return reply('Not used: give the title as the text argument "title".', true);
  if (title.length > MAX_TITLE_CHARS) return reply(`Not used: a title is a few words (this one has ${title.length} characters).`, true);
  const { SWARMDESK_SESSION_ID: sessionId, SWARMDESK_SESSION_TOKEN: token, SWARMDESK_REPORT_URL: url } = process.env;
  if (!sessionId || !token || !url || !url.startsWith('http://127.0.0.1:')) return reply('Not used: this agent does not run in a Swarmdesk session (no session token in its environment).', true);
  const answer = await postTitle(url, token, JSON.stringify({ sessionId, kind: 'title', title }));
  if ('failed' in answer) return reply(`Not used: Swarmdesk's session host ${answer.failed}.`, true);
  if (answer.status === 401 || answer.status === 403) return reply("Not used: Swarmdesk refused this session's token (the session may have ended).", true);
  if (answer.status !== 200) return reply(`Not used: Swarmdesk answered ${answer.status}.`, true);
  let result: unknown;
  try {
    result = JSON.parse(answer.body);
  } catch {
    result = null;
  }
  const r = result as { used?: unknown; message?: unknown } | null;
  if (typeof r?.used !== 'boolean' || typeof r.message !== 'string') return reply("Not used: Swarmdesk's answer could not be read.", true);
  return reply(r.message, !r.used);
}

async function handle(message: unknown): Promise<void> {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return send({ id: null, error: { code: -32600, message: 'Invalid request.' } });
  const { id, method, params } = message as { id?: Id; method?: unknown; params?: Record<string, unknown> };
  if (id === undefined || id === null) return; // a notification (initialized, cancelled): nothing to answer
  if (typeof method !== 'string') return send({ id, error: { code: -32600, message: 'Invalid request.' } });
  switch (method) {
    case 'initialize': {
      const asked = params?.protocolVersion;
      const protocolVersion = typeof asked === 'string' && PROTOCOL_VERSIONS.includes(asked) ? asked : LATEST_PROTOCOL;
      return send({ id, result: { protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'swarmdesk', version: '1.0.0' } } });
    }
    case 'ping':
      return send({ id, result: {} });
    case 'tools/list':
      return send({ id, result: { tools: [TOOL_SPEC] } });
    case 'tools/call':
      if (params?.name !== TOOL) return send({ id, error: { code: -32602, message: `Unknown tool: ${String(params?.name).slice(0, 80)}` } });
      return send({ id, result: await setTitle(params.arguments) });
    default:
      return send({ id, error: { code: -32601, message: `Method not found: ${method.slice(0, 80)}` } });
  }
}

function serve(): void {
  let buffered = '';
  let pending = 0;
  let ended = false;
  const exitWhenDone = (): void => {
    if (ended && pending === 0) process.exit(0);
  };
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    buffered += chunk;
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
      if (line === '') continue;
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        send({ id: null, error: { code: -32700, message: 'Parse error.' } });
        continue;
      }
      pending += 1;
      void handle(message)
        .catch(() => undefined)
        .finally(() => {
          pending -= 1;
          exitWhenDone();
        });
    }
    if (Buffer.byteLength(buffered) > MAX_LINE_BYTES) {
      buffered = '';
      send({ id: null, error: { code: -32600, message: 'Message too large.' } });
    }
  });
  const end = (): void => {
    ended = true;
    exitWhenDone();
  };
  process.stdin.on('end', end);
  process.stdin.on('error', end);
}

serve();

import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in of the OpenAI Responses API, just enough for Codex through codex-acp
 * (issue 16; its provider's `base_url` points here): the last input item decides: a command's
 * output → a short text; a user message asking to "run <command>" → an `exec_command` call in
 * `folder`; anything else → a greeting.
 */
export interface CodexStandIn {
  readonly url: string;
  readonly requests: number;
  close(): Promise<void>;
}

function stream(res: ServerResponse, item: Record<string, unknown>): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const ev = (type: string, o: object): void => void res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...o })}\n\n`);
  ev('response.created', { response: { id: 'resp_1' } });
  ev('response.output_item.added', { output_index: 0, item: item.type === 'message' ? { ...item, content: [] } : item });
  if (item.type === 'message') {
    const text = (item.content as Array<{ text: string }>)[0]?.text ?? '';
    ev('response.output_text.delta', { output_index: 0, content_index: 0, item_id: item.id, delta: text });
  }
  ev('response.output_item.done', { output_index: 0, item });
  ev('response.completed', { response: { id: 'resp_1', usage: { input_tokens: 12, input_tokens_details: { cached_tokens: 0 }, output_tokens: 6, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 18 } } });
  res.end();
}

const message = (text: string) => ({ type: 'message', id: 'msg_1', role: 'assistant', content: [{ type: 'output_text', text }] });

export async function startCodexStandIn(folder: string): Promise<CodexStandIn> {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      if (!(req.url ?? '').endsWith('/responses')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{}');
        return;
      }
      requests += 1;
      const input = (JSON.parse(body) as { input?: Array<{ type?: string; role?: string; content?: Array<{ text?: string }> }> }).input ?? [];
      const last = input.at(-1);
      if (last?.type === 'function_call_output') return stream(res, message('Done with the command.'));
      const asked = (last?.content ?? []).map((c) => c.text ?? '').join(' ');
      const run = /run (.+)$/.exec(asked);
      if (run) return stream(res, { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'exec_command', arguments: JSON.stringify({ cmd: run[1], workdir: folder }) });
      return stream(res, message('Hello from the Codex stand-in.'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in of the Gemini API, just enough for Gemini CLI 0.61 `--acp` (issue 16): the
 * routing call (`:generateContent`) picks flash; `:streamGenerateContent?alt=sse` answers the
 * last content: a tool result → a short text; a user text asking to "write <file>" → a
 * `write_file` call in the session's folder; "wait forever" → no answer at all; anything else → a greeting.
 */
export interface GeminiStandIn {
  readonly url: string;
  readonly requests: string[];
  close(): Promise<void>;
}

interface Part {
  text?: string;
  functionResponse?: unknown;
}

function sse(res: ServerResponse, parts: object[]): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.write(`data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }], usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 } })}\r\n\r\n`);
  res.end();
}

export async function startGeminiStandIn(folder: string): Promise<GeminiStandIn> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      requests.push(`${req.method} ${req.url}`);
      const url = req.url ?? '';
      if (url.includes(':streamGenerateContent')) {
        const contents = (JSON.parse(body) as { contents?: Array<{ parts?: Part[] }> }).contents ?? [];
        const last = contents.at(-1)?.parts ?? [];
        if (last.some((p) => p.functionResponse !== undefined)) return sse(res, [{ text: 'Done with the file.' }]);
        const asked = last.map((p) => p.text ?? '').join(' ');
        // A model that never answers (a turn to stop): headers, then nothing.
        if (asked.includes('wait forever')) {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          return undefined;
        }
        const write = /write (\S+)/.exec(asked);
        if (write) return sse(res, [{ functionCall: { name: 'write_file', args: { file_path: `${folder}/${write[1]}`, content: 'written by gemini\n' } } }]);
        return sse(res, [{ text: 'Hello from the stand-in, kumquat.' }]);
      }
      if (url.includes(':generateContent')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: '{"reasoning":"simple","model_choice":"flash"}' }] }, finishReason: 'STOP', index: 0 }] }));
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

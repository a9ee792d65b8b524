import { spawn, type ChildProcess } from 'node:child_process';

/** A JSON-RPC reply as an MCP server sends it. */
export interface McpReply {
  readonly id: number | string | null;
  readonly result?: Record<string, unknown>;
  readonly error?: { code: number; message: string };
}

/**
 * An MCP client over real stdio (newline-framed JSON-RPC, as Claude Code and Gemini CLI speak it) for a
 * server run as `argv` with `env`. `request` resolves with the reply of that id; `close` ends stdin and
 * waits for the process to exit (with its code).
 */
export class McpStdioClient {
  private readonly child: ChildProcess;
  private nextId = 1;
  private buffered = '';
  private readonly waiting = new Map<number, (reply: McpReply) => void>();
  readonly replies: McpReply[] = [];
  stderr = '';
  readonly exited: Promise<number | null>;

  constructor(argv: readonly string[], env: NodeJS.ProcessEnv) {
    const [command = '', ...args] = argv;
    this.child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
    this.child.stderr?.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.child.stdout?.on('data', (d: Buffer) => {
      this.buffered += d.toString();
      let nl = this.buffered.indexOf('\n');
      while (nl >= 0) {
        const reply = JSON.parse(this.buffered.slice(0, nl)) as McpReply;
        this.buffered = this.buffered.slice(nl + 1);
        nl = this.buffered.indexOf('\n');
        this.replies.push(reply);
        if (typeof reply.id === 'number') this.waiting.get(reply.id)?.(reply);
      }
    });
  }

  request(method: string, params?: object): Promise<McpReply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) })}\n`);
    });
  }

  notify(method: string): void {
    this.child.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', method })}\n`);
  }

  writeRaw(line: string): void {
    this.child.stdin?.write(line);
  }

  /** Ends stdin (the server then exits) and waits; kills it if it lingers past 5 s. */
  async close(): Promise<number | null> {
    this.child.stdin?.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }
}

// The hook reporter (SPEC §8, terminal status): an agent CLI's hook runs it as
// `<node> hook-reporter.js <agent>` (claude, gemini: the hook's JSON on stdin;
// codex: its notify JSON as the last argument). It tells the session's report
// endpoint which event happened, with the session's own token from the
// environment, and nothing else. It must never disturb the agent: it prints
// nothing (a UserPromptSubmit hook's output becomes model context; Gemini parses
// stdout), always exits 0 (exit 2 from Stop would block stopping), and within
// ~200 ms even when the host is gone. Self-contained (node built-ins only): it
// starts in ~50 ms, run from its own bundle entry (electron.vite.config.ts) or,
// from sources, by Node's type stripping.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Everything is over by then, answered or not. */
const DEADLINE_MS = 180;
/** A hook's JSON is read up to this much: only its first fields are used. */
const MAX_INPUT_BYTES = 64 * 1024;
const AGENTS = new Set(['claude', 'gemini', 'codex']);

const done = (): never => process.exit(0);
process.on('uncaughtException', done);
process.on('unhandledRejection', done);
setTimeout(done, DEADLINE_MS);

/** A short plain field of the hook's JSON (event names, notification types), else undefined. */
function field(input: unknown, name: string): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const value = (input as Record<string, unknown>)[name];
  return typeof value === 'string' && value.length <= 64 ? value : undefined;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function readStdin(): Promise<string> {
  return new Promise((resolve) => {
    if (process.stdin.isTTY) return resolve('');
    const chunks: Buffer[] = [];
    let size = 0;
    process.stdin.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= MAX_INPUT_BYTES) {
        process.stdin.destroy();
        resolve(Buffer.concat(chunks).subarray(0, MAX_INPUT_BYTES).toString('utf8'));
      }
    });
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', () => resolve(''));
  });
}

/** A TOML array of strings (`["a", 'b']`: basic strings with JSON's escapes, literal strings as they are), else null. */
function tomlStrings(text: string): string[] | null {
  const out: string[] = [];
  const item = /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)')\s*(,|\])/y;
  if (!text.startsWith('[')) return null;
  item.lastIndex = 1;
  for (;;) {
    const m = item.exec(text);
    if (!m) return /^\[\s*\]/.test(text) ? out : null;
    const value = m[1] !== undefined ? parse(`"${m[1]}"`) : m[2];
    if (typeof value !== 'string') return null;
    out.push(value);
    if (m[3] === ']') return out;
  }
}

/**
 * Codex allows one notify program: ours is set for the run (`-c notify=[…]`), so the user's own (the
 * top-level `notify = [...]` of `$CODEX_HOME/config.toml`) is started after ours, detached, as Codex would.
 */
function runUsersCodexNotify(payload: string): void {
  let config = '';
  try {
    config = readFileSync(join(process.env.CODEX_HOME || join(homedir(), '.codex'), 'config.toml'), 'utf8');
  } catch {
    return;
  }
  const top = config.split(/^\s*\[/m)[0] ?? '';
  const line = /^\s*notify\s*=\s*(\[.*\])\s*(#.*)?$/m.exec(top);
  const [program, ...args] = (line?.[1] ? tomlStrings(line[1]) : null) ?? [];
  if (!program) return;
  const child = spawn(program, [...args, payload], { detached: true, stdio: 'ignore' });
  child.on('error', () => undefined);
  child.unref();
}

function post(url: string, token: string, body: string): Promise<void> {
  return new Promise((resolve) => {
    const req = request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve());
    });
    req.on('error', () => resolve());
    req.end(body);
  });
}

async function main(): Promise<void> {
  const agent = process.argv[2] ?? '';
  const codexPayload = agent === 'codex' ? (process.argv[process.argv.length - 1] ?? '') : '';
  if (agent === 'codex') runUsersCodexNotify(codexPayload);
  const { SWARMDESK_SESSION_ID: sessionId, SWARMDESK_SESSION_TOKEN: token, SWARMDESK_REPORT_URL: url } = process.env;
  if (!AGENTS.has(agent) || !sessionId || !token || !url || !url.startsWith('http://127.0.0.1:')) return;
  const input = parse(agent === 'codex' ? codexPayload.slice(0, MAX_INPUT_BYTES) : await readStdin());
  const event = field(input, 'hook_event_name') ?? field(input, 'type');
  if (event === undefined) return;
  const notificationType = field(input, 'notification_type');
  await post(url, token, JSON.stringify({ sessionId, kind: 'status', agent, event, ...(notificationType ? { notificationType } : {}) }));
}

void main().then(done, done);

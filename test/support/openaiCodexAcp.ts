/**
 * The real codex-acp (Codex through the Agent Client Protocol) for tests: found on disk, started in a
 * process group of its own against a Responses API stand-in (openaiResponsesStandIn.ts), connected
 * through the ACP SDK's client, and ended with its whole group.
 *
 * Set up as a container running as root needs it: a CODEX_HOME and a HOME of the test's own (the HOME
 * keeps the login shell Codex runs commands in away from the user's rc files), a model provider whose
 * `base_url` is the stand-in and whose key comes from its `env_key` variable, `sandbox_mode =
 * "danger-full-access"` (Codex's workspace sandbox needs a bubblewrap binary codex-acp does not ship)
 * and `approval_policy = "untrusted"`, so every command and edit asks permission.
 */
import * as acp from '@agentclientprotocol/sdk';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { until } from './until';

/** A model Codex 0.171 has metadata for (an unknown one makes it print a warning as an agent message). */
export const CODEX_TEST_MODEL = 'gpt-5.4-mini';
/** The variable the stand-in provider's key comes from, and the key. */
export const CODEX_TEST_KEY_VAR = 'SWARMDESK_TEST_STANDIN_KEY';
export const CODEX_TEST_KEY = 'sk-standin-codex';

/** codex-acp from SWARMDESK_CODEX_ACP_PATH, else `<root>/node_modules/.bin`, else the scratch install in /tmp/codex-try. */
export function findCodexAcp(root: string): string | null {
  const candidates = [process.env['SWARMDESK_CODEX_ACP_PATH'], join(root, 'node_modules/.bin/codex-acp'), '/tmp/codex-try/node_modules/.bin/codex-acp'];
  return candidates.find((p): p is string => typeof p === 'string' && p !== '' && existsSync(p)) ?? null;
}

export interface PendingPermission {
  readonly params: acp.RequestPermissionRequest;
  answer(response: acp.RequestPermissionResponse): void;
}

export interface CodexAcpAgent {
  readonly child: ChildProcess;
  readonly ctx: acp.ClientContext;
  readonly init: acp.InitializeResponse;
  readonly updates: acp.SessionNotification[];
  /** Permission requests as they arrive; each waits until the test answers it. */
  readonly permissions: PendingPermission[];
  readonly stderr: () => string;
  /** Closes the connection and ends its process group: SIGTERM, then SIGKILL after 5 s. Says which did it. */
  stop(): Promise<'gone' | 'term' | 'kill'>;
}

export interface StartCodexAcpOptions {
  readonly bin: string;
  /** The stand-in's `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string;
  /** A folder of the test's own: CODEX_HOME and HOME go under it (a second start reuses them). */
  readonly work: string;
  /** The agent's working directory. */
  readonly cwd: string;
  /** Leave the provider's key out of the agent's environment. */
  readonly withoutKey?: boolean;
  /** `-c key=value` overrides on codex-acp's command line. */
  readonly config?: readonly string[];
  /** Leave approval_policy and sandbox_mode out of config.toml: Codex's own defaults, as a new user has them. */
  readonly codexDefaults?: boolean;
}

/** Starts codex-acp in its own process group and initializes it through the SDK client. */
export async function startCodexAcp(options: StartCodexAcpOptions): Promise<CodexAcpAgent> {
  const codexHome = join(options.work, 'codex-home');
  const home = join(options.work, 'home');
  mkdirSync(codexHome, { recursive: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(
    join(codexHome, 'config.toml'),
    [
      `model = "${CODEX_TEST_MODEL}"`,
      'model_provider = "standin"',
      ...(options.codexDefaults ? [] : ['approval_policy = "untrusted"', 'sandbox_mode = "danger-full-access"']),
      '',
      '[model_providers.standin]',
      'name = "Stand-in"',
      `base_url = "${options.baseUrl}"`,
      'wire_api = "responses"',
      `env_key = "${CODEX_TEST_KEY_VAR}"`,
      '',
    ].join('\n'),
  );
  // Only what it needs: no other provider's key reaches it.
  const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, CODEX_HOME: codexHome };
  if (!options.withoutKey) env[CODEX_TEST_KEY_VAR] = CODEX_TEST_KEY;
  const args = (options.config ?? []).flatMap((c) => ['-c', c]);
  const child = spawn(options.bin, args, { cwd: options.cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));

  const updates: acp.SessionNotification[] = [];
  const permissions: PendingPermission[] = [];
  const app = acp
    .client({ name: 'swarmdesk-test' })
    .onNotification('session/update', ({ params }) => void updates.push(params))
    .onRequest(
      'session/request_permission',
      ({ params }) => new Promise<acp.RequestPermissionResponse>((answer) => permissions.push({ params, answer })),
    );
  const stream = acp.ndJsonStream(
    Writable.toWeb(child.stdin as Writable) as WritableStream<Uint8Array>,
    Readable.toWeb(child.stdout as Readable) as ReadableStream<Uint8Array>,
  );
  const connection = app.connect(stream);
  const pgid = child.pid as number;
  const stop = async (): Promise<'gone' | 'term' | 'kill'> => {
    connection.close();
    // codex-acp does not end when its stdin closes: only a signal ends it.
    if (!groupAlive(pgid)) return 'gone';
    process.kill(-pgid, 'SIGTERM');
    const ended = await until(() => !groupAlive(pgid), { timeoutMs: 5_000 }).then(
      () => true,
      () => false,
    );
    if (ended) return 'term';
    process.kill(-pgid, 'SIGKILL');
    await until(() => !groupAlive(pgid), { timeoutMs: 5_000, message: 'the codex-acp group after SIGKILL' });
    return 'kill';
  };
  try {
    const init = await connection.agent.request('initialize', {
      protocolVersion: acp.PROTOCOL_VERSION,
      clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
      clientInfo: { name: 'swarmdesk-test', version: '0' },
    });
    return { child, ctx: connection.agent, init, updates, permissions, stderr: () => stderr, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The agent's message text so far (its `agent_message_chunk` text joined). */
export function messageText(agent: CodexAcpAgent): string {
  return agent.updates
    .map((n) => n.update)
    .map((u) => (u.sessionUpdate === 'agent_message_chunk' && u.content.type === 'text' ? u.content.text : ''))
    .join('');
}

/** The `tool_call` and `tool_call_update` updates of one call, in order. */
export function toolUpdates(agent: CodexAcpAgent, toolCallId: string): acp.SessionUpdate[] {
  return agent.updates
    .map((n) => n.update)
    .filter((u) => (u.sessionUpdate === 'tool_call' || u.sessionUpdate === 'tool_call_update') && u.toolCallId === toolCallId);
}

/** The `index`-th permission request, once it has arrived. */
export function permissionAt(agent: CodexAcpAgent, index: number): Promise<PendingPermission> {
  return until(() => agent.permissions[index], { timeoutMs: 30_000, message: `permission request ${index + 1}` });
}

/** Answers a permission request with its option of this kind. */
export function choose(p: PendingPermission, kind: acp.PermissionOptionKind): void {
  const option = p.params.options.find((o) => o.kind === kind);
  if (!option) throw new Error(`no ${kind} option among ${JSON.stringify(p.params.options)}`);
  p.answer({ outcome: { outcome: 'selected', optionId: option.optionId } });
}

/** Live (not zombie) processes in group `pgid`, from /proc; where there is no /proc, the group leader's pid while the group answers signal 0. */
export function groupMembers(pgid: number): number[] {
  if (!existsSync('/proc/self/stat')) {
    try {
      process.kill(-pgid, 0);
      return [pgid];
    } catch {
      return [];
    }
  }
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(rest[2]) === pgid && rest[0] !== 'Z') pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

function groupAlive(pgid: number): boolean {
  return groupMembers(pgid).length > 0;
}

import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startModelServer, type ModelServer, type RecordedRequest, type Scripted } from '../support/model-server';
import { recordHookReports } from '../support/hookReports';
import { until } from '../support/until';
import { startCore, type Harness } from '../unit/core/harness';

const here = dirname(fileURLToPath(import.meta.url));
const BIN = resolve(here, '../../node_modules/.bin');
const API_KEY = 'sk-ant-api03-hookstest-0123456789abcdefghijklmnopqrstuvwxyz';

/** The main agent's requests carry its tools; the CLI's side requests (titles, topics) do not. */
export const isMainTurn = (req: RecordedRequest): boolean => Array.isArray(req.body?.tools) && (req.body.tools as unknown[]).length > 0;
export const hasToolResult = (req: RecordedRequest): boolean => JSON.stringify(req.body?.messages ?? []).includes('"tool_result"');

export interface ClaudeTerminalOptions {
  /** Called on the project folder before the core starts (make it a git repository, say). */
  readonly prepare?: (cwd: string) => void;
}

/**
 * The real Claude Code TUI (2.1.332) typed into a terminal session's shell as a user would (`claude`, found
 * through the shim first on PATH), against the stand-in model server, in a real core (its hooks, checkpoints
 * and report endpoint). A fake HOME holds what a set-up Claude Code has (onboarding done, the key approved,
 * the folder trusted) and the user's own hook, which must still run. `close()` ends the core (and with it the
 * PTY), the server and the HOME.
 */
export async function claudeInATerminal(policy: (req: RecordedRequest) => Scripted, options: ClaudeTerminalOptions = {}) {
  const server: ModelServer = await startModelServer({ policy: (req) => (isMainTurn(req) ? policy(req) : { text: 'Greeting' }) });
  const home = realpathSync(mkdtempSync(join(tmpdir(), 'sd-hooks-home-')));
  const cwd = join(home, 'project');
  mkdirSync(join(home, '.claude'), { recursive: true });
  mkdirSync(cwd);
  options.prepare?.(cwd);
  writeFileSync(
    join(home, '.claude.json'),
    JSON.stringify({ hasCompletedOnboarding: true, customApiKeyResponses: { approved: [API_KEY.slice(-20)], rejected: [] }, projects: { [cwd]: { hasTrustDialogAccepted: true } } }),
  );
  // The user's own hook: it must still run beside ours.
  const userLog = join(home, 'user-hook.log');
  writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: `echo prompt >> '${userLog}'` }] }] } }));
  const h: Harness = startCore({
    env: { HOME: home, PATH: `${BIN}:/usr/local/bin:/usr/bin:/bin`, ANTHROPIC_BASE_URL: server.url, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', TERM: 'xterm-256color' },
  });
  const close = async (): Promise<void> => {
    await h.core.close();
    await server.close();
    // The CLI may still be writing its own files under HOME as it exits.
    rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  };
  try {
    return await inTheTerminal(h, close, cwd, home, userLog, server);
  } catch (err) {
    await close(); // a set-up that failed leaves nothing running
    throw err;
  }
}

async function inTheTerminal(h: Harness, close: () => Promise<void>, cwd: string, home: string, userLog: string, server: ModelServer) {
  const core = h.core;
  core.services.terminals.register();
  const reports = recordHookReports(core.services.terminals);
  // The key comes from the user's own shell set-up (a terminal gets none of Swarmdesk's).
  const row = await h.ok('sessions:create', { kind: 'terminal', folder: cwd, command: `ANTHROPIC_API_KEY=${API_KEY} PS1='ready> ' exec /bin/bash --norc --noprofile -i` });
  await h.ok('terminal:open', { id: row.id, cols: 120, rows: 40 });
  const screen = (): string => h.eventsOf('terminal:data').filter((e) => e.sessionId === row.id).map((e) => e.data).join('');
  await until(() => screen().includes('ready> '), { message: 'the shell prompt' });
  const type = async (data: string): Promise<void> => {
    await h.ok('terminal:input', { id: row.id, data });
  };
  const status = (): string => core.services.sessions.get(row.id).status;
  /** The screen as the terminal shows it now (plain text). */
  const text = (): string => core.services.terminals.activity(row.id).screen;
  const unread = (): boolean => core.services.sessions.get(row.id).unread;
  /** What the row said, change by change (`idle+unread` is "done"). */
  const statuses = (): string[] => {
    const said = h.eventsOf('session:changed').filter((r) => r.id === row.id).map((r) => (r.unread && r.status === 'idle' ? 'idle+unread' : r.status));
    // A turn's end is stored as idle, then marked unread: one change, "done".
    return said.filter((s, i) => s !== said[i - 1] && !(s === 'idle' && said[i + 1] === 'idle+unread'));
  };
  /** Types `claude` at the shell, as a user would (the shim first on PATH runs the real one), and waits for its prompt. */
  const start = async (permissionMode = 'default'): Promise<void> => {
    await type(`claude --permission-mode ${permissionMode}\r`);
    await until(() => text().includes('Claude Code v') && text().includes('❯'), { timeoutMs: 60_000, message: 'the Claude Code TUI' });
  };
  return { h, close, start, row, home, cwd, userLog, reports, statuses, screen, text, type, status, unread, server };
}

import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { HookStatus } from '../../src/main/core/agents/sessionReports/hookStatus';
import { startModelServer, type ModelServer, type RecordedRequest, type Scripted } from '../support/model-server';
import { until } from '../support/until';
import { startCore, type Harness } from '../unit/core/harness';

const here = dirname(fileURLToPath(import.meta.url));
const BIN = resolve(here, '../../node_modules/.bin');
const API_KEY = 'sk-ant-api03-hookstest-0123456789abcdefghijklmnopqrstuvwxyz';

/** The main agent's requests carry its tools; the CLI's side requests (titles, topics) do not. */
const isMainTurn = (req: RecordedRequest) => Array.isArray(req.body?.tools) && (req.body.tools as unknown[]).length > 0;
const hasToolResult = (req: RecordedRequest) => JSON.stringify(req.body?.messages ?? []).includes('"tool_result"');

/**
 * The agent CLI's own hooks (SPEC §8, first in the order of trust; issue 31): the real Claude Code TUI
 * (2.1.332), typed into a terminal session's shell as a user would (`claude`, found through the shim first on
 * PATH), against the stand-in model server. A fake HOME holds what a set-up Claude Code has (onboarding done,
 * the key approved, the folder trusted) and the user's own hook, which must still run.
 */
describe('terminal status from the agent CLI’s own hooks (real Claude Code TUI, real PTY)', () => {
  let h: Harness | null = null;
  let server: ModelServer | null = null;
  afterEach(async () => {
    await h?.core.close();
    await server?.close();
    h = null;
    server = null;
  });

  async function claudeInATerminal(policy: (req: RecordedRequest) => Scripted) {
    server = await startModelServer({ policy: (req) => (isMainTurn(req) ? policy(req) : { text: 'Greeting' }) });
    const home = realpathSync(mkdtempSync(join(tmpdir(), 'sd-hooks-home-')));
    const cwd = join(home, 'project');
    mkdirSync(join(home, '.claude'), { recursive: true });
    mkdirSync(cwd);
    writeFileSync(
      join(home, '.claude.json'),
      JSON.stringify({ hasCompletedOnboarding: true, customApiKeyResponses: { approved: [API_KEY.slice(-20)], rejected: [] }, projects: { [cwd]: { hasTrustDialogAccepted: true } } }),
    );
    // The user's own hook: it must still run beside ours.
    const userLog = join(home, 'user-hook.log');
    writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: `echo prompt >> '${userLog}'` }] }] } }));
    h = startCore({
      env: { HOME: home, PATH: `${BIN}:/usr/local/bin:/usr/bin:/bin`, ANTHROPIC_BASE_URL: server.url, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', TERM: 'xterm-256color' },
    });
    const core = h.core;
    core.services.terminals.register();
    // Which hook reports reached the terminal (the endpoint's handler calls this, app.ts).
    const reports: HookStatus[] = [];
    const hookReport = core.services.terminals.hookReport.bind(core.services.terminals);
    core.services.terminals.hookReport = (id, status) => {
      reports.push(status);
      hookReport(id, status);
    };
    // The key comes from the user's own shell set-up (a terminal gets none of Swarmdesk's).
    const row = await h.ok('sessions:create', { kind: 'terminal', folder: cwd, command: `ANTHROPIC_API_KEY=${API_KEY} PS1='ready> ' exec /bin/bash --norc --noprofile -i` });
    await h.ok('terminal:open', { id: row.id, cols: 120, rows: 40 });
    const screen = () => h!.eventsOf('terminal:data').filter((e) => e.sessionId === row.id).map((e) => e.data).join('');
    await until(() => screen().includes('ready> '), { message: 'the shell prompt' });
    const type = (data: string) => h!.ok('terminal:input', { id: row.id, data });
    const status = () => core.services.sessions.get(row.id).status;
    /** The screen as the terminal shows it now (plain text). */
    const text = () => core.services.terminals.activity(row.id).screen;
    const unread = () => core.services.sessions.get(row.id).unread;
    /** What the row said, change by change (`idle+unread` is "done"). */
    const statuses = () => {
      const said = h!.eventsOf('session:changed').filter((r) => r.id === row.id).map((r) => (r.unread && r.status === 'idle' ? 'idle+unread' : r.status));
      // A turn's end is stored as idle, then marked unread: one change, "done".
      return said.filter((s, i) => s !== said[i - 1] && !(s === 'idle' && said[i + 1] === 'idle+unread'));
    };
    /** Types `claude` at the shell, as a user would (the shim first on PATH runs the real one), and waits for its prompt. */
    const start = async () => {
      await type('claude --permission-mode default\r');
      await until(() => text().includes('Claude Code v') && text().includes('❯'), { timeoutMs: 60_000, message: 'the Claude Code TUI' });
    };
    return { start, row, home, cwd, userLog, reports, statuses, screen, text, type, status, unread, server: server! };
  }

  it('working while a turn runs, done after it; the user’s own hook still runs', async () => {
    const t = await claudeInATerminal(() => ({ text: 'Hello from the stand-in.', delayMs: 3_000 }));
    await t.start();
    await t.type('say hello');
    await t.type('\r');
    await until(() => t.reports.includes('working'), { timeoutMs: 30_000, message: 'UserPromptSubmit reported' });
    expect(t.status()).toBe('working');
    await until(() => t.reports.includes('done'), { timeoutMs: 60_000, message: 'Stop reported' });
    await until(() => t.status() === 'idle' && t.unread(), { message: 'idle with the unread mark: done' });
    expect(t.statuses()).toContain('working');
    expect(t.statuses().at(-1)).toBe('idle+unread');
    expect(readFileSync(t.userLog, 'utf8')).toContain('prompt');
  }, 180_000);

  it('a permission prompt is waiting; answered, the turn goes on and ends done', async () => {
    let file = '';
    const t = await claudeInATerminal((req) =>
      hasToolResult(req)
        ? { text: 'Made the file.', delayMs: 1_000 }
        : { content: [{ type: 'tool_use', name: 'Bash', input: { command: `touch '${file}'`, description: 'Make the file' } }] },
    );
    file = join(t.cwd, 'made-by-claude.txt');
    await t.start();
    await t.type('make the file');
    await t.type('\r');
    await until(() => t.reports.includes('waiting'), { timeoutMs: 60_000, message: 'the permission hook' });
    await until(() => t.status() === 'waiting', { message: 'waiting' });
    await until(() => t.text().includes('Do you want to proceed?'), { message: 'the permission prompt on screen' });
    // Nothing else moves it while the prompt waits: not the title, not the /proc probe.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(t.status()).toBe('waiting');
    expect(existsSync(file)).toBe(false);
    await t.type('\r'); // "1. Yes"
    await until(() => existsSync(file), { timeoutMs: 30_000, message: 'the command allowed and run' });
    await until(() => t.status() === 'idle' && t.unread(), { timeoutMs: 60_000, message: 'done after the turn' });
    const said = t.statuses();
    expect(said.slice(said.indexOf('waiting'))).toEqual(['waiting', 'working', 'idle+unread']);
  }, 180_000);
});

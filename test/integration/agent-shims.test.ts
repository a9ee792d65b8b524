import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentShims, SHIM_MARKER, type ReporterCommand } from '../../src/main/core/agents/sessionReports/agentShims';
import { geminiTrustsDefaults } from '../../src/main/core/agents/sessionReports/geminiTrust';
import type { ScriptCommand } from '../../src/main/core/agents/sessionReports/scriptCommand';
import { until } from '../support/until';
import { startCore, type Harness } from '../unit/core/harness';

const REPORTER: ReporterCommand = { argv: ['/opt/my node/node', "/opt/it's/hook-reporter.js"], env: {} };
const MCP_SERVER: ScriptCommand = { argv: ['/opt/my node/node', '/opt/app/mcp-server.js'], env: {} };

/** A stand-in of the user's own CLI: prints its arguments and the variables the shims set, one per line. */
function userBinary(dir: string, name: string): void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, `#!/bin/sh\necho "${name} from ${dir}"\nfor a in "$@"; do echo "arg: $a"; done\necho "defaults: \${GEMINI_CLI_SYSTEM_DEFAULTS_PATH:-none}"\n`);
  chmodSync(file, 0o755);
}

function setUp(mcpServer: ScriptCommand | null = null, geminiTrusts: (file: string) => boolean = () => true) {
  const root = mkdtempSync(join(tmpdir(), 'sd-shims-'));
  const shims = new AgentShims(join(root, 'data'), REPORTER, mcpServer, geminiTrusts);
  shims.write();
  // A nested Swarmdesk's shim folder, then the user's own binaries.
  const nested = new AgentShims(join(root, 'nested-data'), REPORTER);
  nested.write();
  const userBin = join(root, 'user bin');
  for (const name of ['claude', 'gemini', 'codex']) userBinary(userBin, name);
  const path = shims.pathWith(`${nested.binDir}:${userBin}:/usr/bin:/bin`);
  const run = (name: string, args: string[], env: Record<string, string> = {}) =>
    execFileSync(name, args, { env: { PATH: path, SWARMDESK_SESSION_TOKEN: 'tok', ...env }, encoding: 'utf8' }).trim().split('\n');
  return { root, shims, userBin, path, run };
}

describe('the agent shims first on a terminal’s PATH (real sh)', () => {
  it("claude: the user's own binary, past every shim folder, with our --settings before the user's arguments", () => {
    const s = setUp();
    expect(s.path.split(':')[0]).toBe(s.shims.binDir);
    const settings = join(s.shims.dir, 'claude-settings.json');
    expect(s.run('claude', ['-p', "it's a test"])).toEqual([`claude from ${s.userBin}`, 'arg: --settings', `arg: ${settings}`, 'arg: -p', "arg: it's a test", 'defaults: none']);
    const hooks = (JSON.parse(readFileSync(settings, 'utf8')) as { hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>> }).hooks;
    expect(Object.keys(hooks).sort()).toEqual(['Notification', 'PermissionRequest', 'Stop', 'StopFailure', 'UserPromptSubmit']);
    expect(hooks.Stop?.[0]?.hooks[0]?.command).toBe(`'/opt/my node/node' '/opt/it'\\''s/hook-reporter.js' 'claude'`);
  });

  it('claude with our MCP server: --mcp-config=<file> and the tool pre-allowed, each one word, the user’s prompt still their own argument (issue 33)', () => {
    const s = setUp(MCP_SERVER);
    const mcp = join(s.shims.dir, 'claude-mcp.json');
    expect(s.run('claude', ['fix the parser'])).toEqual([
      `claude from ${s.userBin}`,
      'arg: --settings',
      `arg: ${join(s.shims.dir, 'claude-settings.json')}`,
      `arg: --mcp-config=${mcp}`,
      'arg: --allowedTools=mcp__swarmdesk__set_session_title',
      'arg: fix the parser',
      'defaults: none',
    ]);
    // No token in the file: the server inherits the session's variables from claude's environment.
    expect(JSON.parse(readFileSync(mcp, 'utf8'))).toEqual({ mcpServers: { swarmdesk: { type: 'stdio', command: '/opt/my node/node', args: ['/opt/app/mcp-server.js'], env: {} } } });
  });

  it('outside a session (no token) the user’s binary runs untouched', () => {
    const s = setUp();
    expect(s.run('claude', ['--version'], { SWARMDESK_SESSION_TOKEN: '' })).toEqual([`claude from ${s.userBin}`, 'arg: --version', 'defaults: none']);
  });

  it("gemini: our system defaults file, unless the user set their own; codex: our notify as a -c override", () => {
    const s = setUp();
    expect(s.run('gemini', ['-p', 'hi'])).toEqual([`gemini from ${s.userBin}`, 'arg: -p', 'arg: hi', `defaults: ${join(s.shims.dir, 'gemini-system-defaults.json')}`]);
    expect(s.run('gemini', [], { GEMINI_CLI_SYSTEM_DEFAULTS_PATH: '/etc/mine.json' }).at(-1)).toBe('defaults: /etc/mine.json');
    expect(s.run('codex', ['exec', 'hi'])).toEqual([`codex from ${s.userBin}`, 'arg: -c', `arg: notify=["/opt/my node/node","/opt/it's/hook-reporter.js","codex"]`, 'arg: exec', 'arg: hi', 'defaults: none']);
  });

  it('gemini: no system defaults of ours where Gemini would skip them with a security warning (a folder under /tmp)', () => {
    const s = setUp(null, geminiTrustsDefaults);
    expect(s.run('gemini', ['-p', 'hi'])).toEqual([`gemini from ${s.userBin}`, 'arg: -p', 'arg: hi', 'defaults: none']);
  });

  it('no binary of that name past the shims: command not found, 127', () => {
    const s = setUp();
    let status = 0;
    let stderr = '';
    try {
      execFileSync('claude', [], { env: { PATH: s.shims.pathWith('/usr/bin:/bin'), SWARMDESK_SESSION_TOKEN: 'tok' }, encoding: 'utf8', stdio: 'pipe' });
    } catch (err) {
      status = (err as { status: number }).status;
      stderr = String((err as { stderr: string }).stderr);
    }
    expect(status).toBe(127);
    expect(stderr).toContain('claude: command not found');
    expect(readFileSync(join(s.shims.binDir, SHIM_MARKER), 'utf8')).toContain('Swarmdesk');
  });
});

describe("the shims stay first when the user's ~/.bashrc puts a folder of its own first (real PTY, real bash)", () => {
  let h: Harness | null = null;
  afterEach(async () => {
    await h?.core.close();
    h = null;
  });

  it('typing claude in the terminal runs the shim, which runs the user’s claude from ~/.local/bin with our --settings', async () => {
    const home = mkdtempSync(join(tmpdir(), 'sd-shims-home-'));
    userBinary(join(home, '.local', 'bin'), 'claude');
    writeFileSync(join(home, '.bashrc'), `export PATH="$HOME/.local/bin:$PATH"\nPS1='ready> '\n`);
    h = startCore({ env: { HOME: home, SHELL: '/bin/bash', PATH: '/usr/bin:/bin' } });
    h.core.services.terminals.register();
    const row = await h.ok('sessions:create', { kind: 'terminal', folder: home });
    await h.ok('terminal:open', { id: row.id, cols: 120, rows: 30 });
    const screen = () => h!.core.services.terminals.activity(row.id).screen;
    await until(() => screen().includes('ready>'), { message: "the prompt from the user's ~/.bashrc" });
    await h.ok('terminal:input', { id: row.id, data: 'claude hi\r' });
    await until(() => screen().includes('arg: hi'), { message: "the user's claude ran" });
    expect(screen()).toContain(`claude from ${join(home, '.local', 'bin')}`);
    expect(screen()).toContain('arg: --settings');
  }, 60_000);
});

// zsh is not on every machine (apt-get install zsh); where it is, the user's own zsh files are read, then the shims go first.
const ZSH = ['/usr/bin/zsh', '/bin/zsh'].find((p) => existsSync(p));

describe.skipIf(ZSH === undefined)("the shims stay first when the user's zsh files put a folder of their own first (real PTY, real zsh)", () => {
  let h: Harness | null = null;
  afterEach(async () => {
    await h?.core.close();
    h = null;
  });

  async function typeClaude(home: string, env: Record<string, string> = {}): Promise<string> {
    h = startCore({ env: { HOME: home, SHELL: ZSH!, PATH: '/usr/bin:/bin', ...env } });
    h.core.services.terminals.register();
    const row = await h.ok('sessions:create', { kind: 'terminal', folder: home });
    await h.ok('terminal:open', { id: row.id, cols: 120, rows: 30 });
    const screen = () => h!.core.services.terminals.activity(row.id).screen;
    await until(() => screen().includes('ready>'), { message: "the prompt from the user's .zshrc" });
    await h.ok('terminal:input', { id: row.id, data: 'claude hi; echo "zdotdir=$ZDOTDIR env=$FROM_ZSHENV"\r' });
    await until(() => screen().includes('arg: hi') && screen().includes('zdotdir='), { message: "the user's claude ran" });
    return screen();
  }

  it("a ~/.zshrc prepending ~/.local/bin: typing claude runs the shim, which runs the user's claude with our --settings", async () => {
    const home = mkdtempSync(join(tmpdir(), 'sd-shims-zhome-'));
    userBinary(join(home, '.local', 'bin'), 'claude');
    writeFileSync(join(home, '.zshenv'), 'export FROM_ZSHENV=yes\n');
    writeFileSync(join(home, '.zshrc'), `export PATH="$HOME/.local/bin:$PATH"\nPS1='ready> '\n`);
    const screen = await typeClaude(home);
    expect(screen).toContain(`claude from ${join(home, '.local', 'bin')}`);
    expect(screen).toContain('arg: --settings');
    // The user's .zshenv was read too, and ZDOTDIR is theirs again at the prompt (here: $HOME).
    expect(screen).toContain(`zdotdir=${home} env=yes`);
  }, 60_000);

  it("a user's own ZDOTDIR (set in the environment, or by their ~/.zshenv) is where their files are read from", async () => {
    const home = mkdtempSync(join(tmpdir(), 'sd-shims-zhome-'));
    const config = join(home, '.config', 'zsh');
    mkdirSync(config, { recursive: true });
    userBinary(join(home, '.local', 'bin'), 'claude');
    writeFileSync(join(home, '.zshenv'), `export ZDOTDIR="$HOME/.config/zsh"\n`);
    writeFileSync(join(config, '.zshenv'), 'export FROM_ZSHENV=config\n');
    writeFileSync(join(config, '.zshrc'), `export PATH="$HOME/.local/bin:$PATH"\nPS1='ready> '\n`);
    let screen = await typeClaude(home);
    expect(screen).toContain('arg: --settings');
    expect(screen).toContain(`zdotdir=${config} env=`);
    await h?.core.close();
    // The same files found through ZDOTDIR in the terminal's environment, with no ~/.zshenv.
    const bare = mkdtempSync(join(tmpdir(), 'sd-shims-zhome-'));
    userBinary(join(bare, '.local', 'bin'), 'claude');
    writeFileSync(join(bare, '.zshrc'), `PS1='wrong> '\n`);
    screen = await typeClaude(bare, { ZDOTDIR: config });
    expect(screen).toContain(`claude from ${join(bare, '.local', 'bin')}`);
    expect(screen).toContain('arg: --settings');
    expect(screen).toContain(`zdotdir=${config} env=config`);
  }, 90_000);
});

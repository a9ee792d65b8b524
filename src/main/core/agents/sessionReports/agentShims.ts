import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, delimiter, join } from 'node:path';
import { geminiTrustsDefaults } from './geminiTrust';
import { scriptCommand, shellLine, shQuote, type ScriptCommand } from './scriptCommand';

export { shQuote };

/** A folder holding this file is a shim folder: a shim looking for the user's own binary skips it (ours, or a nested Swarmdesk's). */
export const SHIM_MARKER = '.swarmdesk-shims';

/** How the reporter is run (scriptCommand.ts: plain Node, or the app's own binary under Electron). */
export type ReporterCommand = ScriptCommand;

/** The hook reporter where this core runs (its bundle entry, or `reporter.ts` from sources); null when absent. */
export function reporterCommand(): ReporterCommand | null {
  return scriptCommand('hook-reporter');
}

/** The name Claude Code knows our MCP server by: its tool is `mcp__swarmdesk__set_session_title`. */
export const MCP_SERVER_NAME = 'swarmdesk';
/** Claude Code's `--allowedTools` entry for our tool (without it Claude Code never calls the tool in `-p`). */
export const MCP_TITLE_TOOL = `mcp__${MCP_SERVER_NAME}__set_session_title`;

/**
 * Claude Code's `--mcp-config`: our stdio server alone (beside the user's own servers, which Claude Code still
 * loads). The session's token is not in it: the server inherits it from Claude Code's environment.
 */
export function claudeMcpConfig(server: ScriptCommand): object {
  const [command = '', ...args] = server.argv;
  return { mcpServers: { [MCP_SERVER_NAME]: { type: 'stdio', command, args, env: { ...server.env } } } };
}

/** The reporter as a shell command line for `agent` (Claude Code and Gemini CLI run a hook's command through a shell). */
function hookCommand(reporter: ReporterCommand, agent: string): string {
  return shellLine(reporter, agent);
}

/** Claude Code's `--settings`: our hooks, added beside the user's own (both run). */
export function claudeSettings(reporter: ReporterCommand): object {
  const hook = [{ hooks: [{ type: 'command', command: hookCommand(reporter, 'claude'), timeout: 5 }] }];
  return {
    hooks: {
      UserPromptSubmit: hook,
      Stop: hook,
      StopFailure: hook,
      PermissionRequest: hook,
      Notification: [{ matcher: 'permission_prompt|elicitation_dialog', hooks: hook[0]?.hooks }],
    },
  };
}

/** Gemini CLI's system defaults (`GEMINI_CLI_SYSTEM_DEFAULTS_PATH`): hook lists are joined across scopes, so the user's still run. */
export function geminiSystemDefaults(reporter: ReporterCommand): object {
  const hook = [{ hooks: [{ type: 'command', name: 'swarmdesk-status', command: hookCommand(reporter, 'gemini'), timeout: 5_000 }] }];
  return { hooks: { BeforeAgent: hook, AfterAgent: hook, Notification: hook } };
}

/** Codex's `-c notify=[…]`: a TOML array of strings (JSON strings are TOML basic strings). */
export function codexNotify(reporter: ReporterCommand): string {
  const env = Object.entries(reporter.env).map(([k, v]) => `${k}=${v}`);
  const argv = env.length > 0 ? ['/usr/bin/env', ...env, ...reporter.argv, 'codex'] : [...reporter.argv, 'codex'];
  return `notify=[${argv.map((a) => JSON.stringify(a)).join(',')}]`;
}

/**
 * A shim: finds the user's own `name` on PATH, skipping shim folders, and execs it with `extra` (shell words)
 * before the user's arguments, after `setup` (shell lines). Outside a session (no report token in the
 * environment) it execs the user's binary untouched.
 */
function shim(name: string, extra: string, setup = ''): string {
  return `#!/bin/sh
# Swarmdesk: runs your own ${name} (the next one on PATH) with Swarmdesk's status hooks beside your own.
# Written by Swarmdesk at each start; edits are lost.
real=
set -f
old_ifs=$IFS
IFS=:
for dir in $PATH; do
  [ -n "$dir" ] || continue
  [ -e "$dir/${SHIM_MARKER}" ] && continue
  if [ -f "$dir/${name}" ] && [ -x "$dir/${name}" ]; then real="$dir/${name}"; break; fi
done
IFS=$old_ifs
set +f
if [ -z "$real" ]; then
  echo "${name}: command not found" >&2
  exit 127
fi
if [ -z "\${SWARMDESK_SESSION_TOKEN:-}" ]; then exec "$real" "$@"; fi
${setup}exec "$real" ${extra}"$@"
`;
}

/** An interactive bash's rc file: the user's own first, as bash would read it, then our shim folder first on PATH. */
function bashrc(binDir: string): string {
  return `# Swarmdesk: your ~/.bashrc, then Swarmdesk's agent shims first on PATH (their hooks report this terminal's status).
if [ -f ~/.bashrc ]; then . ~/.bashrc; fi
case ":$PATH:" in
  ${shQuote(`:${binDir}:`)}*) ;;
  *) PATH=${shQuote(binDir)}:$PATH ;;
esac
`;
}

/** The variable a zsh of ours gets the user's own ZDOTDIR in (absent: theirs was unset, so their files are in $HOME). */
export const USER_ZDOTDIR = 'SWARMDESK_USER_ZDOTDIR';

/**
 * zsh reads its start-up files from $ZDOTDIR, which a terminal's zsh gets set to our folder: each of ours
 * reads the user's file of that name with ZDOTDIR set back to theirs (their .zshenv may move it), and keeps
 * ZDOTDIR ours until .zshrc, the last one before the prompt, where the shims go first on PATH again and
 * ZDOTDIR is left as the user's (history, completion dumps and a later login's .zlogin are theirs).
 */
function zshFiles(binDir: string): Record<string, string> {
  const head = `# Swarmdesk: your own zsh start-up files, then Swarmdesk's agent shims first on PATH (their hooks report this terminal's status).\n`;
  const ours = 'swarmdesk_zdotdir=$ZDOTDIR\n';
  const theirs = (file: string) =>
    `ZDOTDIR=\${${USER_ZDOTDIR}:-$HOME}\n` + `if [[ -f "$ZDOTDIR/${file}" ]]; then . "$ZDOTDIR/${file}"; fi\n`;
  // What the user's file left ZDOTDIR as is theirs from now on (a .zshenv that sets ZDOTDIR=~/.config/zsh).
  const keep = `if [[ "$ZDOTDIR" != "$HOME" ]]; then export ${USER_ZDOTDIR}=$ZDOTDIR; fi\n`;
  const back = 'ZDOTDIR=$swarmdesk_zdotdir\nunset swarmdesk_zdotdir\n';
  return {
    '.zshenv': head + ours + theirs('.zshenv') + keep + back,
    '.zprofile': head + ours + theirs('.zprofile') + keep + back,
    '.zshrc':
      head +
      theirs('.zshrc') +
      `unset ${USER_ZDOTDIR}\n` +
      `case ":$PATH:" in\n  ${shQuote(`:${binDir}:`)}*) ;;\n  *) PATH=${shQuote(binDir)}:$PATH ;;\nesac\n`,
  };
}

/** What an interactive shell starts with: its arguments and the variables added to its environment. */
export interface ShellLaunch {
  readonly args: string[];
  readonly env: Record<string, string>;
}

/** Written whole (a temp file, then renamed): a shim running now never reads half a file. */
function writeWhole(file: string, text: string, mode: number): void {
  const temp = `${file}.tmp-${process.pid}`;
  writeFileSync(temp, text, { mode });
  chmodSync(temp, mode);
  renameSync(temp, file);
}

/**
 * The shim folder a terminal's PATH starts with (SPEC §8, terminal status): `claude`, `gemini` and `codex`
 * shims that run the user's own binary with our hooks, since a user types `claude` into a shell and no flag
 * can be added at launch. Written into `<dataDir>/agent-hooks/` (with the two settings files) by `write`.
 */
export class AgentShims {
  readonly dir: string;
  readonly binDir: string;

  constructor(
    dataDir: string,
    private readonly reporter: ReporterCommand,
    /** Our MCP server (`set_session_title`), offered to the `claude` typed in a terminal; null: none. */
    private readonly mcpServer: ScriptCommand | null = null,
    /** Whether Gemini CLI will read our system defaults file there (geminiTrust.ts); tests of the shim itself say yes. */
    private readonly geminiTrusts: (file: string) => boolean = geminiTrustsDefaults,
  ) {
    this.dir = join(dataDir, 'agent-hooks');
    this.binDir = join(this.dir, 'bin');
  }

  write(): void {
    mkdirSync(this.binDir, { recursive: true, mode: 0o700 });
    writeWhole(join(this.binDir, SHIM_MARKER), 'Swarmdesk agent shims\n', 0o600);
    const claude = join(this.dir, 'claude-settings.json');
    const gemini = join(this.dir, 'gemini-system-defaults.json');
    writeWhole(claude, `${JSON.stringify(claudeSettings(this.reporter), null, 2)}\n`, 0o600);
    writeWhole(gemini, `${JSON.stringify(geminiSystemDefaults(this.reporter), null, 2)}\n`, 0o600);
    let claudeMcp = '';
    if (this.mcpServer !== null) {
      const mcp = join(this.dir, 'claude-mcp.json');
      writeWhole(mcp, `${JSON.stringify(claudeMcpConfig(this.mcpServer), null, 2)}\n`, 0o600);
      // `--flag=value`: both flags take several values, and a separate word would swallow the user's prompt after it.
      claudeMcp = `${shQuote(`--mcp-config=${mcp}`)} --allowedTools=${MCP_TITLE_TOOL} `;
    }
    writeWhole(join(this.binDir, 'claude'), shim('claude', `--settings ${shQuote(claude)} ${claudeMcp}`), 0o700);
    // The user's own system defaults, if they set any, are left as they are (no hooks of ours then); and a
    // file Gemini would skip with a security warning (not root's: geminiTrust.ts) is not offered at all.
    const geminiSetup = this.geminiTrusts(gemini)
      ? `if [ -z "\${GEMINI_CLI_SYSTEM_DEFAULTS_PATH:-}" ]; then GEMINI_CLI_SYSTEM_DEFAULTS_PATH=${shQuote(gemini)}; export GEMINI_CLI_SYSTEM_DEFAULTS_PATH; fi\n`
      : '';
    writeWhole(join(this.binDir, 'gemini'), shim('gemini', '', geminiSetup), 0o700);
    writeWhole(join(this.binDir, 'codex'), shim('codex', `-c ${shQuote(codexNotify(this.reporter))} `), 0o700);
    writeWhole(this.bashrc, bashrc(this.binDir), 0o600);
    mkdirSync(this.zdotdir, { recursive: true, mode: 0o700 });
    for (const [name, text] of Object.entries(zshFiles(this.binDir))) writeWhole(join(this.zdotdir, name), text, 0o600);
  }

  /** Our ZDOTDIR for an interactive zsh: its files read the user's own, then put the shims first on PATH again. */
  get zdotdir(): string {
    return join(this.dir, 'zsh');
  }

  /** Our rc file for an interactive bash: the user's own ~/.bashrc, then the shims first on PATH again. */
  get bashrc(): string {
    return join(this.dir, 'bashrc');
  }

  /**
   * How an interactive shell of the user's starts, so the shims stay first on PATH even when the user's rc
   * file puts a folder of its own first (`~/.local/bin`, where `claude` installs): bash reads our rc file,
   * which reads theirs; zsh reads ours from our ZDOTDIR (the user's own, if set, passed on in
   * SWARMDESK_USER_ZDOTDIR), which read theirs. Other shells: as they are (their rc files may win).
   */
  shellLaunch(shell: string, env: Readonly<Record<string, string | undefined>>): ShellLaunch {
    const name = basename(shell);
    if (name === 'bash') return { args: ['--rcfile', this.bashrc], env: {} };
    if (name === 'zsh') {
      const user = env.ZDOTDIR;
      return { args: [], env: { ZDOTDIR: this.zdotdir, ...(user ? { [USER_ZDOTDIR]: user } : {}) } };
    }
    return { args: [], env: {} };
  }

  /** `path` with the shim folder first (once). */
  pathWith(path: string | undefined): string {
    const rest = (path ?? '').split(delimiter).filter((p) => p !== '' && p !== this.binDir);
    return [this.binDir, ...rest].join(delimiter);
  }
}

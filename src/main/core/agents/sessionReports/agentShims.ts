import { chmodSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtWorkerFile } from '../../workerEntry';

/** The reporter's bundle entry (electron.vite.config.ts): a process of its own, not a worker thread. */
const REPORTER_ENTRY = 'hook-reporter.js';

/** A folder holding this file is a shim folder: a shim looking for the user's own binary skips it (ours, or a nested Swarmdesk's). */
export const SHIM_MARKER = '.swarmdesk-shims';

/** How the reporter is run: an absolute Node and the script, with what the environment needs (Electron's own Node). */
export interface ReporterCommand {
  readonly node: string;
  readonly script: string;
  /** `ELECTRON_RUN_AS_NODE=1` when `node` is Electron's binary. */
  readonly env: Readonly<Record<string, string>>;
}

/**
 * The reporter where this core runs: the bundle's `hook-reporter.js` beside the main bundle (the remote host's
 * bundle carries it too), else, run from sources, `reporter.ts` itself (Node 24 strips its types). Null
 * when neither exists.
 */
export function reporterCommand(here: string = import.meta.url, execPath = process.execPath, electron = process.versions.electron): ReporterCommand | null {
  const script = here.endsWith('.ts') ? fileURLToPath(new URL('./reporter.ts', here)) : builtWorkerFile({ here, built: REPORTER_ENTRY });
  if (script === null || !existsSync(script)) return null;
  return { node: execPath, script, env: electron ? { ELECTRON_RUN_AS_NODE: '1' } : {} };
}

/** `value` as one POSIX shell word. */
export function shQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The reporter as a shell command line for `agent` (Claude Code and Gemini CLI run a hook's command through a shell). */
function hookCommand(reporter: ReporterCommand, agent: string): string {
  const env = Object.entries(reporter.env).map(([k, v]) => `${k}=${shQuote(v)} `).join('');
  return `${env}${shQuote(reporter.node)} ${shQuote(reporter.script)} ${agent}`;
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
  const argv = env.length > 0 ? ['/usr/bin/env', ...env, reporter.node, reporter.script, 'codex'] : [reporter.node, reporter.script, 'codex'];
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

  constructor(dataDir: string, private readonly reporter: ReporterCommand) {
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
    writeWhole(join(this.binDir, 'claude'), shim('claude', `--settings ${shQuote(claude)} `), 0o700);
    // The user's own system defaults, if they set any, are left as they are (no hooks of ours then).
    const geminiSetup = `if [ -z "\${GEMINI_CLI_SYSTEM_DEFAULTS_PATH:-}" ]; then GEMINI_CLI_SYSTEM_DEFAULTS_PATH=${shQuote(gemini)}; export GEMINI_CLI_SYSTEM_DEFAULTS_PATH; fi\n`;
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

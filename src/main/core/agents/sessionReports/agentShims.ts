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
  }

  /** Our rc file for an interactive bash: the user's own ~/.bashrc, then the shims first on PATH again. */
  get bashrc(): string {
    return join(this.dir, 'bashrc');
  }

  /**
   * The arguments an interactive shell of the user's starts with, so the shims stay first on PATH even
   * when the user's rc file puts a folder of its own first (`~/.local/bin`, where `claude` installs): bash
   * reads our rc file, which reads theirs. Other shells: none (their rc files may win; said in the README).
   */
  shellArgs(shell: string): string[] {
    return basename(shell) === 'bash' ? ['--rcfile', this.bashrc] : [];
  }

  /** `path` with the shim folder first (once). */
  pathWith(path: string | undefined): string {
    const rest = (path ?? '').split(delimiter).filter((p) => p !== '' && p !== this.binDir);
    return [this.binDir, ...rest].join(delimiter);
  }
}

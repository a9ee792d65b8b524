import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import type { AcpAgentInfo, AcpSettings, BuiltinAcpAgentId, McpStdioServer } from '../../../../shared/ipc/acp';
import { AppError } from '../../../../shared/result';
import type { ChildAudience } from '../../spawn/childEnv';

/*
 * Which ACP agents exist and how to start each (issue 16): the built-in ones, found
 * like the Claude CLI (the path setting, then `SWARMDESK_*_PATH`, then PATH), and the
 * user's own from Settings → Agents (a name, a command, arguments, environment).
 */

interface BuiltIn {
  readonly id: BuiltinAcpAgentId;
  readonly name: string;
  readonly program: string;
  readonly args: readonly string[];
  readonly setting: 'geminiPath' | 'codexAcpPath' | 'qwenPath';
  readonly envVar: string | null;
  readonly installHint: string;
  readonly audience: ChildAudience;
  /** Whether the client offers it `fs/read_text_file` (see `AcpLaunch.offersFileReads`). */
  readonly offersFileReads: boolean;
}

const BUILT_INS: readonly BuiltIn[] = [
  { id: 'gemini', name: 'Gemini CLI', program: 'gemini', args: ['--acp'], setting: 'geminiPath', envVar: 'SWARMDESK_GEMINI_PATH', installHint: 'npm install -g @google/gemini-cli', audience: 'acp-gemini', offersFileReads: false },
  { id: 'codex', name: 'Codex', program: 'codex-acp', args: [], setting: 'codexAcpPath', envVar: 'SWARMDESK_CODEX_ACP_PATH', installHint: 'npm install -g @zed-industries/codex-acp', audience: 'acp-codex', offersFileReads: true },
  { id: 'qwen', name: 'Qwen Code', program: 'qwen', args: ['--acp'], setting: 'qwenPath', envVar: null, installHint: 'npm install -g @qwen-code/qwen-code', audience: 'acp-qwen', offersFileReads: false },
];

/** How to start one agent: its program, arguments, the env audience and (user-defined agents) its own variables. */
export interface AcpLaunch {
  readonly agentId: string;
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly audience: ChildAudience;
  /** The MCP servers the user configured for this agent (Settings → Agents), passed to `session/new` / `session/load`. */
  readonly mcpServers: readonly McpStdioServer[];
  /** A user-defined agent's own environment (from its settings), given as is. */
  readonly ownEnv: Readonly<Record<string, string>>;
  /**
   * Whether `fs.readTextFile` is offered in `initialize`. Not to Gemini CLI (0.61) and Qwen Code (its fork):
   * before writing a file they read it through the client and take a new file only from an error whose
   * `message` says "not found", but their JSON-RPC layer rejects with the plain error object, so no answer
   * lets them create a file (answering "" instead made them loop elsewhere). Offered no reads, they read the
   * disk themselves (their own workspace checks) and still write through the client, confined to the folder.
   */
  readonly offersFileReads: boolean;
}

export interface AcpCatalogDeps {
  readonly settings: () => AcpSettings;
  /** The core's environment: `SWARMDESK_*_PATH` and PATH. */
  readonly env: NodeJS.ProcessEnv;
}

type Found = { readonly path: string; readonly reason: null } | { readonly path: null; readonly reason: string };

export class AcpCatalog {
  constructor(private readonly deps: AcpCatalogDeps) {}

  /** Every agent, as the New session dialog lists it. */
  list(): AcpAgentInfo[] {
    const settings = this.deps.settings();
    const builtIn = BUILT_INS.map((b): AcpAgentInfo => {
      const found = this.findBuiltIn(b, settings);
      return { id: b.id, name: b.name, builtIn: true, available: found.path !== null, reason: found.reason, installHint: found.path ? null : b.installHint };
    });
    const custom = settings.custom.map((c): AcpAgentInfo => {
      const found = this.locate(c.command, `${c.name} (${c.command})`);
      return { id: c.id, name: c.name, builtIn: false, available: found.path !== null, reason: found.reason, installHint: null };
    });
    return [...builtIn, ...custom];
  }

  /** Whether `id` names an agent at all (a built-in one, or one in the settings). */
  known(id: string): boolean {
    return BUILT_INS.some((b) => b.id === id) || this.deps.settings().custom.some((c) => c.id === id);
  }

  /**
   * How to start `id`. BAD_INPUT for an id no agent has; UNAVAILABLE, with the install hint,
   * when its program is not found.
   */
  launch(id: string): AcpLaunch {
    const settings = this.deps.settings();
    const b = BUILT_INS.find((x) => x.id === id);
    if (b) {
      const found = this.findBuiltIn(b, settings);
      if (found.path === null) throw new AppError('UNAVAILABLE', `${found.reason} Install it with: ${b.installHint}`);
      return { agentId: b.id, name: b.name, command: found.path, args: b.args, audience: b.audience, ownEnv: {}, offersFileReads: b.offersFileReads, mcpServers: settings.mcpServers?.[b.id] ?? [] };
    }
    const c = settings.custom.find((x) => x.id === id);
    if (!c) throw new AppError('BAD_INPUT', `No ACP agent has the id "${id}". Pick one from the Agent list.`);
    const found = this.locate(c.command, `${c.name} (${c.command})`);
    if (found.path === null) throw new AppError('UNAVAILABLE', found.reason);
    return { agentId: c.id, name: c.name, command: found.path, args: c.args, audience: 'acp-custom', ownEnv: c.env, offersFileReads: true, mcpServers: settings.mcpServers?.[c.id] ?? [] };
  }

  /** An agent's display name (its id when unknown now). */
  nameOf(id: string): string {
    return this.list().find((a) => a.id === id)?.name ?? id;
  }

  private findBuiltIn(b: BuiltIn, settings: AcpSettings): Found {
    const fromSettings = settings[b.setting];
    if (fromSettings) return this.locate(fromSettings, `${b.name} (set in Settings)`);
    const fromEnv = b.envVar ? this.deps.env[b.envVar]?.trim() : undefined;
    if (fromEnv) return this.locate(fromEnv, `${b.name} (${b.envVar})`);
    return this.locate(b.program, b.name);
  }

  /** A path (must be an executable file) or a bare name looked up on PATH. */
  private locate(command: string, label: string): Found {
    if (command.includes('/')) {
      if (!isAbsolute(command)) return { path: null, reason: `${label}: "${command}" is not a full path.` };
      return executable(command) ? { path: command, reason: null } : { path: null, reason: `${label} was not found at ${command}.` };
    }
    const pathVar = this.deps.env.PATH ?? process.env.PATH ?? '';
    for (const dir of pathVar.split(delimiter)) {
      if (dir === '') continue;
      const candidate = join(dir, command);
      if (executable(candidate)) return { path: candidate, reason: null };
    }
    return { path: null, reason: `${label} is not installed: "${command}" is not on PATH.` };
  }
}

function executable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

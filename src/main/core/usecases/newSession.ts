import { randomUUID } from 'node:crypto';
import { accessSync, constants, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import type { SessionRow } from '../../../shared/domain/session';
import type { ChannelInput } from '../../../shared/ipc/contract';
import type { FolderCheck } from '../../../shared/ipc/sessions';
import { aSessionOfKind } from '../../../shared/label';
import { AppError } from '../../../shared/result';
import type { Agents } from '../agents';
import type { AcpCatalog } from '../agents/acp/catalog';
import type { PreparedWorktree, WorktreeService } from '../git/worktrees';
import { createLogger } from '../logger';
import type { Preferences } from '../services/preferences';
import type { SessionsService } from '../services/sessions';

const log = createLogger('sessions:new');

export type NewSessionInput = ChannelInput<'sessions:create'>;

/** Which kind each option belongs to, and how the error names it. */
const OPTION_KINDS = {
  permissionMode: { kind: 'claude-code', words: 'A permission mode is only for a Claude Code session' },
  command: { kind: 'terminal', words: 'A command is only for a Terminal session' },
  chat: { kind: 'chat', words: 'A provider and model are only for a Chat session' },
  agent: { kind: 'acp', words: 'An agent is only for an ACP session' },
} as const;

/**
 * The ACP agent an `acp` session asks for, checked: BAD_INPUT when none or an unknown one,
 * UNAVAILABLE with the install hint when its program is not found.
 */
export function checkAcpAgent(catalog: Pick<AcpCatalog, 'launch'>, agent: string | undefined): string {
  if (!agent) throw new AppError('BAD_INPUT', 'An ACP session needs an agent: pick one in the Agent list (Gemini CLI, Codex, …).');
  catalog.launch(agent);
  return agent;
}

/**
 * What a typed folder names (a leading `~` is the home folder): its full path when it is an existing
 * folder this user can open and read, else which problem and a sentence saying what is wrong.
 */
export function inspectFolder(raw: string, home: string = homedir()): FolderCheck {
  const text = raw.trim();
  const expanded = text === '~' ? home : text.startsWith('~/') ? `${home}${text.slice(1)}` : text;
  if (!isAbsolute(expanded)) return { folder: null, problem: 'relative', message: `"${text}" is not a full path. Type a folder path that starts with / (or ~).` };
  const folder = resolve(expanded);
  let isDir: boolean;
  try {
    isDir = statSync(folder).isDirectory();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { folder: null, problem: 'missing', message: `No folder at ${folder}. Pick an existing folder.` };
    return { folder: null, problem: 'unreadable', message: `Cannot open ${folder} (${code ?? 'unreadable'}). Pick a folder you can read.` };
  }
  if (!isDir) return { folder: null, problem: 'not-a-folder', message: `${folder} is a file, not a folder. Pick a folder.` };
  try {
    // Agents list and read the folder they work in: it must be readable and enterable.
    accessSync(folder, constants.R_OK | constants.X_OK);
  } catch {
    return { folder: null, problem: 'unreadable', message: `Cannot read ${folder}: you have no permission to open it. Pick a folder you can read.` };
  }
  return { folder, problem: null, message: null };
}

/**
 * The folder a user asked for, as a full path to an existing directory; else BAD_INPUT saying
 * what is wrong (`inspectFolder`). Blank: null (the default folder).
 */
export function checkFolder(raw: string, home: string = homedir()): string | null {
  if (raw.trim() === '') return null;
  const check = inspectFolder(raw, home);
  if (check.folder === null) throw new AppError('BAD_INPUT', check.message ?? 'That folder cannot be used.');
  return check.folder;
}

/**
 * `sessions:create`: the user's new session with its own options (claude-code's permission
 * mode, a terminal's command, a chat's provider and model, an acp session's agent), checked first and stored in the
 * same transaction as the row. With `worktree.enabled` the session works in a new git
 * worktree made first: the row's folder is the worktree, so every agent kind runs there.
 */
export async function createUserSession(
  deps: { sessions: SessionsService; worktrees: WorktreeService; agents: Pick<Agents, 'acp' | 'writeNewSessionOptions'>; preferences: Pick<Preferences, 'setLastFolder'> },
  input: NewSessionInput,
): Promise<SessionRow> {
  for (const [option, rule] of Object.entries(OPTION_KINDS)) {
    if (input[option as keyof typeof OPTION_KINDS] !== undefined && input.kind !== rule.kind) {
      throw new AppError('BAD_INPUT', `${rule.words}, not for ${aSessionOfKind(input.kind)}.`);
    }
  }
  const folder = input.folder === undefined ? null : checkFolder(input.folder);
  const command = input.command?.trim() || null;
  const { permissionMode, chat } = input;
  const acpAgent = input.kind === 'acp' ? checkAcpAgent(deps.agents.acp.catalog, input.agent) : null;
  const id = randomUUID();
  let prepared: PreparedWorktree | null = null;
  if (input.worktree) {
    prepared = await deps.worktrees.prepare(folder ?? deps.sessions.defaultFolder, id.slice(0, 8), input.worktree);
  }
  let row: SessionRow;
  try {
    row = deps.sessions.create({
      id,
      kind: input.kind,
      folder: prepared?.folder ?? folder ?? undefined,
      // A terminal's backend id is its command line (null: the user's shell).
      backendId: input.kind === 'terminal' ? command : null,
      withinCreate: (created) => {
        deps.agents.writeNewSessionOptions(created.id, { permissionMode, chat, acpAgent });
        if (prepared) deps.worktrees.writeRecord(created.id, prepared.record);
      },
    });
  } catch (err) {
    if (prepared) await deps.worktrees.discard(prepared).catch((e: unknown) => log.error('removing an unused worktree failed', { err: e }));
    throw err;
  }
  if (prepared) deps.worktrees.adopt(row, prepared);
  // Next time the dialog opens on this folder (the one asked for, not the worktree made in it).
  deps.preferences.setLastFolder(folder ?? deps.sessions.defaultFolder);
  return row;
}

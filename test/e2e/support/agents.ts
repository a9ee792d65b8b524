import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import type { ModelServer, RecordedRequest } from '../../support/model-server';
import { descendants } from './server';
import { escapeRegExp, sessionList } from './swarm';

/** The real Claude Code CLI the project installs (2.1.332). */
export const REAL_CLAUDE = fileURLToPath(new URL('../../../node_modules/.bin/claude', import.meta.url));

/**
 * A home of its own for one spec: the CLI writes its transcripts and settings
 * there, and the import reads `~/.claude` and `~/.codex` from there, never the
 * real home. `work` is a folder inside it for sessions to run in.
 */
export function isolatedHome(prefix: string): { home: string; work: string } {
  const home = mkdtempSync(join(tmpdir(), `swarmdesk-e2e-${prefix}-home-`));
  const work = mkdtempSync(join(home, 'work-'));
  return { home, work };
}

/** What web mode needs to run agents against the stand-in server (SPEC §10 variables). */
export function agentEnv(model: ModelServer, home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    HOME: home,
    // Both tools' homes under HOME, whatever the machine's environment says (spawn drops undefined).
    CLAUDE_CONFIG_DIR: undefined,
    CODEX_HOME: undefined,
    ANTHROPIC_BASE_URL: model.url,
    ANTHROPIC_API_KEY: 'x',
    OPENAI_BASE_URL: `${model.url}/v1`,
    OPENAI_API_KEY: 'x',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    SWARMDESK_CLAUDE_PATH: REAL_CLAUDE,
    SWARMDESK_AMBIENT_PROVIDER: 'offline',
    SWARMDESK_CHAT_PROVIDER: 'anthropic',
    ...extra,
  };
}

type Block = Record<string, unknown>;

function lastUserBlocks(req: RecordedRequest): Block[] {
  const messages = Array.isArray(req.body?.messages) ? (req.body.messages as Array<{ role?: unknown; content?: unknown }>) : [];
  const last = [...messages].reverse().find((m) => m.role === 'user');
  return Array.isArray(last?.content) ? (last.content as Block[]) : [];
}

/** The request carries a tool's result: the model is asked to go on after a tool ran. */
export function answersToolResult(req: RecordedRequest): boolean {
  return lastUserBlocks(req).some((b) => b.type === 'tool_result');
}

/** Everything said in the request's messages, as one string (for "the history was sent" checks). */
export function conversationText(req: RecordedRequest): string {
  return JSON.stringify(req.body?.messages ?? []);
}

/** The open pane: `main` named by the session's display label. */
export function pane(page: Page, label?: string | RegExp): Locator {
  if (label === undefined) return page.getByRole('main');
  const name = typeof label === 'string' ? new RegExp(`^${escapeRegExp(label)}`) : label;
  return page.getByRole('main', { name });
}

export function transcript(page: Page): Locator {
  return page.getByRole('main').getByRole('log', { name: 'Transcript' });
}

export function composer(page: Page): Locator {
  return page.getByRole('main').getByRole('textbox', { name: 'Message' });
}

export function stopButton(page: Page): Locator {
  return page.getByRole('main').getByRole('button', { name: 'Stop' });
}

/** Types into the composer and presses Enter (a message, or a steer while the agent works). */
export async function type(page: Page, text: string): Promise<void> {
  const box = composer(page);
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('', { timeout: 15_000 });
}

/** The message the transcript streams right now (not yet committed). */
export function streamingMessage(page: Page): Locator {
  return transcript(page).locator('[aria-busy="true"]');
}

/** A committed transcript item as the pane shows it: who said it and the text. */
export interface ShownEntry {
  readonly who: string;
  readonly text: string;
}

/** The committed entries on screen, top to bottom (the live streaming message excluded). */
export async function shownEntries(page: Page): Promise<ShownEntry[]> {
  const items = transcript(page).locator(':scope > .entry:not([aria-busy="true"])');
  const texts = await items.allInnerTexts();
  return texts.map((t) => {
    const [who = '', ...rest] = t.split('\n');
    return { who: who.trim(), text: rest.join('\n').trim() };
  });
}

/** The row directly below `row` in the swarm (the virtual list places rows by order). */
export async function rowsInOrder(page: Page): Promise<Array<{ name: string; level: string | null }>> {
  const items = sessionList(page).getByRole('listitem');
  const n = await items.count();
  const out: Array<{ name: string; level: string | null; top: number }> = [];
  for (let i = 0; i < n; i += 1) {
    const item = items.nth(i);
    const name = (await item.getAttribute('aria-label')) ?? '';
    const level = await item.getAttribute('aria-level');
    const box = await item.boundingBox();
    out.push({ name, level, top: box?.y ?? 0 });
  }
  return out.sort((a, b) => a.top - b.top).map(({ name, level }) => ({ name, level }));
}

/** Waits (bounded) until `test` holds over the stand-in's requests. */
export async function untilRequests(model: ModelServer, test: (reqs: readonly RecordedRequest[]) => boolean, timeoutMs: number, what: string): Promise<void> {
  await expect.poll(() => test(model.requests), { timeout: timeoutMs, message: `stand-in server: ${what}` }).toBe(true);
}

/** "New session" with an agent and a folder typed in, as a user would. */
export async function createSessionIn(page: Page, agent: 'Chat' | 'Claude Code' | 'Terminal', folder?: string): Promise<void> {
  const before = await sessionList(page).getByRole('listitem').count();
  await page.getByRole('button', { name: 'New session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New session' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Agent' }).selectOption({ label: agent });
  const field = dialog.getByRole('textbox', { name: 'Folder' });
  await expect(field).not.toHaveValue('');
  if (folder !== undefined) await field.fill(folder);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(before + 1);
}

/** "New session" for a Terminal in `repo`, in a new git worktree (the dialog's choice for a repository), as a user would. */
export async function newWorktreeTerminal(page: Page, repo: string): Promise<void> {
  await page.getByRole('button', { name: 'New session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New session' });
  await dialog.getByRole('combobox', { name: 'Agent' }).selectOption({ label: 'Terminal' });
  await dialog.getByRole('textbox', { name: 'Folder' }).fill(repo);
  await expect(dialog.getByRole('checkbox', { name: 'Work in a new git worktree' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
}

/** The worktree folders made for `repo` under a data folder: `<data>/worktrees/<repo>-<hash>/<short id>/<repo's folder name>`. */
export function worktreeFolders(dataDir: string, repo: string): string[] {
  const base = join(dataDir, 'worktrees');
  if (!existsSync(base)) return [];
  return readdirSync(base).flatMap((r) => readdirSync(join(base, r)).map((id) => join(base, r, id, basename(repo))));
}

/** `newWorktreeTerminal`, and the worktree folder it made (the one that was not there before). */
export async function newWorktreeTerminalFolder(page: Page, repo: string, dataDir: string): Promise<string> {
  const known = new Set(worktreeFolders(dataDir, repo));
  await newWorktreeTerminal(page, repo);
  const folder = worktreeFolders(dataDir, repo).find((f) => !known.has(f));
  expect(folder).toBeDefined();
  return folder!;
}

/** The command lines of the processes below `root` (the server's agents: a CLI, a shell). */
export function processesBelow(root: number): string[] {
  return descendants(root).flatMap((pid) => {
    try {
      return [readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()];
    } catch {
      return [];
    }
  });
}

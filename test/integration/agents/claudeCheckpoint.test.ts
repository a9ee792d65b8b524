import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type SwarmCore } from '../../../src/main/core/app';
import { setLogSink } from '../../../src/main/core/logger';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../src/shared/ipc/contract';
import { startModelServer, type ModelServer, type RecordedRequest, type Scripted } from '../../support/model-server';
import { coreGitEnv, git, makeRepo } from '../../support/gitRepo';
import { until } from '../../support/until';
import { agentCoreEnv, tempDir } from './helpers';

/**
 * Issue 36's "a real agent's write restored": the real Claude Code CLI, against the stand-in model server,
 * reads, edits and writes files of a real repository with its own Read, Edit and Write tools in the session's
 * first turn. The turn's checkpoint holds what it wrote; "Restore to here" on the checkpoint taken as the
 * message went in (checkpoints:restore through the core's router, as the transcript calls it) puts the files
 * back, and restoring the present it recorded first undoes that. The user's HEAD, index, stash, ignored file and staged file are the same before and after.
 */
setLogSink(() => {});

let server: ModelServer;
let dir: ReturnType<typeof tempDir>;
let repo = '';
let core: SwarmCore | null = null;

async function ok<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  if (!core) throw new Error('no core');
  const r = await core.router.handle(channel, input, { transport: 'test' });
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
  return r.value as ChannelOutput<C>;
}

/** How many tool results the CLI has sent back in this request (its turn's progress). */
function toolResultCount(req: RecordedRequest): number {
  const messages = (req.body?.messages ?? []) as Array<{ content?: unknown }>;
  return messages.flatMap((m) => (Array.isArray(m.content) ? (m.content as Array<{ type?: string }>) : [])).filter((b) => b.type === 'tool_result').length;
}

/** The agent's own requests carry its tools; the CLI's side requests (titles and the like) do not. */
const agentRequest = (req: RecordedRequest): boolean => ((req.body?.tools ?? []) as unknown[]).length > 0;

const EDIT_PROMPT = 'edit the readme and write the plan';

/** The turn reads README.md, edits it, writes notes/plan.md (a new folder), then says so. */
function agentScript(folder: string): (req: RecordedRequest) => Scripted {
  const readme = join(folder, 'README.md');
  return (req) => {
    if (!agentRequest(req)) return { text: 'OK' };
    const step = toolResultCount(req);
    if (step === 0) return { content: [{ type: 'tool_use', name: 'Read', input: { file_path: readme } }] };
    if (step === 1) return { content: [{ type: 'tool_use', name: 'Edit', input: { file_path: readme, old_string: 'hello', new_string: 'hello, rewritten by the agent' } }] };
    if (step === 2) return { content: [{ type: 'tool_use', name: 'Write', input: { file_path: join(folder, 'notes', 'plan.md'), content: '# Plan\n\n1. retry with backoff\n' } }] };
    return { text: 'Edited README.md and wrote notes/plan.md.' };
  };
}

/** What of the user's repository Swarmdesk must never touch. */
function userState(folder: string): Record<string, string> {
  return {
    head: git(folder, 'rev-parse', 'HEAD'),
    branch: git(folder, 'symbolic-ref', 'HEAD'),
    index: git(folder, 'ls-files', '--stage'),
    stash: git(folder, 'stash', 'list', '--format=%H %s'),
    ignored: readFileSync(join(folder, 'build.log'), 'utf8'),
    staged: git(folder, 'diff', '--cached', '--name-status'),
  };
}

beforeEach(async () => {
  server = await startModelServer();
  dir = tempDir('claude-checkpoint');
  repo = makeRepo('billing-api');
  writeFileSync(join(repo, '.gitignore'), '*.log\n');
  git(repo, 'add', '.gitignore');
  git(repo, 'commit', '--quiet', '-m', 'ignore logs');
  // The user's own state: a stash entry, a staged file, an ignored file.
  writeFileSync(join(repo, 'README.md'), 'hello\nwork in progress\n');
  git(repo, 'stash', 'push', '--quiet', '-m', 'the user’s own stash');
  writeFileSync(join(repo, 'staged.txt'), 'staged by the user\n');
  git(repo, 'add', 'staged.txt');
  writeFileSync(join(repo, 'build.log'), 'ignored output\n');
});
afterEach(async () => {
  await core?.close();
  core = null;
  await server.close();
  dir.remove();
  rmSync(dirname(repo), { recursive: true, force: true });
});

describe('a real Claude Code agent’s writes, restored from its checkpoint (issue 36)', () => {
  it('the first turn’s checkpoint holds its Edit and Write; restoring the one taken as it started puts the files back, and one more restore undoes it', async () => {
    server.setPolicy(agentScript(repo));
    // The CLI's environment is built from nothing (agentCoreEnv): no IS_SANDBOX, so it runs as a user's would.
    core = createCore({
      dataDir: `${dir.path}/data`,
      platform: { transport: 'web', openExternal: async () => false },
      env: { ...agentCoreEnv(server.url, dir.path), ...coreGitEnv() },
      defaultFolder: dir.path,
    });
    const before = userState(repo);
    const row = await ok('sessions:create', { kind: 'claude-code', folder: repo, permissionMode: 'acceptEdits' });
    const checkpoints = async (): Promise<Array<{ commit: string; turn: string }>> => (await ok('checkpoints:list', { id: row.id })).items;

    // The session's first turn is the one that writes: the checkpoint taken as the message went in is the turn before it.
    const sent = await ok('sessions:send', { id: row.id, text: EDIT_PROMPT });
    await until(async () => core?.services.sessions.get(row.id).status !== 'working' && (await checkpoints()).length === 2, {
      timeoutMs: 120_000,
      message: 'the turn over, and its checkpoint after the one taken as it started',
    });
    const [wrote, quiet] = await checkpoints();
    if (!wrote || !quiet) throw new Error('no checkpoints');
    expect(quiet.turn).toBe(String(sent.seq)); // shown under the user's message
    expect((await ok('checkpoints:diff', { id: row.id, commit: quiet.commit })).patch).not.toContain('hello, rewritten');
    // The real CLI's tools wrote the files.
    expect(readFileSync(join(repo, 'README.md'), 'utf8')).toBe('hello, rewritten by the agent\n');
    expect(readFileSync(join(repo, 'notes', 'plan.md'), 'utf8')).toBe('# Plan\n\n1. retry with backoff\n');
    const entries = (await ok('entries:page', { id: row.id })).entries;
    expect(entries.filter((e) => e.kind === 'tool-use').map((e) => (e.meta as { tool?: string } | null)?.tool)).toEqual(['Read', 'Edit', 'Write']);
    expect(wrote.turn).toBe(String(entries.at(-1)?.seq));
    // "What this turn changed": the edit and the new file, nothing of the user's (staged before the session began).
    const diff = await ok('checkpoints:diff', { id: row.id, commit: wrote.commit });
    expect(diff.patch).toContain('+hello, rewritten by the agent');
    expect(diff.patch).toContain('+# Plan');
    expect(diff.patch).not.toContain('staged.txt');
    expect(diff.patch).not.toContain('build.log');

    // "Restore to here" on the turn before.
    const restored = await ok('checkpoints:restore', { id: row.id, commit: quiet.commit });
    expect(readFileSync(join(repo, 'README.md'), 'utf8')).toBe('hello\n');
    expect(existsSync(join(repo, 'notes'))).toBe(false);
    expect(restored.before.commit).toBe(wrote.commit); // the present was that turn's tree already: recorded, not again
    expect(userState(repo)).toEqual(before);

    // Undone by restoring the present it recorded.
    await ok('checkpoints:restore', { id: row.id, commit: restored.before.commit });
    expect(readFileSync(join(repo, 'README.md'), 'utf8')).toBe('hello, rewritten by the agent\n');
    expect(readFileSync(join(repo, 'notes', 'plan.md'), 'utf8')).toBe('# Plan\n\n1. retry with backoff\n');
    expect(userState(repo)).toEqual(before);
    expect(git(repo, '--no-optional-locks', 'status', '--short').split('\n').map((l) => l.trim()).sort()).toEqual(['?? notes/', 'A  staged.txt', 'M README.md']);
  }, 240_000);
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type SwarmCore } from '../../../src/main/core/app';
import { readWorktreeRecord } from '../../../src/main/core/git/record';
import { setLogSink } from '../../../src/main/core/logger';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../src/shared/ipc/contract';
import { startModelServer, type ModelServer } from '../../support/model-server';
import { coreGitEnv, git, makeRepo } from '../../support/gitRepo';
import { until } from '../../support/until';
import { agentCoreEnv, tempDir } from './helpers';

/**
 * "Send to agent" from the merge dialog's conflict alert, end to end: a Claude Code session in a
 * worktree of a real repository (the real CLI against the stand-in model server, in a real core)
 * is sent the conflict message through `git:resolveConflicts`, and the model is asked with it.
 */
setLogSink(() => {});

let server: ModelServer;
let dir: ReturnType<typeof tempDir>;
let core: SwarmCore | null = null;

beforeEach(async () => {
  server = await startModelServer();
  dir = tempDir('merge-send');
});
afterEach(async () => {
  await core?.close();
  core = null;
  await server.close();
  dir.remove();
});

function start(): SwarmCore {
  const env = agentCoreEnv(server.url, dir.path, coreGitEnv());
  return createCore({ dataDir: join(dir.path, 'data'), platform: { transport: 'web', openExternal: async () => false }, env, defaultFolder: dir.path });
}

async function ok<C extends ChannelName>(c: SwarmCore, channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const r = await c.router.handle(channel, input, { transport: 'test' });
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
  return r.value as ChannelOutput<C>;
}

describe('Send to agent (real Claude Code CLI)', () => {
  it('a claude-code session in a worktree gets the conflict message; the model is asked with the conflicting file named', async () => {
    const c = (core = start());
    const repo = makeRepo('send repo');
    const row = await ok(c, 'sessions:create', { kind: 'claude-code', folder: repo, worktree: { enabled: true, copyPatterns: [], setupCommand: '' } });
    const wt = readWorktreeRecord(c.services.store, row.id)!.path;
    writeFileSync(join(wt, 'README.md'), 'hello from the session\n');
    await ok(c, 'git:commit', { id: row.id, message: 'Reword the README' });
    writeFileSync(join(repo, 'README.md'), 'hello from main\n');
    git(repo, 'commit', '--quiet', '-am', 'main rewords the README');
    expect((await ok(c, 'git:mergeCheck', { id: row.id })).conflicts).toEqual(['README.md']);

    server.setPolicy(() => ({ text: 'I will merge main and fix README.md.' }));
    const sent = await ok(c, 'git:resolveConflicts', { id: row.id, how: 'agent' });
    expect(sent.files).toEqual(['README.md']);
    expect(sent.entry).toMatchObject({ kind: 'user', sessionId: row.id });
    expect(sent.entry?.text).toMatch(/^Resolve the conflicts with main: README\.md\. Merge main into this branch/);

    // The CLI (running in the worktree) asks the model with that message as the last user turn.
    const asked = () => server.requests.find((r) => r.lastUserText.includes('Resolve the conflicts with main: README.md.'));
    await until(() => asked() !== undefined, { timeoutMs: 60_000, message: 'the model asked with the conflict message' });
    expect(asked()?.lastUserText).toContain('git merge main');
    // It runs in the session's worktree, where the branch with the conflicting commit is checked out.
    expect(JSON.stringify(asked()?.body)).toContain(wt);
    // The turn ends and the reply is in the session's transcript.
    await until(() => c.services.sessions.get(row.id).status !== 'working', { timeoutMs: 60_000, message: 'the turn to end' });
    const texts = (await ok(c, 'entries:page', { id: row.id })).entries.map((e) => `${e.kind}: ${e.text}`);
    expect(texts).toContain('assistant: I will merge main and fix README.md.');
  });
});

/**
 * The suggested commit message through the real core, the real Anthropic SDK and the
 * stand-in model server: the prompt carries the changed paths; a usable reply is clipped
 * to a 72-character subject; a refusal or an error text is never offered, and the dialog
 * gets a reason instead; with ambient off or offline no call is made and the reason says so.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readWorktreeRecord } from '../../../src/main/core/git/record';
import { startCore, type Harness } from '../../unit/core/harness';
import { makeRepo } from '../../support/gitRepo';
import { startModelServer, type ModelServer } from '../../support/model-server';

const ON = { enabled: true, copyPatterns: [], setupCommand: '' };

let server: ModelServer;
let harness: Harness | null = null;
beforeEach(async () => {
  server = await startModelServer();
});
afterEach(async () => {
  await harness?.core.close();
  harness = null;
  await server.close();
});

async function sessionWithChange(env: NodeJS.ProcessEnv): Promise<{ h: Harness; id: string }> {
  harness = startCore({ env });
  const h = harness;
  const row = await h.ok('sessions:create', { kind: 'terminal', folder: makeRepo(), worktree: ON });
  const path = readWorktreeRecord(h.core.services.store, row.id)!.path;
  mkdirSync(join(path, 'src'), { recursive: true });
  writeFileSync(join(path, 'src', 'reconnect policy.ts'), 'export const retries = 3;\n');
  h.core.services.sessions.appendEntry(row.id, 'user', 'make the websocket reconnect with backoff');
  h.core.services.sessions.appendEntry(row.id, 'assistant', 'I added a reconnect policy with three retries.');
  return { h, id: row.id };
}

const modelEnv = (): NodeJS.ProcessEnv => ({ SWARMDESK_AMBIENT_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'x', ANTHROPIC_BASE_URL: server.url });

describe('the suggested commit message', () => {
  it('a usable reply is offered, clipped to a 72-character subject; the prompt names the changed paths', async () => {
    server.setPolicy(() => ({ text: 'ANSWER: Add a websocket reconnect policy with exponential backoff and three retries for the dashboard client' }));
    const { h, id } = await sessionWithChange(modelEnv());
    const r = await h.ok('git:suggestCommitMessage', { id });
    expect(r.reason).toBeNull();
    expect(r.message).toBe('Add a websocket reconnect policy with exponential backoff and three');
    expect(r.message!.length).toBeLessThanOrEqual(72);
    const asked = server.requests.at(-1)!;
    expect(asked.lastUserText).toContain('<changed_files>');
    expect(asked.lastUserText).toContain('src/reconnect policy.ts');
    expect(asked.lastUserText).toContain('make the websocket reconnect with backoff');
  });

  it('a refusal or an error text is judged and not offered (retried once, then a reason)', async () => {
    const replies = ['ANSWER: I’m sorry, but I can’t write a commit message without seeing the diff.', 'ANSWER: API Error: 529 {"type":"error","error":{"type":"overloaded_error"}}'];
    server.setPolicy(() => ({ text: replies.shift() ?? 'SKIP' }));
    const { h, id } = await sessionWithChange(modelEnv());
    const r = await h.ok('git:suggestCommitMessage', { id });
    expect(r.message).toBeNull();
    expect(r.reason).toContain('not a usable commit message');
    const log = await h.ok('ambient:log', { limit: 10 });
    // Newest first: the second attempt says why it was made (issue 28: it read as a duplicate).
    expect(log.filter((c) => c.kind === 'commit-message').map((c) => [c.verdict, c.retryOf])).toEqual([
      ['reject', 'reject'],
      ['reject', null],
    ]);
    expect(server.requests).toHaveLength(2);
  });

  it('ambient off or offline: no call, and the reason says why', async () => {
    for (const provider of ['off', 'offline']) {
      const { h, id } = await sessionWithChange({ SWARMDESK_AMBIENT_PROVIDER: provider });
      const r = await h.ok('git:suggestCommitMessage', { id });
      expect(r.message).toBeNull();
      expect(r.reason).toMatch(/^No suggestion: /);
      await h.core.close();
      harness = null;
    }
    expect(server.requests).toHaveLength(0);
  });
});

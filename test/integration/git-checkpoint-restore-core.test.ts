import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCore, type Harness } from '../unit/core/harness';
import { coreGitEnv, git, makeRepo } from '../support/gitRepo';

// Seeing and restoring a turn through a real core's channels (issue 36: checkpoints:list, :diff, :restore), on a real repository.
let harness: Harness | null = null;
const made: string[] = [];
afterEach(async () => {
  await harness?.core.close();
  harness = null;
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('checkpoints channels', () => {
  it('is refused while the agent works, with the reason, and restores once the turn is over (the present recorded at the newest entry)', async () => {
    const h = (harness = startCore({ env: coreGitEnv() }));
    const repo = makeRepo('core restore repo');
    made.push(dirname(repo));
    const { sessions, hooks, checkpoints } = h.core.services;
    const chat = sessions.create({ kind: 'chat', folder: repo });
    sessions.appendEntry(chat.id, 'user', 'Write notes');
    writeFileSync(join(repo, 'notes.md'), 'good notes\n');
    hooks.emit('turnCompleted', sessions.get(chat.id));
    await checkpoints.settled();
    const [good] = (await h.ok('checkpoints:list', { id: chat.id })).items;
    if (!good) throw new Error('no checkpoint');
    expect((await h.ok('checkpoints:diff', { id: chat.id, commit: good.commit })).patch).toContain('+good notes');
    expect(await h.call('checkpoints:diff', { id: chat.id, commit: 'HEAD' })).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });

    sessions.setStatus(chat.id, 'working');
    writeFileSync(join(repo, 'notes.md'), 'wrecked\n');
    expect(await h.call('checkpoints:restore', { id: chat.id, commit: good.commit })).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: expect.stringMatching(/agent is working/) },
    });
    expect(readFileSync(join(repo, 'notes.md'), 'utf8')).toBe('wrecked\n');

    const last = sessions.appendEntry(chat.id, 'assistant', 'Rewrote notes');
    sessions.setStatus(chat.id, 'idle');
    const result = await h.ok('checkpoints:restore', { id: chat.id, commit: good.commit });
    expect(readFileSync(join(repo, 'notes.md'), 'utf8')).toBe('good notes\n');
    expect(result.before.turn).toBe(String(last.seq));
    expect(git(repo, 'show', `${result.before.commit}:notes.md`)).toBe('wrecked');
    expect((await h.ok('checkpoints:list', { id: chat.id })).items.map((c) => c.commit)).toEqual([result.before.commit, good.commit]);
  });
});

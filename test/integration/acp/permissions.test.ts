import { mkdirSync, readFileSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../../../src/main/core/logger';
import { until } from '../../support/until';
import { tempDir } from '../agents/helpers';
import { entries, entryOf, fails, ok, pushed, startCore, statusBecomes, statusOf, useFakeAgent, type Harness } from './harness';

setLogSink(() => {});

let dir: ReturnType<typeof tempDir>;
let h: Harness;
beforeEach(async () => {
  dir = tempDir('acp-perm');
  h = startCore(dir.path);
  await useFakeAgent(h);
});
afterEach(async () => {
  await h.core.close();
  dir.remove();
});

async function pending(id: string) {
  return until(async () => (await ok(h, 'acp:permission', { id })).request, { message: 'a pending permission request' });
}

describe('ACP permission requests and fs/*', () => {
  it('a write asks permission (waiting, the push, the agent’s own options); Allow lands the file and its diff; Reject is recorded and writes nothing', async () => {
    const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' });
    await ok(h, 'sessions:send', { id: row.id, text: 'write notes.txt' });
    const req = await pending(row.id);
    expect(statusOf(h, row.id)).toBe('waiting');
    expect(req).toMatchObject({ title: 'WriteFile notes.txt', toolKind: 'edit', locations: ['notes.txt'] });
    expect(req.options.map((o) => o.name)).toEqual(['Allow for this session', 'Allow', 'Reject']);
    expect(pushed(h, 'acp:permission').at(-1)).toEqual({ sessionId: row.id, request: req });
    await entryOf(h, row.id, 'note', /^Permission asked: WriteFile notes.txt$/);

    await ok(h, 'acp:answerPermission', { id: row.id, requestId: req.requestId, optionId: 'proceed_once' });
    expect(pushed(h, 'acp:permission').at(-1)).toEqual({ sessionId: row.id, request: null });
    await entryOf(h, row.id, 'assistant', /Wrote notes.txt/);
    await statusBecomes(h, row.id, 'idle');
    expect(readFileSync(join(h.work, 'notes.txt'), 'utf8')).toBe('hello from the agent\n');
    const answered = await entryOf(h, row.id, 'note', /^You chose “Allow”: WriteFile notes.txt$/);
    expect(answered.meta).toMatchObject({ permission: 'answered', requestId: req.requestId, optionId: 'proceed_once', optionKind: 'allow_once' });
    const use = await entryOf(h, row.id, 'tool-use');
    expect(use.meta).toMatchObject({ tool: 'edit', summary: 'WriteFile notes.txt', status: 'pending' });
    const result = await entryOf(h, row.id, 'tool-result');
    expect(result.text).toBe('--- a/notes.txt\n+++ b/notes.txt\n+hello from the agent');
    expect(result.meta).toMatchObject({ isError: false, diffPaths: 'notes.txt', toolCallId: use.meta?.toolCallId });
    // An answer to a request no longer pending.
    expect(await fails(h, 'acp:answerPermission', { id: row.id, requestId: req.requestId, optionId: 'proceed_once' })).toMatchObject({ code: 'NOT_FOUND' });

    await ok(h, 'sessions:send', { id: row.id, text: 'write other.txt' });
    const second = await pending(row.id);
    expect(second.requestId).not.toBe(req.requestId);
    await ok(h, 'acp:answerPermission', { id: row.id, requestId: second.requestId, optionId: 'cancel' });
    await entryOf(h, row.id, 'assistant', /Not written/);
    await entryOf(h, row.id, 'note', /^You chose “Reject”: WriteFile other.txt$/);
    const failed = entries(h, row.id).filter((e) => e.kind === 'tool-result').at(-1);
    expect(failed?.meta).toMatchObject({ isError: true, diffPaths: null });
    expect(existsSync(join(h.work, 'other.txt'))).toBe(false);
    await statusBecomes(h, row.id, 'idle');
    const statuses = pushed(h, 'session:changed').filter((p) => p.id === row.id).map((p) => p.status);
    expect(statuses).toContain('working');
  });

  it('fs outside the folder is refused: `..`, a symlink pointing out; a read honours line and limit', async () => {
    const outside = join(dir.path, 'outside.txt');
    writeFileSync(outside, 'secret\n');
    mkdirSync(join(dir.path, 'elsewhere'));
    symlinkSync(join(dir.path, 'elsewhere'), join(h.work, 'link'));
    writeFileSync(join(h.work, 'lines.txt'), 'one\ntwo\nthree\nfour\n');
    const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' });

    await ok(h, 'sessions:send', { id: row.id, text: 'read ../outside.txt' });
    await entryOf(h, row.id, 'assistant', /^read refused: /);
    const note = await entryOf(h, row.id, 'note', /^Refused the agent's read of /);
    expect(note.text).toContain(outside);
    expect(note.meta).toEqual({ refused: 'fs/read_text_file' });
    expect(entries(h, row.id).some((e) => e.text.includes('secret'))).toBe(false);
    await statusBecomes(h, row.id, 'idle');

    await ok(h, 'sessions:send', { id: row.id, text: 'write link/x.txt' });
    const req = await pending(row.id);
    await ok(h, 'acp:answerPermission', { id: row.id, requestId: req.requestId, optionId: 'proceed_once' });
    await entryOf(h, row.id, 'assistant', /Could not write link\/x.txt/);
    const refusedWrite = await entryOf(h, row.id, 'note', /^Refused the agent's write of link\/x.txt: .*symbolic link/);
    expect(refusedWrite.meta).toEqual({ refused: 'fs/write_text_file' });
    expect(existsSync(join(dir.path, 'elsewhere', 'x.txt'))).toBe(false);
    await statusBecomes(h, row.id, 'idle');

    await ok(h, 'sessions:send', { id: row.id, text: 'read lines.txt 2 2' });
    await entryOf(h, row.id, 'assistant', /^read: two\nthree$/);
  });
});

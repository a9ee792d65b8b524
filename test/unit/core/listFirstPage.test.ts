import { afterEach, describe, expect, it } from 'vitest';
import { startCore, type Harness } from './harness';

let h: Harness;
afterEach(async () => {
  await h.core.close();
});

const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

/** Seven sessions; one pinned, one archived, one moved: the order is not creation order. */
async function swarm(): Promise<string[]> {
  const made: string[] = [];
  for (let i = 0; i < 7; i++) made.push((await h.ok('sessions:create', { kind: 'chat' })).id);
  await h.ok('sessions:setPinned', { id: made[2] as string, pinned: true });
  await h.ok('sessions:setArchived', { id: made[4] as string, archived: true });
  await h.ok('sessions:move', { id: made[6] as string, beforeId: null });
  return made;
}

describe('sessions:list, first page (issue 9: a lean first paint)', () => {
  it('with a limit: the first rows of the whole list, in its order (pinned first, archived left out unless asked)', async () => {
    h = startCore();
    await swarm();
    for (const includeArchived of [false, true]) {
      const all = ids(await h.ok('sessions:list', { includeArchived }));
      for (const limit of [1, 2, 3, all.length, all.length + 5]) {
        expect(ids(await h.ok('sessions:list', { includeArchived, limit }))).toEqual(all.slice(0, limit));
      }
    }
    const page = await h.ok('sessions:list', { limit: 2 });
    expect(page[0]?.pinned).toBe(true);
    expect(page.some((row) => row.archived)).toBe(false);
  });

  it('the rows of a page are whole rows, the same as the whole list carries', async () => {
    h = startCore();
    await swarm();
    const all = await h.ok('sessions:list', {});
    expect(await h.ok('sessions:list', { limit: 3 })).toEqual(all.slice(0, 3));
  });

  it('keyset pages (after the last row of the page before) walk the whole list once, across the pinned and unpinned groups', async () => {
    h = startCore();
    const made = await swarm();
    await h.ok('sessions:setPinned', { id: made[5] as string, pinned: true });
    for (const includeArchived of [false, true]) {
      const all = ids(await h.ok('sessions:list', { includeArchived }));
      for (const limit of [1, 2, 3, 5]) {
        const walked: string[] = [];
        let page = await h.ok('sessions:list', { includeArchived, limit });
        while (page.length > 0) {
          walked.push(...ids(page));
          const last = page[page.length - 1]!;
          page = await h.ok('sessions:list', { includeArchived, limit, after: { pinned: last.pinned, updatedAt: last.updatedAt, id: last.id } });
        }
        expect(walked).toEqual(all);
      }
    }
  });

  it('a list row carries what a row shows: not the agent facts (backendId, createdAt), the first line only without a title; a page after a row that is gone continues in order', async () => {
    h = startCore();
    const made = await swarm();
    const all = await h.ok('sessions:list', {});
    expect(Object.keys(all[0]!)).not.toContain('backendId');
    expect(Object.keys(all[0]!)).not.toContain('createdAt');
    const whole = await h.ok('sessions:get', { id: all[0]!.id });
    expect(whole).toMatchObject({ ...all[0], backendId: null });
    // The first user line travels only where it is the label: a titled row's list row leaves it out.
    const [titled, untitled] = [made[0] as string, made[1] as string];
    h.core.services.sessions.appendEntry(titled, 'user', 'the kumquat importer drops rows');
    h.core.services.sessions.appendEntry(untitled, 'user', 'look at the websocket retry');
    await h.ok('sessions:rename', { id: titled, title: 'Kumquat importer fix' });
    const listed = await h.ok('sessions:list', {});
    expect(listed.find((r) => r.id === titled)).toMatchObject({ title: 'Kumquat importer fix', firstUserLine: null });
    expect(listed.find((r) => r.id === untitled)).toMatchObject({ title: null, firstUserLine: 'look at the websocket retry' });
    expect(await h.ok('sessions:get', { id: titled })).toMatchObject({ firstUserLine: 'the kumquat importer drops rows' });
    const cut = all[2]!;
    await h.ok('sessions:delete', { id: cut.id });
    const rest = await h.ok('sessions:list', { after: { pinned: cut.pinned, updatedAt: cut.updatedAt, id: cut.id } });
    expect(ids(rest)).toEqual(ids(all.slice(3)));
    expect(made).toContain(cut.id);
  });

  it('a limit outside 1..10,000 is BAD_INPUT', async () => {
    h = startCore();
    for (const limit of [0, -1, 1.5, 10_001]) {
      expect(await h.call('sessions:list', { limit })).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    }
  });
});

// The title path's guard in the sessions service (issue 7, section 5): an automatic title is
// judged before it is stored, a person's rename is judged as a person's, and titles already
// in the database are judged again on read, for whoever wrote them.
import { afterEach, describe, expect, it } from 'vitest';
import { startCore, type Harness } from './harness';

let h: Harness;
afterEach(async () => {
  await h.core.close();
});

const AUTO_PLACEHOLDERS = [
  'API Error: 404 {"type":"error","error":{"type":"not_found_error","message":"model: claude-3-5-haiku-20241022"}}',
  'Request failed with status code 529',
  'New session - 2026-12-02T09:14:03.512Z',
  '<command-name>/clear</command-name>',
  'Agent 2',
];

describe('sessions service: the judge on the title path', () => {
  it.each(AUTO_PLACEHOLDERS.map((t) => [t]))('refuses the automatic title %j and stores nothing', async (value) => {
    h = startCore();
    const row = await h.ok('sessions:create', { kind: 'chat' });
    const s = h.core.services.sessions;
    expect(() => s.setAutoTitle(row.id, { value, source: 'auto', model: 'haiku' })).toThrow(
      expect.objectContaining({ code: 'TITLE_REJECTED' }),
    );
    // Nothing was written: no history item, no title change announced.
    expect(await h.ok('sessions:titleHistory', { id: row.id })).toEqual([]);
    expect(h.eventsOf('session:changed').filter((r) => r.id === row.id && r.titleSource !== null)).toEqual([]);
  });

  it('accepts a person’s "Worker 2", keeps it after a restart and after release', async () => {
    h = startCore();
    const dataDir = h.dataDir;
    const row = await h.ok('sessions:create', { kind: 'chat' });
    const renamed = await h.ok('sessions:rename', { id: row.id, title: 'Worker 2' });
    expect(renamed).toMatchObject({ title: 'Worker 2', titleSource: 'user', titlePinned: true });
    expect(await h.ok('sessions:rename', { id: row.id, title: 'Worker task 111' })).toMatchObject({ title: 'Worker task 111' });
    await h.core.close();

    h = startCore({ dataDir });
    expect(await h.ok('sessions:get', { id: row.id })).toMatchObject({ title: 'Worker task 111', titleSource: 'user' });
    expect(await h.ok('sessions:releaseTitle', { id: row.id })).toMatchObject({ title: 'Worker task 111', titlePinned: false });
    expect((await h.ok('sessions:titleHistory', { id: row.id })).map((i) => i.value)).toEqual(['Worker 2', 'Worker task 111']);
  });

  it('stores a rename and a generated title without control characters (issue 28: "Fix\\u0007 login\\u001b[31m flow" was stored as given)', async () => {
    h = startCore();
    const row = await h.ok('sessions:create', { kind: 'chat' });
    expect(await h.ok('sessions:rename', { id: row.id, title: 'Fix\u0007 login\u001b[31m flow' })).toMatchObject({ title: 'Fix login flow', titleSource: 'user' });
    expect(await h.call('sessions:rename', { id: row.id, title: '\u001b[31m\u0007' })).toEqual({ ok: false, error: { code: 'TITLE_REJECTED', message: "A title can't be empty." } });
    const other = await h.ok('sessions:create', { kind: 'chat' });
    const s = h.core.services.sessions;
    expect(s.setAutoTitle(other.id, { value: 'Retry\u0000 loop\u009b1m in the uploader', source: 'auto', model: 'haiku' }).row).toMatchObject({ title: 'Retry loop in the uploader' });
    expect(s.setSubtitle(other.id, 'Running\u001b[2K tests\u0007').subtitle).toBe('Running tests');
    const stored = [...(await h.ok('sessions:titleHistory', { id: row.id })), ...(await h.ok('sessions:titleHistory', { id: other.id }))].map((i) => i.value);
    expect(stored).toEqual(['Fix login flow', 'Retry loop in the uploader']);
  });

  it('refuses a person’s default name or error text, saying why', async () => {
    h = startCore();
    const row = await h.ok('sessions:create', { kind: 'chat' });
    expect(await h.call('sessions:rename', { id: row.id, title: 'New session - 2026-12-02T09:14:03.512Z' })).toEqual({
      ok: false,
      error: { code: 'TITLE_REJECTED', message: "A title can't be a default name like “New chat” or “Session 3”." },
    });
    expect(await h.call('sessions:rename', { id: row.id, title: 'Request failed with status code 529' })).toEqual({
      ok: false,
      error: { code: 'TITLE_REJECTED', message: "A title can't be an error message." },
    });
  });

  it('heals a database that already holds such titles: judged on read, for their source', async () => {
    h = startCore();
    const store = h.core.services.store;
    const ids: string[] = [];
    const stored: Array<[string, 'imported' | 'auto' | 'user']> = [
      ['API Error: 401 {"type":"error","error":{"type":"authentication_error","message":"OAuth token has expired."}}', 'imported'],
      ['Request failed with status code 529', 'imported'],
      ['Agent 2', 'auto'],
      ['Worker 2', 'user'],
    ];
    for (const [title, source] of stored) {
      const row = await h.ok('sessions:create', { kind: 'chat' });
      store.sessions.setTitle(row.id, { title, source, pinned: false });
      ids.push(row.id);
    }
    const byId = new Map((await h.ok('sessions:list', {})).map((r) => [r.id, r.title]));
    expect(ids.map((id) => byId.get(id))).toEqual([null, null, null, 'Worker 2']);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { buildContinueMessage, continuedFromNote, usableSummary } from '../../../src/main/core/usecases/continueIn';
import { startCore, type Harness } from './harness';

let h: Harness;
afterEach(async () => {
  await h.core.close();
});

const SUMMARY = 'Moved the CSV importer to streaming parsing and added a test for quoted newlines.';

async function originWithHistory(summary: string | null): Promise<string> {
  const row = await h.ok('sessions:create', { kind: 'claude-code' });
  await h.ok('sessions:send', { id: row.id, text: 'first ask' });
  await h.ok('sessions:send', { id: row.id, text: 'Now make the importer skip empty lines' });
  if (summary !== null) h.core.services.store.sessionOptions.set(row.id, 'summary', { text: summary, at: 1 });
  return row.id;
}

describe('sessions:continueIn', () => {
  it('starts a chat in the same folder, linked, seeded with the summary and the last request', async () => {
    h = startCore({ env: { SWARMDESK_AMBIENT_PROVIDER: 'offline' } });
    const originId = await originWithHistory(SUMMARY);
    const origin = await h.ok('sessions:get', { id: originId });
    const next = await h.ok('sessions:continueIn', { id: originId, kind: 'chat' });
    expect(next.kind).toBe('chat');
    expect(next.folder).toBe(origin.folder);
    expect(next.parentId).toBeNull(); // not nested as a subagent
    const entries = (await h.ok('entries:page', { id: next.id, limit: 50 })).entries;
    const firstUser = entries.find((e) => e.kind === 'user');
    expect(firstUser?.text).toContain(`Summary so far: ${SUMMARY}`);
    expect(firstUser?.text).toContain('Last request: Now make the importer skip empty lines');
    expect(entries.find((e) => e.kind === 'note' && e.text.startsWith('Continued from a Claude Code session'))?.meta).toEqual({ continuedFrom: originId });
    const originEntries = (await h.ok('entries:page', { id: originId, limit: 50 })).entries;
    expect(originEntries.at(-1)).toMatchObject({ kind: 'note', text: 'Continued in a new Chat session.', meta: { continuedIn: next.id } });
  });

  it('gives a terminal the seed as a note, never as typed input', async () => {
    h = startCore({ env: { SWARMDESK_AMBIENT_PROVIDER: 'offline' } });
    const originId = await originWithHistory(SUMMARY);
    const next = await h.ok('sessions:continueIn', { id: originId, kind: 'terminal' });
    const entries = (await h.ok('entries:page', { id: next.id, limit: 50 })).entries;
    expect(entries.some((e) => e.kind === 'user')).toBe(false);
    expect(entries.some((e) => e.kind === 'note' && e.text.includes(`Summary so far: ${SUMMARY}`))).toBe(true);
  });

  it('leaves out a summary the judge refuses and still carries the last request', async () => {
    h = startCore({ env: { SWARMDESK_AMBIENT_PROVIDER: 'offline' } });
    const originId = await originWithHistory("I'm sorry, but I can't help with that.");
    const next = await h.ok('sessions:continueIn', { id: originId, kind: 'chat' });
    const firstUser = (await h.ok('entries:page', { id: next.id, limit: 50 })).entries.find((e) => e.kind === 'user');
    expect(firstUser?.text).not.toContain('Summary so far');
    expect(firstUser?.text).not.toContain('sorry');
    expect(firstUser?.text).toContain('Last request: Now make the importer skip empty lines');
  });

  it('with ambient off says why it cannot, and creates nothing', async () => {
    h = startCore(); // the harness runs with ambient off
    const originId = await originWithHistory(SUMMARY);
    const before = (await h.ok('sessions:list', { includeArchived: true })).length;
    const r = await h.call('sessions:continueIn', { id: originId, kind: 'chat' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('UNAVAILABLE');
      expect(r.error.message).toBe('Continue in… needs the running summary, and ambient work is off (Settings).');
    }
    expect((await h.ok('sessions:list', { includeArchived: true })).length).toBe(before);
  });
});

describe('continueIn pieces', () => {
  it('judges the stored summary as model output', () => {
    expect(usableSummary({ text: SUMMARY, at: 1 })).toBe(SUMMARY);
    expect(usableSummary({ text: 'Error: 429 Too Many Requests', at: 1 })).toBeNull();
    expect(usableSummary({ at: 1 })).toBeNull();
    expect(usableSummary(undefined)).toBeNull();
  });

  it('builds the seed from what there is', () => {
    expect(buildContinueMessage({ originKind: 'chat', folder: '/p', summary: null, lastRequest: 'do it' })).toBe(
      'Continuing work from a Chat session in /p.\n\nLast request: do it',
    );
    expect(buildContinueMessage({ originKind: 'imported', folder: '/p', summary: null, lastRequest: 'do it' })).toBe(
      'Continuing work from an imported session in /p.\n\nLast request: do it',
    );
  });

  it('names the origin in a sentence that reads right for every kind', () => {
    expect(continuedFromNote({ kind: 'imported', title: null })).toBe('Continued from an imported session.');
    expect(continuedFromNote({ kind: 'claude-code', title: 'Fix the login redirect' })).toBe('Continued from a Claude Code session (“Fix the login redirect”).');
    expect(continuedFromNote({ kind: 'terminal', title: null })).toBe('Continued from a Terminal session.');
  });
});

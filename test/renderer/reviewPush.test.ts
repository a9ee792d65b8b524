import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { subscribeToPushes } from '../../src/renderer/src/boot/pushes';
import { refreshAfterReconnect } from '../../src/renderer/src/boot/refresh';
import { setApi } from '../../src/renderer/src/bridge';
import { addComment, loadReview, useReview } from '../../src/renderer/src/features/review/actions';
import { resetReviewStore } from '../../src/renderer/src/features/review/store';
import type { ReviewComment } from '../../src/shared/domain/review';
import { until } from '../support/until';
import { FakeApi, makeRow } from './support/fakeApi';

/** `review:changed` (issue 35): the review store reads that session's comments again, where it holds them. */

function comment(id: string, body: string, state: ReviewComment['state'] = 'draft'): ReviewComment {
  return { id, sessionId: 'w', path: 'src/app.ts', side: 'new', startLine: 2, endLine: 2, quote: 'const b = 3;', headSha: null, contentHash: null, origin: 'local', state, body, createdAt: 1, updatedAt: 1, sentAt: null };
}

let fake: FakeApi;
let stored: ReviewComment[];
let off: () => void = () => undefined;

beforeEach(() => {
  resetReviewStore();
  fake = new FakeApi([makeRow({ id: 'w', kind: 'chat' }), makeRow({ id: 'other', kind: 'chat' })]);
  stored = [];
  fake.override('review:list', () => ({ ok: true, value: { comments: [...stored] } }));
  setApi(fake);
  off = subscribeToPushes(fake);
});
afterEach(() => off());

const bodies = (id: string): string[] | undefined => useReview.getState().comments[id]?.map((c) => `${c.body} (${c.state})`);

describe('review:changed', () => {
  it("a held session's comments are read again; one never shown here is not read", async () => {
    await loadReview('w');
    expect(bodies('w')).toEqual([]);
    stored.push(comment('c1', 'Call it total'));
    fake.push('review:changed', { sessionId: 'w' });
    await until(() => bodies('w')?.length === 1, { message: 'the draft added elsewhere' });
    expect(bodies('w')).toEqual(['Call it total (draft)']);

    stored[0] = comment('c1', 'Call it total', 'outdated');
    fake.push('review:changed', { sessionId: 'w' });
    await until(() => bodies('w')?.[0] === 'Call it total (outdated)', { message: 'the comment outdated by a turn' });

    const before = fake.callsTo('review:list').length;
    fake.push('review:changed', { sessionId: 'other' });
    expect(fake.callsTo('review:list').length).toBe(before);
    expect(bodies('other')).toBeUndefined();
  });

  it('an older answer arriving after a newer one is dropped', async () => {
    await loadReview('w');
    const answers: Array<(comments: ReviewComment[]) => void> = [];
    fake.override('review:list', () => new Promise((resolve) => answers.push((comments) => resolve({ ok: true, value: { comments } }))));
    const older = loadReview('w');
    const newer = loadReview('w');
    await until(() => answers.length === 2, { message: 'both reads asked' });
    answers[1]!([comment('c1', 'newer')]);
    await newer;
    answers[0]!([]);
    await older;
    expect(bodies('w')).toEqual(['newer (draft)']);
  });

  it("a draft added here whose push was read before the add's reply is listed once", async () => {
    await loadReview('w');
    fake.override('review:add', async (input) => {
      const c = comment('c1', input.body);
      stored.push(c);
      fake.push('review:changed', { sessionId: 'w' });
      await until(() => bodies('w')?.length === 1, { message: 'the pushed read to land first' });
      return { ok: true, value: c };
    });
    expect(await addComment('w', { path: 'src/app.ts', side: 'new', startLine: 2 }, 'Call it total')).toEqual({ ok: true });
    expect(bodies('w')).toEqual(['Call it total (draft)']);
  });

  it('a removed session is forgotten; a reconnect reads every held review again', async () => {
    await loadReview('w');
    await loadReview('other');
    fake.push('session:removed', { id: 'other' });
    expect(bodies('other')).toBeUndefined();
    stored.push(comment('c1', 'missed while away'));
    await refreshAfterReconnect();
    expect(bodies('w')).toEqual(['missed while away (draft)']);
    expect(bodies('other')).toBeUndefined();
  });
});

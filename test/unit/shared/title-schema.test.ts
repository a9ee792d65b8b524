import { describe, expect, it } from 'vitest';
import { SessionRowSchema, TitleHistoryItemSchema } from '../../../src/shared/domain/session';
import { type Title, TitleSchema } from '../../../src/shared/domain/title';
import corpus from '../../../src/shared/judge/corpus.json';

describe('TitleSchema', () => {
  it('accepts exactly the usable titles of the corpus, a person’s deliberate names included', () => {
    const personAccepted = new Set(corpus.titles.personAccepted);
    for (const title of corpus.titles.accepted) expect(TitleSchema.safeParse(title).success, title).toBe(true);
    for (const title of corpus.titles.rejected) {
      expect(TitleSchema.safeParse(title).success, title).toBe(personAccepted.has(title));
    }
  });

  it('rejects non-strings and says why', () => {
    expect(TitleSchema.safeParse(42).success).toBe(false);
    const result = TitleSchema.safeParse('(none yet)');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('not a usable title');
  });

  it('brands the parsed value', () => {
    const title: Title = TitleSchema.parse('Fix login redirect');
    expect(title).toBe('Fix login redirect');
  });

  it('keeps a placeholder out of a session row', () => {
    const row = {
      id: 's1',
      kind: 'chat',
      folder: '/tmp',
      status: 'idle',
      archived: false,
      pinned: false,
      position: 0,
      parentId: null,
      title: 'New chat',
      titleSource: 'auto',
      titlePinned: false,
      firstUserLine: null,
      subtitle: null,
      unread: false,
      createdAt: 1,
      updatedAt: 1,
      backendId: null,
    };
    expect(SessionRowSchema.safeParse(row).success).toBe(false);
    expect(SessionRowSchema.safeParse({ ...row, title: 'Fix login redirect' }).success).toBe(true);
    expect(SessionRowSchema.safeParse({ ...row, title: null }).success).toBe(true);
  });

  it('keeps a person’s deliberate "Worker 2" in a row, and a model’s out', () => {
    const row = {
      id: 's1',
      kind: 'chat',
      folder: '/tmp',
      status: 'idle',
      archived: false,
      pinned: false,
      position: 0,
      parentId: null,
      title: 'Worker 2',
      titleSource: 'user',
      titlePinned: true,
      firstUserLine: null,
      subtitle: null,
      unread: false,
      createdAt: 1,
      updatedAt: 1,
      backendId: null,
    };
    expect(SessionRowSchema.safeParse(row).success).toBe(true);
    for (const titleSource of ['auto', 'imported', 'recovered']) {
      expect(SessionRowSchema.safeParse({ ...row, titleSource, titlePinned: false }).success, titleSource).toBe(false);
    }
    // A default name or an error text is refused whoever wrote it.
    for (const title of ['New session - 2026-12-02T09:14:03.512Z', 'API Error: 401 {"type":"error"}']) {
      expect(SessionRowSchema.safeParse({ ...row, title }).success, title).toBe(false);
    }
    const history = { value: 'Worker 2', source: 'user', model: null, at: 1 };
    expect(TitleHistoryItemSchema.safeParse(history).success).toBe(true);
    expect(TitleHistoryItemSchema.safeParse({ ...history, source: 'auto' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { SessionRowSchema } from '../../../src/shared/domain/session';
import { type Title, TitleSchema } from '../../../src/shared/domain/title';
import corpus from '../../../src/shared/judge/corpus.json';

describe('TitleSchema', () => {
  it('accepts exactly the usable titles of the corpus', () => {
    for (const title of corpus.titles.accepted) expect(TitleSchema.safeParse(title).success, title).toBe(true);
    for (const title of corpus.titles.rejected) expect(TitleSchema.safeParse(title).success, title).toBe(false);
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
});

import { describe, expect, it } from 'vitest';
import { topLevelType } from '../../../src/main/core/agents/import/recordType';

const t = (s: string) => topLevelType(Buffer.from(s));

describe('topLevelType', () => {
  it('finds the type at the start or after a large nested payload', () => {
    expect(t('{"type":"user","message":{"content":"x"}}')).toBe('user');
    const big = 'y'.repeat(200_000);
    expect(t(`{"attachment":{"type":"file","content":"${big}"},"type":"attachment","uuid":"u"}`)).toBe('attachment');
  });
  it('ignores "type" keys of nested objects and inside strings', () => {
    expect(t('{"message":{"content":[{"type":"text","text":"\\"type\\":\\"evil\\""}]},"type":"assistant"}')).toBe('assistant');
    expect(t('{"a":"\\\\","type":"summary"}')).toBe('summary');
    expect(t('{"list":[{"type":"x"},"type"],"b":1}')).toBeNull();
  });
  it('is null for non-objects, a non-string type and unterminated input', () => {
    expect(t('[{"type":"user"}]')).toBeNull();
    expect(t('{"type":3}')).toBeNull();
    expect(t('{"message":"never closed')).toBeNull();
    expect(t('\u0000\u00ff garbage')).toBeNull();
  });
});

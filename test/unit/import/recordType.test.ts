import { describe, expect, it } from 'vitest';
import { pickMembers, topLevelType } from '../../../src/main/core/agents/import/recordType';

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

describe('pickMembers', () => {
  const pick = (s: string, keys: string[]) => pickMembers(Buffer.from(s), new Set(keys));
  it('parses only the wanted top-level members, whatever their shape', () => {
    const line = JSON.stringify({ type: 'user', toolUseResult: { content: 'z'.repeat(50_000), n: [1, { a: '}' }] }, message: { content: [{ type: 'text', text: 'hi "there"' }] }, n: -1.5e3, ok: true, nil: null });
    expect(pick(line, ['type', 'message', 'n', 'ok', 'nil'])).toEqual({ type: 'user', message: { content: [{ type: 'text', text: 'hi "there"' }] }, n: -1500, ok: true, nil: null });
  });
  it('handles whitespace and escaped keys, and an empty object', () => {
    expect(pick(' { "a" : 1 , "t\\u0079pe" : "x" } ', ['type', 'a'])).toEqual({ a: 1, type: 'x' });
    expect(pick('{}', ['type'])).toEqual({});
  });
  it('is null for malformed or truncated objects', () => {
    expect(pick('{"type":"user","message":{"content":"cut', ['type'])).toBeNull();
    expect(pick('{"type" "user"}', ['type'])).toBeNull();
    expect(pick('{"message":{bad},"type":"user"}', ['message'])).toBeNull();
    expect(pick('[1]', ['type'])).toBeNull();
  });
});

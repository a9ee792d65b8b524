import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonTextDeeperThan, valueDeeperThan } from '../../../src/shared/jsonDepth';

/** The plain recursive definition, for values shallow enough to recurse over. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + children.reduce<number>((deepest, child) => Math.max(deepest, depthOf(child)), 0);
}

/** JSON values up to ~12 levels, strings full of brackets, quotes and backslashes among them. */
const trickyString = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', ' ', '\n', 'é') });
const { value: jsonValue } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), trickyString), tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(trickyString, tie('value'), { maxKeys: 4 }),
}));

function nested(depth: number, open = '[', close = ']'): string {
  return open.repeat(depth) + close.repeat(depth);
}

describe('jsonTextDeeperThan and valueDeeperThan', () => {
  it('agree with the recursive depth on any JSON value, for any limit', () => {
    fc.assert(
      fc.property(jsonValue, fc.integer({ min: 0, max: 14 }), (value, limit) => {
        const expected = depthOf(value) > limit;
        expect(jsonTextDeeperThan(JSON.stringify(value), limit)).toBe(expected);
        expect(jsonTextDeeperThan(JSON.stringify(value, null, 2), limit)).toBe(expected);
        expect(valueDeeperThan(value, limit)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('counts brackets inside strings as text, escaped quotes included', () => {
    expect(jsonTextDeeperThan(JSON.stringify({ a: '[[[[{{{{' }), 1)).toBe(false);
    expect(jsonTextDeeperThan('["\\"[[[[", ["\\\\"]]', 2)).toBe(false);
    expect(jsonTextDeeperThan('["\\"[[[[", [["\\\\"]]]', 2)).toBe(true);
  });

  it('answers on 5,000 and 200,000 levels (arrays and objects) without overflowing the stack', () => {
    for (const depth of [5_000, 200_000]) {
      const arrays = nested(depth);
      const objects = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
      for (const text of [arrays, objects]) {
        expect(jsonTextDeeperThan(text, 64)).toBe(true);
        expect(valueDeeperThan(JSON.parse(text), 64)).toBe(true);
        expect(jsonTextDeeperThan(text, depth)).toBe(false);
        expect(valueDeeperThan(JSON.parse(text), depth)).toBe(false);
      }
    }
    // An unclosed text is judged by what it opens.
    expect(jsonTextDeeperThan('['.repeat(200_000), 64)).toBe(true);
  });

  it('ends on shared and cyclic references: a cycle is deeper than any limit', () => {
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    expect(valueDeeperThan(cyclic, 1_000)).toBe(true);
    // 60 levels of a node shared twice per level: 2^60 paths, walked in linear time.
    let shared: unknown = 1;
    for (let i = 0; i < 60; i++) shared = [shared, shared];
    expect(valueDeeperThan(shared, 64)).toBe(false);
    expect(valueDeeperThan(shared, 59)).toBe(true);
    // A structured clone may carry a Map or a Set.
    expect(valueDeeperThan(new Map([['k', [[1]]]]), 2)).toBe(true);
    expect(valueDeeperThan(new Set([[1]]), 2)).toBe(false);
  });
});

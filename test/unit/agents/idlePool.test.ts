import { describe, expect, it } from 'vitest';
import { IdlePool } from '../../../src/main/core/agents/claude/idlePool';

describe('IdlePool (idle live CLIs across sessions)', () => {
  it('ends the least recently idle one past the cap, and never one that became busy', () => {
    const ended: string[] = [];
    const pool = new IdlePool(2);
    const a = {};
    const b = {};
    const c = {};
    const d = {};
    pool.add(a, () => ended.push('a'));
    pool.add(b, () => ended.push('b'));
    expect(ended).toEqual([]);
    pool.add(a, () => ended.push('a')); // idle again: now the most recent
    pool.add(c, () => ended.push('c'));
    expect(ended).toEqual(['b']);
    pool.remove(a); // busy
    pool.add(d, () => ended.push('d'));
    expect(ended).toEqual(['b']);
    expect(pool.size).toBe(2);
  });

  it('with a cap of 0 ends each process as it goes idle', () => {
    const ended: string[] = [];
    const pool = new IdlePool(0);
    pool.add({}, () => ended.push('x'));
    expect(ended).toEqual(['x']);
    expect(pool.size).toBe(0);
  });
});

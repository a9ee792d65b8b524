import { describe, expect, it } from 'vitest';
import { isUsableTitle } from '../../../src/shared/judge';

// isUsableTitle remembers verdicts (it runs on every stored title, several times per
// list). The memory must never change an answer, and must stay bounded.
describe('isUsableTitle memo', () => {
  it('gives the same verdicts on a repeat as on first sight', () => {
    const values = ['Fix kumquat websocket drops', 'Untitled', '(none yet)', 'Keep alive pings', 'New chat', ''];
    const first = values.map((v) => isUsableTitle(v));
    const again = values.map((v) => isUsableTitle(v));
    expect(again).toEqual(first);
    expect(first).toEqual([true, false, false, true, false, false]);
  });

  it('stays correct after far more distinct values than it keeps', () => {
    for (let i = 0; i < 60_000; i++) isUsableTitle(`Refactor module number ${i}`);
    expect(isUsableTitle('Untitled')).toBe(false);
    expect(isUsableTitle('Refactor module number 3')).toBe(true);
    expect(isUsableTitle(42)).toBe(false);
  });
});

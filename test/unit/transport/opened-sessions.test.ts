import { describe, expect, it } from 'vitest';
import { OpenedSessions } from '../../../src/main/transport/web/openedSessions';

describe('the sessions whose live pushes a socket gets (terminalOutput / streaming: opened)', () => {
  it('none before an open; from the open request on, before its reply; kept once it opened', () => {
    const t = new OpenedSessions('terminal:open');
    expect(t.wants('a')).toBe(false);
    const id = t.begin('terminal:open', { id: 'a', cols: 80, rows: 24 });
    expect(id).toBe('a');
    expect(t.wants('a')).toBe(true);
    t.settle('a', true);
    expect(t.wants('a')).toBe(true);
    expect(t.wants('b')).toBe(false);
  });

  it('a failed open sends nothing, unless another open of it is in flight or done', () => {
    const t = new OpenedSessions('terminal:open');
    t.begin('terminal:open', { id: 'a' });
    t.settle('a', false);
    expect(t.wants('a')).toBe(false);
    // Two in flight (a pane reopened meanwhile): the first fails, the second is still on its way, then opens.
    t.begin('terminal:open', { id: 'b' });
    t.begin('terminal:open', { id: 'b' });
    t.settle('b', false);
    expect(t.wants('b')).toBe(true);
    t.settle('b', true);
    expect(t.wants('b')).toBe(true);
    // Opened once: a later failed open of it does not stop its output.
    t.begin('terminal:open', { id: 'b' });
    t.settle('b', false);
    expect(t.wants('b')).toBe(true);
  });

  it('other channels and malformed inputs are no open', () => {
    const t = new OpenedSessions('terminal:open');
    expect(t.begin('terminal:input', { id: 'a', data: 'x' })).toBeNull();
    expect(t.begin('terminal:open', null)).toBeNull();
    expect(t.begin('terminal:open', { id: 7 })).toBeNull();
    expect(t.begin('terminal:open', { id: 'x'.repeat(129) })).toBeNull();
    expect(t.wants('a')).toBe(false);
  });

  it("a transcript's streaming flows from its entries:page request on; a terminal open is not one", () => {
    const t = new OpenedSessions('entries:page');
    expect(t.begin('terminal:open', { id: 'a', cols: 80, rows: 24 })).toBeNull();
    expect(t.wants('a')).toBe(false);
    expect(t.begin('entries:page', { id: 'a', limit: 50 })).toBe('a');
    expect(t.wants('a')).toBe(true);
    t.settle('a', true);
    expect(t.wants('a')).toBe(true);
  });
});

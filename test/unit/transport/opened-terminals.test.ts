import { describe, expect, it } from 'vitest';
import { OpenedTerminals } from '../../../src/main/transport/web/openedTerminals';

describe('the terminals whose output a socket gets (web mode, terminalOutput: opened)', () => {
  it('none before an open; from the open request on, before its reply; kept once it opened', () => {
    const t = new OpenedTerminals();
    expect(t.wants('a')).toBe(false);
    const id = t.begin('terminal:open', { id: 'a', cols: 80, rows: 24 });
    expect(id).toBe('a');
    expect(t.wants('a')).toBe(true);
    t.settle('a', true);
    expect(t.wants('a')).toBe(true);
    expect(t.wants('b')).toBe(false);
  });

  it('a failed open sends nothing, unless another open of it is in flight or done', () => {
    const t = new OpenedTerminals();
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
    const t = new OpenedTerminals();
    expect(t.begin('terminal:input', { id: 'a', data: 'x' })).toBeNull();
    expect(t.begin('terminal:open', null)).toBeNull();
    expect(t.begin('terminal:open', { id: 7 })).toBeNull();
    expect(t.begin('terminal:open', { id: 'x'.repeat(129) })).toBeNull();
    expect(t.wants('a')).toBe(false);
  });
});

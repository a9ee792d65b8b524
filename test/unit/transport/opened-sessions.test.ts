import { describe, expect, it } from 'vitest';
import { NarrowedPushes, OpenedSessions, type Opening } from '../../../src/main/transport/openedSessions';

const terminals = (): OpenedSessions => new OpenedSessions('terminal:open', 'terminal:close');
function open(t: OpenedSessions, id: string): Opening {
  const opening = t.begin('terminal:open', { id, cols: 80, rows: 24 });
  if (!opening) throw new Error('not an open');
  return opening;
}

describe('the sessions whose live pushes a socket gets (terminalOutput / streaming: opened)', () => {
  it('none before an open; from the open request on, before its reply; kept once it opened', () => {
    const t = terminals();
    expect(t.wants('a')).toBe(false);
    const opening = open(t, 'a');
    expect(opening.id).toBe('a');
    expect(t.wants('a')).toBe(true);
    t.settle(opening, true);
    expect(t.wants('a')).toBe(true);
    expect(t.wants('b')).toBe(false);
  });

  it('a failed open sends nothing, unless another open of it is in flight or done', () => {
    const t = terminals();
    t.settle(open(t, 'a'), false);
    expect(t.wants('a')).toBe(false);
    // Two in flight (a pane reopened meanwhile): the first fails, the second is still on its way, then opens.
    const first = open(t, 'b');
    const second = open(t, 'b');
    t.settle(first, false);
    expect(t.wants('b')).toBe(true);
    t.settle(second, true);
    expect(t.wants('b')).toBe(true);
    // Opened: a later failed open of it does not stop its output.
    t.settle(open(t, 'b'), false);
    expect(t.wants('b')).toBe(true);
  });

  it('a close ends the output at once; an open sent before it and answered after it opens nothing', () => {
    const t = terminals();
    t.settle(open(t, 'a'), true);
    expect(t.begin('terminal:close', { id: 'a' })).toBeNull();
    expect(t.wants('a')).toBe(false);
    // A pane opened and closed before its open was answered: the late answer does not start the output again.
    const late = open(t, 'b');
    t.begin('terminal:close', { id: 'b' });
    t.settle(late, true);
    expect(t.wants('b')).toBe(false);
  });

  it('closed and opened again (a pane reloading its screen): the output flows, whatever the old open answers', () => {
    const t = terminals();
    const old = open(t, 'a');
    t.begin('terminal:close', { id: 'a' });
    const again = open(t, 'a');
    expect(t.wants('a')).toBe(true);
    t.settle(old, false); // the old one's failure is not the new one's
    expect(t.wants('a')).toBe(true);
    t.settle(again, true);
    expect(t.wants('a')).toBe(true);
  });

  it('other channels and malformed inputs are no open', () => {
    const t = terminals();
    expect(t.begin('terminal:input', { id: 'a', data: 'x' })).toBeNull();
    expect(t.begin('terminal:open', null)).toBeNull();
    expect(t.begin('terminal:open', { id: 7 })).toBeNull();
    expect(t.begin('terminal:open', { id: 'x'.repeat(129) })).toBeNull();
    expect(t.begin('terminal:close', { id: 7 })).toBeNull();
    expect(t.wants('a')).toBe(false);
  });

  it("a transcript's streaming flows from its entries:page request on; a terminal's open or close is not one", () => {
    const t = new OpenedSessions('entries:page');
    expect(t.begin('terminal:open', { id: 'a', cols: 80, rows: 24 })).toBeNull();
    expect(t.wants('a')).toBe(false);
    const reading = t.begin('entries:page', { id: 'a', limit: 50 });
    expect(reading?.id).toBe('a');
    expect(t.wants('a')).toBe(true);
    if (reading) t.settle(reading, true);
    t.begin('terminal:close', { id: 'a' });
    expect(t.wants('a')).toBe(true);
  });
});

describe("one socket's pushes as its hello narrowed them", () => {
  const data = (sessionId: string) => ({ sessionId, data: 'x', offset: 0 });
  const text = (sessionId: string) => ({ sessionId, kind: 'assistant', text: 'Hi' });

  it('a hello that narrows nothing gets every push', () => {
    const pushes = new NarrowedPushes({});
    expect(pushes.wants('terminal:data', data('a'))).toBe(true);
    expect(pushes.wants('entry:streaming', text('a'))).toBe(true);
  });

  it('narrowed: a terminal from its open until its close, a transcript from its read; other pushes always', () => {
    const pushes = new NarrowedPushes({ terminalOutput: 'opened', streaming: 'opened' });
    expect(pushes.wants('terminal:data', data('t'))).toBe(false);
    expect(pushes.wants('entry:streaming', text('s'))).toBe(false);
    expect(pushes.wants('session:changed', { id: 't' })).toBe(true);
    const opened = pushes.begin('terminal:open', { id: 't', cols: 80, rows: 24 });
    const read = pushes.begin('entries:page', { id: 's', limit: 50 });
    expect(pushes.wants('terminal:data', data('t'))).toBe(true);
    expect(pushes.wants('entry:streaming', text('s'))).toBe(true);
    opened(true);
    read(false);
    expect(pushes.wants('terminal:data', data('t'))).toBe(true);
    expect(pushes.wants('entry:streaming', text('s'))).toBe(false);
    pushes.begin('terminal:close', { id: 't' })(true);
    expect(pushes.wants('terminal:data', data('t'))).toBe(false);
  });

  it('only what the hello asked for is narrowed', () => {
    const pushes = new NarrowedPushes({ terminalOutput: 'opened', streaming: 'all' });
    expect(pushes.wants('terminal:data', data('t'))).toBe(false);
    expect(pushes.wants('entry:streaming', text('s'))).toBe(true);
  });
});

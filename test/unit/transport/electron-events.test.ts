import { describe, expect, it } from 'vitest';
import { CoreEvents } from '../../../src/main/core/events';
import { forwardEvents, type PushTarget } from '../../../src/main/transport/electron-ipc';

describe('Electron pushes', () => {
  it('sends each core event under its own name to the window, while it exists', () => {
    const events = new CoreEvents();
    const sent: Array<[string, unknown]> = [];
    let target: PushTarget | null = { send: (c, p) => sent.push([c, p]) };
    const off = forwardEvents(events, () => target);
    events.emit('app:notice', { message: 'restored a backup' });
    target = null;
    events.emit('app:notice', { message: 'nobody listens' });
    expect(sent).toEqual([['app:notice', { message: 'restored a backup' }]]);
    off();
  });

  it('survives a window that throws on send', () => {
    const events = new CoreEvents();
    forwardEvents(events, () => ({ send: () => { throw new Error('destroyed'); } }));
    expect(() => events.emit('app:notice', { message: 'x' })).not.toThrow();
  });
});

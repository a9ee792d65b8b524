// The output parse of events on the title path (issue 7, section 5): CoreEvents parses every
// payload against its schema before any transport sees it, so a row whose title is an error
// text, markup, a default name or (not typed by a person) generic words never reaches the
// window; a person's deliberate "Worker 2" does, unchanged.
import { describe, expect, it } from 'vitest';
import { CoreEvents } from '../../../src/main/core/events';
import { forwardEvents } from '../../../src/main/transport/electron-ipc';
import type { SessionRow } from '../../../src/shared/domain/session';
import { setLogSink } from '../../../src/main/core/logger';
import { sessionRow } from '../../support/sessionRow';

function row(title: string, titleSource: SessionRow['titleSource']): SessionRow {
  // Built as the store would, then handed to emit as-is: the brand is a compile-time promise
  // the output parse checks again at run time.
  return sessionRow({
    kind: 'imported',
    folder: '/home/dev/billing',
    title: title as SessionRow['title'],
    titleSource,
    firstUserLine: 'round invoice totals half up',
    createdAt: 1,
    updatedAt: 2,
  });
}

describe('session:changed on its way to a transport', () => {
  it.each([
    ['API Error: 404 {"type":"error","error":{"type":"not_found_error","message":"model: x"}}', 'imported'],
    ['Request failed with status code 529', 'imported'],
    ['New session - 2026-12-02T09:14:03.512Z', 'auto'],
    ['<command-name>/clear</command-name>', 'imported'],
    ['Agent 2', 'auto'],
    ['New chat', 'user'],
  ] as const)('drops a row titled %j (%s) before the window sees it, and logs it', (title, source) => {
    const lines: string[] = [];
    const restore = setLogSink((line) => lines.push(line));
    try {
      const events = new CoreEvents();
      const sent: Array<[string, unknown]> = [];
      forwardEvents(events, () => ({ send: (c, p) => sent.push([c, p]) }));
      events.emit('session:changed', row(title, source));
      expect(sent).toEqual([]);
      expect(lines.some((l) => l.includes('dropped an event'))).toBe(true);
    } finally {
      restore();
    }
  });

  it('sends a person’s "Worker 2" and a real title exactly as given', () => {
    const events = new CoreEvents();
    const sent: Array<[string, unknown]> = [];
    forwardEvents(events, () => ({ send: (c, p) => sent.push([c, p]) }));
    const worker = row('Worker 2', 'user');
    const real = row('Debug 429 retry backoff', 'auto');
    events.emit('session:changed', worker);
    events.emit('session:changed', real);
    expect(sent).toEqual([
      ['session:changed', worker],
      ['session:changed', real],
    ]);
  });
});

import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/renderer/src/App';
import { bootApp } from '../../src/renderer/src/boot/boot';
import { tracked } from './support/bootTracker';
import { resetStores } from './support/resetStores';
import { startEarly } from '../../src/renderer/src/boot/earlyStart';
import { withValidatedEvents } from '../../src/renderer/src/bridge/validatedEvents';
import { useSessions } from '../../src/renderer/src/stores/sessions';
import type { SessionRow } from '../../src/shared/domain/session';
import type { Result } from '../../src/shared/result';
import { FakeApi, makeRow, NOW } from './support/fakeApi';

afterEach(() => cleanup());
beforeEach(() => resetStores());

/** A FakeApi whose sessions:list answers only when the test says so. */
function heldList(rows: SessionRow[]) {
  const api = new FakeApi(rows);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  api.override('sessions:list', async () => {
    await held;
    return { ok: true, value: [...api.rows.values()] } as Result<SessionRow[]>;
  });
  return { api, release, held };
}

const labels = () => screen.getAllByRole('listitem').map((row) => row.getAttribute('aria-label')?.split(',')[0]);

describe('early start: the swarm is asked for before the app boots', () => {
  it('the list reply came before boot: one sessions:list; a push older than the reply is not replayed over it, a newer one is', async () => {
    const { api, release, held } = heldList([makeRow({ id: 'a', title: 'Alpha' })]);
    const validated = withValidatedEvents(api);
    const early = startEarly(validated);
    // Older than the list reply: the list (asked for after it) already holds what it says.
    api.push('session:changed', makeRow({ id: 'a', title: 'Stale title' }));
    await act(async () => {
      release();
      await held;
      await early.list;
    });
    api.push('session:changed', makeRow({ id: 'b', title: 'Bravo after the list' }));

    await act(async () => {
      tracked(bootApp(validated, early));
    });
    render(<App now={NOW} />);
    await screen.findByRole('navigation', { name: 'Sessions' });
    expect(api.callsTo('sessions:list')).toHaveLength(1);
    expect(labels()).toEqual(['Alpha', 'Bravo after the list']);
  });

  it('the list is still on its way at boot: buffered pushes apply first, the list then replaces them, later pushes apply', async () => {
    const { api, release, held } = heldList([makeRow({ id: 'a', title: 'Alpha' })]);
    const validated = withValidatedEvents(api);
    const early = startEarly(validated);
    api.push('session:changed', makeRow({ id: 'x', title: 'Gone by the time the list is made' }));
    await act(async () => {
      tracked(bootApp(validated, early));
    });
    render(<App now={NOW} />);
    expect(useSessions.getState().loaded).toBe(false);
    expect(screen.queryByRole('navigation', { name: 'Sessions' })).toBeNull();

    await act(async () => {
      release();
      await held;
      await early.list;
    });
    await screen.findByRole('navigation', { name: 'Sessions' });
    expect(labels()).toEqual(['Alpha']);
    await act(async () => {
      api.push('session:changed', makeRow({ id: 'a', title: 'Alpha renamed' }));
    });
    expect(labels()).toEqual(['Alpha renamed']);
    expect(api.callsTo('sessions:list')).toHaveLength(1);
  });

  it('a placeholder title in the early list reply is never shown', async () => {
    const { api, release, held } = heldList([makeRow({ id: 'a', title: 'New session', firstUserLine: 'please fix the login redirect' })]);
    const validated = withValidatedEvents(api);
    const early = startEarly(validated);
    await act(async () => {
      release();
      await held;
      await early.list;
      tracked(bootApp(validated, early));
    });
    render(<App now={NOW} />);
    await screen.findByRole('navigation', { name: 'Sessions' });
    expect(labels()).toEqual(['please fix the login redirect']);
    expect(screen.queryByText('New session', { selector: '.row-label' })).toBeNull();
  });

  it('the entry chunk buffers pushes raw (no zod yet): at boot they are checked, and one that does not parse is dropped', async () => {
    const { api, release, held } = heldList([makeRow({ id: 'a', title: 'Alpha' })]);
    const early = startEarly(api); // the raw transport, as the entry chunk has it
    await act(async () => {
      release();
      await held;
      await early.list;
    });
    api.push('session:changed', { ...makeRow({ id: 'b' }), status: 'exploded' }); // not a row
    api.push('session:changed', makeRow({ id: 'c', title: 'Charlie after the list' }));
    await act(async () => {
      tracked(bootApp(api, early));
    });
    render(<App now={NOW} />);
    await screen.findByRole('navigation', { name: 'Sessions' });
    expect(labels()).toEqual(['Alpha', 'Charlie after the list']);
    expect(useSessions.getState().byId['b']).toBeUndefined();
  });

  it('of the streaming text buffered meanwhile only the last of each session is handed over (each holds the whole text so far), in place', async () => {
    const { api, release, held } = heldList([makeRow({ id: 'a', title: 'Alpha' }), makeRow({ id: 'b', title: 'Bravo' })]);
    const early = startEarly(api);
    await act(async () => {
      release();
      await held;
      await early.list;
    });
    api.push('entry:streaming', { sessionId: 'a', kind: 'assistant', text: 'He' });
    api.push('entry:streaming', { sessionId: 'b', kind: 'thinking', text: 'Hmm' });
    api.push('session:changed', makeRow({ id: 'a', title: 'Alpha renamed' }));
    api.push('entry:streaming', { sessionId: 'a', kind: 'assistant', text: 'Hello' });
    api.push('entry:streaming', { sessionId: 'a', kind: 'assistant', text: 'Hello there' });
    const { pushes } = early.handOver();
    expect(pushes.map((p) => [p.event, (p.payload as { text?: string; title?: string }).text ?? (p.payload as { title?: string }).title])).toEqual([
      ['entry:streaming', 'Hmm'],
      ['session:changed', 'Alpha renamed'],
      ['entry:streaming', 'Hello there'],
    ]);
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Result } from '../../src/shared/result';
import { SEARCH_SETTLE_MS, searchSessions } from '../../src/renderer/src/features/sessions/actions';
import { useSessions } from '../../src/renderer/src/stores/sessions';
import { FakeApi, makeEntry, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

function swarm(): FakeApi {
  const api = new FakeApi([
    makeRow({ id: 'a', title: 'Alpha release notes' }),
    makeRow({ id: 'b', title: 'Bravo flaky test hunt' }),
    makeRow({ id: 'c', title: 'Charlie cache warmup' }),
  ]);
  api.entries.set('a', [makeEntry({ sessionId: 'a', seq: 0, text: 'the changelog must mention the xylophone importer' })]);
  return api;
}

describe('search sessions', () => {
  it('typing searches main (full text) and the list shows only the matches; clearing shows all again', async () => {
    const api = swarm();
    await renderApp(api);
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search sessions' }), 'xyloph');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('listitem')).toHaveAccessibleName(/^Alpha release notes/);
    // `whole` is false as typed, true once the typing paused (see below).
    expect(api.callsTo('sessions:search').at(-1)).toMatchObject({ query: 'xyloph', includeArchived: false });

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search sessions' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('a word is whole once a space follows it, or once the typing pauses: the search says so (issue 34)', async () => {
    const api = swarm();
    await renderApp(api);
    await screen.findAllByRole('listitem');
    const box = screen.getByRole('searchbox', { name: 'Search sessions' });
    await userEvent.type(box, 'xylophones');
    const calls = () => api.callsTo('sessions:search') as Array<{ query: string; whole: boolean }>;
    expect(calls().at(-1)).toMatchObject({ query: 'xylophones', whole: false });
    // The pause: the same query again, its last word whole.
    await waitFor(() => expect(calls().at(-1)).toEqual({ query: 'xylophones', includeArchived: false, whole: true }), { timeout: SEARCH_SETTLE_MS * 4 });
    const settled = calls().length;
    await userEvent.type(box, ' ');
    await waitFor(() => expect(calls().at(-1)).toMatchObject({ query: 'xylophones', whole: true }));
    expect(calls().length).toBe(settled + 1);
    await userEvent.type(box, 'im');
    await waitFor(() => expect(calls().at(-1)).toMatchObject({ query: 'xylophones im', whole: false }));
    // Typing on before the pause: no settled search for what was typed before.
    expect(calls().some((c) => c.query === 'xylophones i' && c.whole)).toBe(false);
  });

  it('no match says so', async () => {
    await renderApp(swarm());
    await screen.findAllByRole('listitem');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search sessions' }), 'zebra');
    expect(await screen.findByText('No session matches “zebra”.')).toBeInTheDocument();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('while a search is on the wire, keystrokes coalesce into one follow-up search for the latest text', async () => {
    const api = swarm();
    const pending: Array<{ query: string; resolve: (r: Result<{ ids: string[] }>) => void }> = [];
    api.override('sessions:search', (input) => new Promise((resolve) => pending.push({ query: input.query, resolve })));
    await renderApp(api);
    await screen.findAllByRole('listitem');
    const box = screen.getByRole('searchbox', { name: 'Search sessions' });
    await userEvent.type(box, 'a');
    expect(pending.map((p) => p.query)).toEqual(['a']);
    await userEvent.type(box, 'lph');
    expect(pending.map((p) => p.query)).toEqual(['a']);
    await act(async () => pending[0]?.resolve({ ok: true, value: { ids: ['a', 'b', 'c'] } }));
    expect(pending.map((p) => p.query)).toEqual(['a', 'alph']);
    await act(async () => pending[1]?.resolve({ ok: true, value: { ids: ['a'] } }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('replies out of order: a stale one never replaces a newer one, and the final keystroke\'s results are what stays', async () => {
    const api = swarm();
    const pending: Array<{ query: string; resolve: (r: Result<{ ids: string[] }>) => void }> = [];
    api.override('sessions:search', (input) => new Promise((resolve) => pending.push({ query: input.query, resolve })));
    await renderApp(api);
    await screen.findAllByRole('listitem');
    const box = screen.getByRole('searchbox', { name: 'Search sessions' });
    await userEvent.type(box, 'al');
    // A second search on the wire beside the typing's (the archived view switch searches again).
    await act(async () => void searchSessions('al'));
    expect(pending.map((p) => p.query)).toEqual(['a', 'al']);
    await act(async () => pending[1]?.resolve({ ok: true, value: { ids: ['a'] } }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    // The older reply lands last: ignored.
    await act(async () => pending[0]?.resolve({ ok: true, value: { ids: ['a', 'b', 'c'] } }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    // The last keystroke was queued behind the first search: it goes out, and its results stay.
    expect(pending.map((p) => p.query)).toEqual(['a', 'al', 'al']);
    await userEvent.type(box, 'x');
    await act(async () => pending[2]?.resolve({ ok: true, value: { ids: ['a'] } }));
    expect(pending.map((p) => p.query)).toEqual(['a', 'al', 'al', 'alx']);
    await act(async () => pending[3]?.resolve({ ok: true, value: { ids: [] } }));
    expect(await screen.findByText('No session matches “alx”.')).toBeInTheDocument();
    expect(useSessions.getState().searching).toBe(false);
  });

  it('a reply for a query the user has since cleared is ignored', async () => {
    const api = swarm();
    const pending: Array<(r: Result<{ ids: string[] }>) => void> = [];
    api.override('sessions:search', () => new Promise((resolve) => pending.push(resolve)));
    await renderApp(api);
    await screen.findAllByRole('listitem');
    const box = screen.getByRole('searchbox', { name: 'Search sessions' });
    await userEvent.type(box, 'b');
    await userEvent.clear(box);
    await act(async () => pending[0]?.({ ok: true, value: { ids: ['b'] } }));
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('Ctrl+K and / focus the search box; Escape clears it', async () => {
    await renderApp(swarm());
    await screen.findAllByRole('listitem');
    const box = screen.getByRole('searchbox', { name: 'Search sessions' });
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(box).toHaveFocus();
    await userEvent.type(box, 'bravo');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveValue('');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    box.blur();
    await userEvent.keyboard('/');
    expect(box).toHaveFocus();
  });
});

describe('folder filter', () => {
  it('shows only sessions of the chosen folder', async () => {
    await renderApp(
      new FakeApi([
        makeRow({ id: 'a', title: 'Alpha one', folder: '/src/alpha' }),
        makeRow({ id: 'b', title: 'Bravo one', folder: '/src/bravo' }),
        makeRow({ id: 'c', title: 'Alpha two', folder: '/src/alpha' }),
      ]),
    );
    await screen.findAllByRole('listitem');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter by folder' }), 'bravo');
    expect(screen.getAllByRole('listitem').map((r) => r.getAttribute('aria-label')?.split(',')[0])).toEqual(['Bravo one']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter by folder' }), 'All folders');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });
});

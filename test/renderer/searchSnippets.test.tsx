import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SearchSnippet } from '../../src/shared/domain/searchSnippet';
import type { Result } from '../../src/shared/result';
import { FakeApi, makeEntry, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

function swarm(): FakeApi {
  const api = new FakeApi([
    makeRow({ id: 'a', title: 'Alpha release notes' }),
    makeRow({ id: 'b', title: 'Bravo flaky test hunt' }),
    makeRow({ id: 'c', title: 'Charlie cache warmup' }),
  ]);
  api.entries.set('a', [makeEntry({ sessionId: 'a', seq: 0, text: 'the changelog must mention the xylophone importer' })]);
  api.entries.set('b', [makeEntry({ sessionId: 'b', seq: 0, kind: 'assistant', text: 'try <img src=x onerror="window.__pwned=1"> with xylophone <b>bold</b>' })]);
  return api;
}

const rowOf = (label: string) => screen.getAllByRole('listitem').find((r) => r.getAttribute('aria-label')?.startsWith(label)) as HTMLElement;

describe('search snippets in the list', () => {
  it('a hit shows the matching line under its label, the match in a <mark>; the row is named by its label and described by the line', async () => {
    const api = swarm();
    await renderApp(api);
    await screen.findAllByRole('listitem');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search sessions' }), 'xyloph');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    const row = rowOf('Alpha release notes');
    await waitFor(() => expect(within(row).getByText('xyloph', { selector: 'mark' })).toBeInTheDocument());
    expect(row).toHaveAccessibleName(/^Alpha release notes/);
    // (jsdom's name computation puts a space around <mark>; Chromium does not: the e2e test checks the computed one.)
    const description = document.getElementById(row.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('You: the changelog must mention the xylophone importer');
    // The rows in view went out in one call, for the query on screen.
    expect(api.callsTo('sessions:snippets')).toEqual([{ query: 'xyloph', ids: ['a', 'b'] }]);
  });

  it('a match in a rewound branch of imported history says Rewound, shown and heard', async () => {
    const api = swarm();
    api.entries.set('c', [makeEntry({ sessionId: 'c', seq: 0, kind: 'assistant', text: 'a tokio runtime for the port', meta: { rewoundBranch: true } })]);
    await renderApp(api);
    await screen.findAllByRole('listitem');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search sessions' }), 'tokio');
    const row = await waitFor(() => rowOf('Charlie cache warmup'));
    await waitFor(() => expect(within(row).getByText('tokio', { selector: 'mark' })).toBeInTheDocument());
    const description = document.getElementById(row.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Rewound Agent: a tokio runtime for the port');
    expect(within(row).getByText('Rewound')).toHaveClass('row-snippet-rewound');
  });

  it('markup in what was said stays text: no element is made from it', async () => {
    const api = swarm();
    await renderApp(api);
    await screen.findAllByRole('listitem');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search sessions' }), 'xylophone');
    const row = await waitFor(() => rowOf('Bravo flaky test hunt'));
    await waitFor(() => expect(within(row).getByText('xylophone', { selector: 'mark' })).toBeInTheDocument());
    expect(row.querySelector('img')).toBeNull();
    expect(row.querySelector('b')).toBeNull();
    expect(row.querySelectorAll('mark')).toHaveLength(1);
    expect(within(row).getByTitle(/onerror/).textContent).toBe('Agent: try <img src=x onerror="window.__pwned=1"> with xylophone <b>bold</b>');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('a snippet reply for results no longer on screen is dropped (the latest query wins)', async () => {
    const api = swarm();
    const pending: Array<{ query: string; resolve: (r: Result<{ snippets: SearchSnippet[] }>) => void }> = [];
    api.override('sessions:snippets', (input) => new Promise((resolve) => pending.push({ query: input.query, resolve })));
    await renderApp(api);
    await screen.findAllByRole('listitem');
    const box = screen.getByRole('searchbox', { name: 'Search sessions' });
    await userEvent.type(box, 'xyloph');
    await waitFor(() => expect(pending.map((p) => p.query)).toEqual(['xyloph']));
    await userEvent.clear(box);
    await userEvent.type(box, 'alpha');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    await act(async () => pending[0]?.resolve({ ok: true, value: { snippets: [{ id: 'a', kind: 'user', text: 'stale xylophone line', marks: [[6, 15]] }] } }));
    expect(screen.queryByText('stale xylophone line')).toBeNull();
    expect(document.querySelector('mark')).toBeNull();
  });

  it('no snippet (nothing matched in what was said): the row keeps its subtitle', async () => {
    const api = swarm();
    await renderApp(api);
    await screen.findAllByRole('listitem');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search sessions' }), 'charlie');
    await waitFor(() => expect(api.callsTo('sessions:snippets')).toHaveLength(1));
    expect(rowOf('Charlie cache warmup').querySelector('mark')).toBeNull();
  });
});

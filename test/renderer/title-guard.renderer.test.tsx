// The renderer's label check on the title path (issue 7, section 5): whatever reaches the
// store, a row label and a pane heading judge the title again, for whoever wrote it. A row
// written straight into the store (no reply or event parse in between) with an error text,
// markup or a default name as its title shows the fallback label; a person's "Worker 2" shows.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { upsertSession } from '../../src/renderer/src/stores/sessions';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const NOT_TITLES = [
  'API Error: 404 {"type":"error","error":{"type":"not_found_error","message":"model: claude-3-5-haiku-20241022"}}',
  'Request failed with status code 529',
  'New session - 2026-12-02T09:14:03.512Z',
  '<command-name>/clear</command-name>',
  'Agent 2',
];

describe('renderer label check', () => {
  it.each(NOT_TITLES.map((t) => [t]))('a row stored with the title %j shows the first line, muted, in the row and the pane', async (title) => {
    const api = new FakeApi([makeRow({ id: 'ok', title: 'Release checklist for 1.0' })]);
    await renderApp(api);
    await screen.findByRole('listitem', { name: /^Release checklist/ });
    const row = makeRow({ id: 'bad', title, titleSource: 'imported', firstUserLine: 'round invoice totals half up' });
    act(() => upsertSession(row));
    const item = await screen.findByRole('listitem', { name: /^round invoice totals half up/ });
    expect(within(item).getByText('round invoice totals half up')).toHaveClass('muted');
    expect(screen.queryByText(title)).toBeNull();
    await userEvent.click(item);
    const heading = within(screen.getByRole('main')).getByRole('heading', { level: 2 });
    expect(heading).toHaveTextContent('round invoice totals half up');
    expect(heading).toHaveClass('muted');
  });

  it('a first line that is markup or a compaction text falls to facts', async () => {
    await renderApp(new FakeApi([makeRow({ id: 'ok', title: 'Release checklist for 1.0' })]));
    await screen.findByRole('listitem', { name: /^Release checklist/ });
    act(() =>
      upsertSession(
        makeRow({
          id: 'c',
          kind: 'imported',
          folder: '/home/dev/billing',
          title: null,
          firstUserLine: 'This session is being continued from a previous conversation that ran out of context. Summary: …',
        }),
      ),
    );
    expect(await screen.findByRole('listitem', { name: /^Imported · billing/ })).toBeInTheDocument();
    expect(screen.queryByText(/being continued/)).toBeNull();
  });

  it('a person’s "Worker 2" shows as the title, plain, in the row and the pane', async () => {
    await renderApp(new FakeApi([makeRow({ id: 'w', title: 'Worker 2', titleSource: 'user', firstUserLine: 'round invoice totals half up' })]));
    const item = await screen.findByRole('listitem', { name: /^Worker 2/ });
    expect(within(item).getByText('Worker 2')).not.toHaveClass('muted');
    await userEvent.click(item);
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Worker 2' })).not.toHaveClass('muted');
  });
});

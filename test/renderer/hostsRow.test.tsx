import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { projectNames, projectOf } from '../../src/renderer/src/stores/projects';
import { FakeApi, makeRow } from './support/fakeApi';
import { FakeHosts, host } from './support/fakeHosts';
import { renderApp } from './support/renderApp';

// A session on another machine (issue 17): its row and pane name the host; while the link is down they say so; its projects are its own.

describe('a row of a session on a remote host', () => {
  it('shows the host as a tag and has its name after the label; says "Reconnecting to box…" / "box is unreachable" while the link is down', async () => {
    const api = new FakeApi([makeRow({ id: 'r1', title: 'Train the ranker', host: 'box', subtitle: 'epoch 3 of 10', position: 0 }), makeRow({ id: 'l1', title: 'Fix the login', position: 1 })]);
    const hosts = new FakeHosts(api, [host('box', 'connected')]);
    await renderApp(api);
    const row = await screen.findByRole('listitem', { name: /^Train the ranker, on box, idle/ });
    expect(row.querySelector('.row-host')).toHaveTextContent('box');
    expect(row).toHaveTextContent('epoch 3 of 10');
    // This machine's rows name no host.
    expect(screen.getByRole('listitem', { name: /^Fix the login, idle/ })).not.toHaveTextContent('box');

    act(() => hosts.set(host('box', 'reconnecting')));
    const reconnecting = await screen.findByRole('listitem', { name: 'Train the ranker, on box, idle, Reconnecting to box…' });
    expect(reconnecting).toHaveTextContent('Reconnecting to box…');
    expect(reconnecting).not.toHaveTextContent('epoch 3 of 10');
    act(() => hosts.set(host('box', 'unreachable')));
    expect(await screen.findByRole('listitem', { name: /^Train the ranker, on box, idle, box is unreachable/ })).toHaveTextContent('box is unreachable');
    act(() => hosts.set(host('box', 'connected')));
    await waitFor(() => expect(screen.getByRole('listitem', { name: /^Train the ranker/ })).toHaveTextContent('epoch 3 of 10'));
  });

  it('the pane header names the host, and says so while its link is down', async () => {
    const api = new FakeApi([makeRow({ id: 'r1', title: 'Train the ranker', host: 'box', folder: '/srv/ranker' })]);
    const hosts = new FakeHosts(api, [host('box', 'connected')]);
    await renderApp(api);
    await userEvent.click(await screen.findByRole('listitem', { name: /^Train the ranker/ }));
    const pane = await screen.findByRole('main', { name: 'Train the ranker' });
    const header = pane.querySelector('.pane-facts') as HTMLElement;
    expect(header).toHaveTextContent('/srv/ranker on box');
    expect(within(pane).queryByText(/Reconnecting/)).toBeNull();
    act(() => hosts.set(host('box', 'reconnecting')));
    expect(await within(header).findByRole('status')).toHaveTextContent('Reconnecting to box…');
  });

  it('a remote project is grouped and filtered apart from this machine’s folder of the same path: "repo" and "repo on box"', async () => {
    const api = new FakeApi([
      makeRow({ id: 'l1', title: 'Local work', folder: '/src/repo', position: 0 }),
      makeRow({ id: 'r1', title: 'Remote work', folder: '/src/repo', host: 'box', position: 1 }),
      makeRow({ id: 'r2', title: 'More remote work', folder: '/src/repo/', host: 'box', position: 2 }),
    ]);
    new FakeHosts(api, [host('box', 'connected')]);
    await renderApp(api);
    expect(await screen.findByRole('button', { name: 'repo, 1 session' })).toBeInTheDocument();
    const remote = screen.getByRole('button', { name: 'repo on box, 2 sessions' });
    expect(remote).toHaveAttribute('title', '/src/repo on box');
    const filter = screen.getByRole('combobox', { name: 'Filter by folder' });
    await waitFor(() => expect(within(filter).getAllByRole('option').map((o) => o.textContent)).toEqual(['All folders', 'repo on box', 'repo']));
    await userEvent.selectOptions(filter, within(filter).getByRole('option', { name: 'repo' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /^Remote work/ })).toBeNull());
    expect(screen.getByRole('listitem', { name: /^Local work/ })).toBeInTheDocument();
  });
});

describe('projects (pure)', () => {
  it('a host’s project key holds the host; names say "on <host>" and tell same-named folders apart per machine', () => {
    expect(projectOf({ folder: '/src/repo/', host: undefined })).toBe('/src/repo');
    const remote = projectOf({ folder: '/src/repo', host: 'box' });
    expect(remote).not.toBe('/src/repo');
    const other = projectOf({ folder: '/old/repo', host: 'box' });
    const names = projectNames(['/src/repo', remote, other, projectOf({ folder: '/w/api', host: 'ada@gpu' })]);
    expect([...names.values()]).toEqual(['repo', 'src/repo on box', 'old/repo on box', 'api on ada@gpu']);
  });
});

import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangesSummary } from '../../src/shared/ipc/git';
import { restoreSidebarLayout, SIDEBAR_LAYOUT_KEY } from '../../src/renderer/src/features/sidebar/layout';
import { resetSidebarLayoutStore, useSidebarLayout } from '../../src/renderer/src/stores/sidebarLayout';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

afterEach(() => {
  localStorage.clear();
  resetSidebarLayoutStore();
});

const names = () => screen.getAllByRole('listitem').map((row) => row.getAttribute('aria-label')?.split(',')[0]);
const headings = () => [...document.querySelectorAll('.group-header')].map((el) => el.textContent);

const REPO = '/home/ada/src/billing-api';
const WT = (n: number) => `/data/worktrees/billing-api-1a2b3c4d/${n}000aaaa/billing-api`;

function swarm(): FakeApi {
  return new FakeApi([
    makeRow({ id: 'pin', title: 'Pinned release notes', pinned: true, position: 0, folder: '/home/ada/notes' }),
    makeRow({ id: 'w1', title: 'Fix kumquat websocket drops', kind: 'terminal', folder: WT(1), project: REPO, position: 1, status: 'waiting' }),
    makeRow({ id: 'o1', title: 'Tune the docs search', folder: '/home/ada/src/docs', position: 2 }),
    makeRow({ id: 'w2', title: 'Port retry policy', kind: 'claude-code', folder: WT(2), project: REPO, position: 3, status: 'working' }),
    makeRow({ id: 'b1', title: 'Billing in the base checkout', folder: REPO, position: 4 }),
    makeRow({ id: 'arc', title: 'Old archived experiment', folder: '/home/ada/src/docs', position: 5, archived: true }),
  ]);
}

describe('the sidebar groups sessions by project', () => {
  it('pinned first, then one group per project (a worktree with its repository), with counts; folds and keeps it; toggles to one list', async () => {
    await renderApp(swarm());
    await screen.findAllByRole('listitem');
    expect(names()).toEqual(['Pinned release notes', 'Fix kumquat websocket drops', 'Port retry policy', 'Billing in the base checkout', 'Tune the docs search']);
    expect(headings()).toEqual(['Pinned', '▾billing-api 3', '▾docs 1']);
    // Headings sit beside the list: it holds sessions only.
    expect(within(screen.getByRole('list', { name: 'Sessions' })).queryAllByRole('button', { name: /billing-api/ })).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'billing-api, 3 sessions' }));
    expect(screen.getByRole('button', { name: 'billing-api, 3 sessions' })).toHaveAttribute('aria-expanded', 'false');
    expect(names()).toEqual(['Pinned release notes', 'Tune the docs search']);
    expect(JSON.parse(localStorage.getItem(SIDEBAR_LAYOUT_KEY) ?? '{}').collapsedGroups).toEqual({ [`project:${REPO}`]: true });

    // One list again (the swarm's order), and back.
    await userEvent.click(screen.getByRole('checkbox', { name: 'By project' }));
    expect(names()).toEqual(['Pinned release notes', 'Fix kumquat websocket drops', 'Tune the docs search', 'Port retry policy', 'Billing in the base checkout']);
    expect(headings()).toEqual(['Pinned', 'Sessions']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'By project' }));
    expect(names()).toEqual(['Pinned release notes', 'Tune the docs search']);
  });

  it('a count follows a pushed row without the list being walked for it', async () => {
    const fake = swarm();
    await renderApp(fake);
    await screen.findByRole('button', { name: 'docs, 1 session' });
    act(() => fake.push('session:changed', makeRow({ id: 'o2', title: 'Docs again', folder: '/home/ada/src/docs', position: -1 })));
    expect(await screen.findByRole('button', { name: 'docs, 2 sessions' })).toBeInTheDocument();
  });

  it('a project counts the rows drawn under it: a pinned row is under "Pinned", not counted again', async () => {
    const fake = swarm();
    await renderApp(fake);
    await screen.findByRole('button', { name: 'docs, 1 session' });
    const pinnedDocs = makeRow({ id: 'o2', title: 'Docs pinned', folder: '/home/ada/src/docs', position: -1, pinned: true });
    act(() => fake.push('session:changed', pinnedDocs));
    await screen.findAllByRole('listitem', { name: /^Docs pinned/ });
    expect(screen.getByRole('button', { name: 'docs, 1 session' })).toBeInTheDocument();
    act(() => fake.push('session:changed', { ...pinnedDocs, pinned: false }));
    expect(await screen.findByRole('button', { name: 'docs, 2 sessions' })).toBeInTheDocument();
    act(() => fake.push('session:changed', { ...pinnedDocs, pinned: true }));
    expect(await screen.findByRole('button', { name: 'docs, 1 session' })).toBeInTheDocument();
  });

  it('the folder filter lists each repository and folder once, never a worktree path; same names told apart', async () => {
    const fake = swarm();
    await renderApp(fake);
    act(() => fake.push('session:changed', makeRow({ id: 'x', title: 'Another repo named like it', folder: '/home/ada/old/billing-api', position: 9 })));
    const filter = await screen.findByRole('combobox', { name: 'Filter by folder' });
    const options = within(filter).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['All folders', 'src/billing-api', 'notes', 'old/billing-api', 'docs']);
    expect(options.map((o) => o.getAttribute('value'))).not.toContain(WT(1));
    await userEvent.selectOptions(filter, REPO);
    expect(names()).toEqual(['Fix kumquat websocket drops', 'Port retry policy', 'Billing in the base checkout']);
  });
});

describe('a row says what it is', () => {
  it('the status word beside the dot, in the tooltip and the name; an imported history says "imported", never "idle"', async () => {
    await renderApp(
      new FakeApi([
        makeRow({ id: 'a', title: 'Waiting one', status: 'waiting', subtitle: 'Asked which port to use' }),
        makeRow({ id: 'b', title: 'Imported one', kind: 'imported', status: 'idle' }),
        makeRow({ id: 'c', title: 'Idle chat', status: 'idle' }),
      ]),
    );
    const waiting = await screen.findByRole('listitem', { name: /^Waiting one, waiting for you/ });
    expect(waiting.querySelector('.row-status')).toHaveTextContent('waiting');
    expect(waiting.querySelector('.row-sub')?.getAttribute('title')).toContain('waiting for you');
    expect(waiting).toHaveTextContent('Asked which port to use');
    const imported = screen.getByRole('listitem', { name: /^Imported one, imported, not running/ });
    expect(imported.querySelector('.row-status')).toHaveTextContent(/^imported$/);
    expect(imported).not.toHaveTextContent('idle');
    expect(imported.querySelector('.status-none')).not.toBeNull();
    expect(screen.getByRole('listitem', { name: /^Idle chat, idle/ }).querySelector('.row-status')).toHaveTextContent('idle');
  });

  it('no "+0 −0": the branch and counts show only when lines changed; the full branch is in the tooltip', async () => {
    const summary = (sessionId: string, added: number, removed: number): ChangesSummary => ({
      sessionId, branch: `swarmdesk/${sessionId}-branch-name`, baseBranch: 'main', files: added ? 1 : 0, added, removed, uncommitted: 0, ahead: 0, missing: false,
    });
    const fake = new FakeApi([makeRow({ id: 'z', title: 'Nothing changed yet', kind: 'terminal' }), makeRow({ id: 'y', title: 'Changed some lines', kind: 'terminal' })]);
    fake.override('git:changeSummaries', () => ({ ok: true, value: { items: [summary('z', 0, 0), summary('y', 3, 1)] } }));
    await renderApp(fake);
    const changed = await screen.findByRole('listitem', { name: /^Changed some lines.*\+3 −1/ });
    expect(changed).toHaveTextContent('⎇ y-branch-name');
    const quiet = screen.getByRole('listitem', { name: /^Nothing changed yet/ });
    expect(quiet).not.toHaveTextContent('+0');
    expect(quiet).toHaveAccessibleName(/on swarmdesk\/z-branch-name/);
    expect(quiet).not.toHaveAccessibleName(/\+0/);
    expect(quiet).not.toHaveTextContent('⎇');
    expect(quiet.querySelector('.row-sub')?.getAttribute('title')).toContain('on swarmdesk/z-branch-name');
  });

  it('a derived label is italic at full contrast (not muted); a facts label does not repeat the time', async () => {
    await renderApp(
      new FakeApi([
        makeRow({ id: 'f', title: null, firstUserLine: 'please fix the login redirect', kind: 'chat' }),
        makeRow({ id: 'g', title: null, firstUserLine: null, kind: 'claude-code', folder: '/home/ada/home1' }),
      ]),
    );
    const first = await screen.findByRole('listitem', { name: /^please fix the login redirect/ });
    expect(first.querySelector('.row-label')).toHaveClass('derived');
    const facts = screen.getByRole('listitem', { name: /^Claude Code · home1 · 2 min ago/ });
    expect(facts.querySelector('.row-label')).toHaveTextContent(/^Claude Code · home1$/);
    expect(facts.querySelector('.row-time')).toHaveTextContent('2m');
  });

  it('"Show archived" adds the archived rows, marked, in an "Archived" group after the rest', async () => {
    await renderApp(swarm());
    await screen.findAllByRole('listitem');
    expect(names()).not.toContain('Old archived experiment');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show archived' }));
    await screen.findByRole('listitem', { name: /^Old archived experiment, idle, archived/ });
    expect(names()).toEqual(['Pinned release notes', 'Fix kumquat websocket drops', 'Port retry policy', 'Billing in the base checkout', 'Tune the docs search', 'Old archived experiment']);
    expect(headings().at(-1)).toBe('▾Archived 1');
    expect(screen.getByRole('listitem', { name: /^Old archived experiment/ }).querySelector('.row-archived')).toHaveTextContent('archived');
  });
});

describe('the sidebar can be resized and folded, and stays so', () => {
  it('a separator with its value: arrows resize it; the width and the fold are kept across a reload', async () => {
    await renderApp(swarm());
    const edge = await screen.findByRole('separator', { name: 'Resize sidebar' });
    expect(edge).toHaveAttribute('aria-valuenow', '300');
    edge.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(edge).toHaveAttribute('aria-valuenow', '332');
    await userEvent.keyboard('{Home}');
    expect(edge).toHaveAttribute('aria-valuenow', '200');
    fireEvent.keyDown(edge, { key: 'ArrowRight', shiftKey: true });
    expect(edge).toHaveAttribute('aria-valuenow', '264');
    expect(screen.getByRole('navigation', { name: 'Sessions' }).style.getPropertyValue('--sidebar-w')).toBe('264px');

    await userEvent.click(screen.getByRole('button', { name: 'Hide sidebar' }));
    expect(screen.queryByRole('list', { name: 'Sessions' })).toBeNull();
    // A reload: fresh stores, the layout restored from what was kept (as the app's start does).
    cleanup();
    const kept = Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key) ?? '']));
    await renderApp(swarm(), { storage: kept });
    expect(useSidebarLayout.getState()).toMatchObject({ width: 300, collapsed: false });
    act(() => restoreSidebarLayout());
    expect(useSidebarLayout.getState()).toMatchObject({ width: 264, collapsed: true });
    await userEvent.click(screen.getByRole('button', { name: 'Show sidebar' }));
    expect(await screen.findByRole('separator', { name: 'Resize sidebar' })).toHaveAttribute('aria-valuenow', '264');
  });

  it('a stored layout that is not one is ignored', () => {
    localStorage.setItem(SIDEBAR_LAYOUT_KEY, '{"width": "wide", "collapsed": 1, "grouping": "x"}');
    restoreSidebarLayout();
    expect(useSidebarLayout.getState()).toMatchObject({ width: 300, collapsed: false, grouping: 'project' });
    localStorage.setItem(SIDEBAR_LAYOUT_KEY, 'not json');
    restoreSidebarLayout();
    expect(useSidebarLayout.getState().width).toBe(300);
  });
});

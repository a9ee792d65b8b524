import { act, cleanup, render, screen, within } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/renderer/src/App';
import { bootApp } from '../../src/renderer/src/boot/boot';
import { earlyPaintGate } from '../../src/renderer/src/boot/earlyGate';
import { actOnEarlyRowsWhenReplaced } from '../../src/renderer/src/boot/earlyTakeover';
import { earlyLayout, paintEarlyRows } from '../../src/renderer/src/boot/earlyPaint';
import { startEarly } from '../../src/renderer/src/boot/earlyStart';
import { withValidatedEvents } from '../../src/renderer/src/bridge/validatedEvents';
import { FolderFilter } from '../../src/renderer/src/components/FolderFilter';
import { replaceSessions } from '../../src/renderer/src/stores/sessions';
import { defaultSidebarLayout, SIDEBAR_LAYOUT_KEY, UNSAVED_WINDOW_STATE_KEY } from '../../src/renderer/src/stores/sidebarLayoutData';
import type { SessionRow } from '../../src/shared/domain/session';
import { tracked } from './support/bootTracker';
import { FakeApi, makeRow, NOW } from './support/fakeApi';
import { resetStores } from './support/resetStores';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  localStorage.clear();
});
beforeEach(() => resetStores());

/** A swarm of two projects with a pinned row, derived labels, placeholder titles, a subagent, status words. */
function swarm(): SessionRow[] {
  const shop = '/home/ada/src/shop';
  const docs = '/home/ada/src/docs';
  return [
    makeRow({ id: 'pin', title: 'Release checklist for 1.0', pinned: true, folder: '/home/ada/notes' }),
    makeRow({ id: 'shop-1', title: 'Fix the login redirect loop in the checkout flow', folder: shop, status: 'waiting', unread: true }),
    makeRow({ id: 'shop-1-sub', title: 'Look through the cookie handling', folder: shop, parentId: 'shop-1', status: 'working', subtitle: 'Reading session.ts' }),
    makeRow({ id: 'docs-1', title: 'untitled', firstUserLine: '## Why is the *cache* cold?', folder: docs }),
    makeRow({ id: 'shop-2', title: 'New session', kind: 'terminal', folder: shop }),
    makeRow({ id: 'docs-2', title: 'Tune the docs search ranking', folder: docs, status: 'error' }),
    makeRow({ id: 'imported', title: 'Imported from the old laptop', kind: 'imported', folder: shop }),
  ];
}

const labelsIn = (root: Element): string[] => [...root.querySelectorAll('[data-early-row] .row-label')].map((node) => node.textContent ?? '');

/**
 * An element as drawn: its tag, classes, place (inline transform, height, indent, sidebar width) and
 * text, with its children; no attributes beyond those (roles, names and handlers are React's alone).
 */
function shape(node: Node): unknown {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof HTMLElement)) return null;
  const style = ['transform', 'height', 'padding-left', '--sidebar-w'].map((p) => node.style.getPropertyValue(p)).filter(Boolean);
  // React writes adjacent text as separate nodes ("▾" "docs" " " "2"); join them as the screen does.
  const children: unknown[] = [];
  for (const child of node.childNodes) {
    const s = shape(child);
    if (typeof s === 'string' && typeof children.at(-1) === 'string') children[children.length - 1] += s;
    else if (s !== null && s !== '') children.push(s);
  }
  return [node.tagName.toLowerCase(), node.className, ...style, children];
}

/** The sidebar's rows and headings (by id and group) and its frame without them. */
function drawn(sidebar: Element): { frame: unknown; rows: Map<string, unknown>; headings: Map<string, unknown> } {
  const rows = new Map<string, unknown>();
  const headings = new Map<string, unknown>();
  for (const row of sidebar.querySelectorAll<HTMLElement>('.session-row')) rows.set(row.dataset.earlyRow ?? row.dataset.sessionId ?? '', shape(row));
  for (const heading of sidebar.querySelectorAll<HTMLElement>('.group-header')) headings.set(heading.dataset.group ?? '', shape(heading));
  const frame = sidebar.cloneNode(true) as HTMLElement;
  for (const item of frame.querySelectorAll('.session-row, .group-header, select option')) item.remove();
  return { frame: shape(frame), rows, headings };
}

describe('the rows drawn before React (boot/earlyPaint)', () => {
  it('labels rows as React does (a title, a cleaned first line, facts; never a placeholder) under the same groups and headings', () => {
    const root = document.createElement('div');
    expect(paintEarlyRows(root, swarm(), defaultSidebarLayout(), NOW)).toBe(true);
    // Pinned first, then each project where its first row is, the subagent under its parent.
    expect(labelsIn(root)).toEqual([
      'Release checklist for 1.0',
      'Fix the login redirect loop in the checkout flow',
      'Look through the cookie handling',
      'Terminal · shop',
      'Imported from the old laptop',
      'Why is the cache cold?',
      'Tune the docs search ranking',
    ]);
    expect([...root.querySelectorAll('.group-header')].map((node) => node.textContent)).toEqual(['Pinned', '▾shop 4', '▾docs 2']);
    expect([...root.querySelectorAll('[data-early-row] .row-status')].map((node) => node.textContent)).toEqual(['idle', 'waiting', 'working', 'idle', 'imported', 'idle', 'error']);
    expect(root.textContent).not.toMatch(/untitled|New session ?2/i);
    // The rows are the list's items, named by label then status (SPEC §7.1); one of them is the tab stop,
    // every other control holds a place only (out of the tab order, hidden from assistive technology).
    document.body.append(root);
    const list = screen.getByRole('list', { name: 'Sessions' });
    expect(screen.getByRole('navigation', { name: 'Sessions' }).contains(list)).toBe(true);
    expect(within(list).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Release checklist for 1.0, idle, pinned',
      'Fix the login redirect loop in the checkout flow, waiting for you, unread, 1 subagent',
      'Look through the cookie handling, working',
      'Terminal · shop · 2 min ago, idle',
      'Imported from the old laptop, imported, not running',
      'Why is the cache cold?, idle',
      'Tune the docs search ranking, error',
    ]);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect([...root.querySelectorAll<HTMLElement>('[tabindex="0"]')].map((node) => node.dataset.earlyRow)).toEqual(['pin']);
    expect([...root.querySelectorAll<HTMLElement>('button, input, select')].every((node) => node.tabIndex === -1)).toBe(true);
  });

  it('lays the list out as the sidebar will: by recency, a folded group, the width the user left', () => {
    const root = document.createElement('div');
    paintEarlyRows(root, swarm(), { width: 412, collapsed: false, grouping: 'recency', collapsedGroups: {}, reorderedGroups: {} }, NOW);
    expect([...root.querySelectorAll('.group-header')].map((node) => node.textContent)).toEqual(['Pinned', 'Sessions']);
    expect(root.querySelector<HTMLElement>('.sidebar')?.style.getPropertyValue('--sidebar-w')).toBe('412px');
    const folded = document.createElement('div');
    paintEarlyRows(folded, swarm(), { ...defaultSidebarLayout(), collapsedGroups: { 'project:/home/ada/src/shop': true } }, NOW);
    expect(labelsIn(folded)).toEqual(['Release checklist for 1.0', 'Why is the cache cold?', 'Tune the docs search ranking']);
    expect([...folded.querySelectorAll('.group-header')].map((node) => node.textContent)).toEqual(['Pinned', '▸shop 4', '▾docs 2']);
  });

  it('takes the layout React will use: an unconfirmed change, else the core’s, else this window’s, else the default', () => {
    const core = { ok: true as const, value: { panes: null, sidebar: { width: 360, collapsed: false, grouping: 'recency', collapsedGroups: {} } } };
    expect(earlyLayout(null)).toEqual(defaultSidebarLayout());
    localStorage.setItem(SIDEBAR_LAYOUT_KEY, JSON.stringify({ width: 250, grouping: 'project', collapsed: false, collapsedGroups: {} }));
    expect(earlyLayout({ ok: true, value: { panes: null, sidebar: null } }).width).toBe(250);
    expect(earlyLayout(core).width).toBe(360);
    localStorage.setItem(UNSAVED_WINDOW_STATE_KEY, JSON.stringify({ sidebar: { width: 480, collapsed: true, grouping: 'project', collapsedGroups: {} } }));
    expect(earlyLayout(core)).toMatchObject({ width: 480, collapsed: true });
    localStorage.setItem(UNSAVED_WINDOW_STATE_KEY, '{not json');
    expect(earlyLayout(core).width).toBe(360);
  });

  it('draws nothing over a root React has drawn, for an empty swarm, or for a folded sidebar', () => {
    const drawnByReact = document.createElement('div');
    drawnByReact.append(document.createElement('div'));
    expect(paintEarlyRows(drawnByReact, swarm(), defaultSidebarLayout(), NOW)).toBe(false);
    expect(drawnByReact.querySelector('[data-early-paint]')).toBeNull();
    const empty = document.createElement('div');
    expect(paintEarlyRows(empty, [], defaultSidebarLayout(), NOW)).toBe(false);
    expect(empty.childElementCount).toBe(0);
    const folded = document.createElement('div');
    expect(paintEarlyRows(folded, swarm(), { ...defaultSidebarLayout(), collapsed: true }, NOW)).toBe(false);
  });

  it('draws only the items the window can show (each label costs time before the first paint)', () => {
    const root = document.createElement('div');
    paintEarlyRows(root, Array.from({ length: 100 }, (_, i) => makeRow({ title: `Session number ${i}` })), defaultSidebarLayout(), NOW);
    expect(root.querySelectorAll('[data-early-row]')).toHaveLength(Math.ceil(window.innerHeight / 48));
    // The list is as tall as React's (every row of the page), so the scrollbar is there before React too.
    expect(root.querySelector<HTMLElement>('.session-list')?.style.height).toBe(`${100 * 48}px`);
  });

  it('React’s first commit replaces the early rows with its own: the same elements, classes, texts and places', async () => {
    const api = new FakeApi(swarm());
    api.uiState = { panes: null, sidebar: { width: 340, collapsed: false, grouping: 'project', collapsedGroups: { 'project:/home/ada/src/docs': true }, reorderedGroups: {} } };
    const validated = withValidatedEvents(api);
    const early = startEarly(validated);
    const list = await early.list;
    const uiState = await early.uiState;
    const root = document.body.appendChild(document.createElement('div'));
    expect(list.ok && paintEarlyRows(root, list.value, earlyLayout(uiState), NOW)).toBe(true);
    const before = drawn(root.querySelector('.sidebar') as Element);
    expect(before.rows.size).toBe(5);
    const names = (): string[] => within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('listitem').map((item) => item.getAttribute('aria-label') ?? '');
    const earlyNames = names();

    await act(async () => {
      tracked(bootApp(validated, early));
    });
    await act(async () => {
      render(<App now={NOW} />, { container: root });
    });
    expect(root.querySelector('[data-early-paint]')).toBeNull();
    const after = drawn(root.querySelector('nav.sidebar') as Element);
    expect(after.frame).toEqual(before.frame);
    for (const [id, row] of before.rows) expect(after.rows.get(id), id).toEqual(row);
    expect([...after.headings]).toEqual([...before.headings]);
    // The same list items, named alike, before React and after.
    expect(names()).toEqual(earlyNames);
  });
});

describe('what is done to the rows drawn before React is done once React’s are there (boot/earlyTakeover)', () => {
  /** The early rows of `swarm()` drawn in a root React will take, and `start` to boot the app and render it there. */
  async function drawnEarly(): Promise<{ root: HTMLElement; start: () => Promise<void> }> {
    const validated = withValidatedEvents(new FakeApi(swarm()));
    const early = startEarly(validated);
    const list = await early.list;
    const root = document.body.appendChild(document.createElement('div'));
    expect(list.ok && paintEarlyRows(root, list.value, earlyLayout(await early.uiState), NOW)).toBe(true);
    const stop = actOnEarlyRowsWhenReplaced(root);
    return {
      root,
      start: async () => {
        await act(async () => {
          tracked(bootApp(validated, early));
          tracked(stop);
        });
        await act(async () => {
          render(<App now={NOW} />, { container: root });
        });
      },
    };
  }
  const earlyRow = (root: HTMLElement, id: string): HTMLElement => root.querySelector(`[data-early-row="${id}"]`) as HTMLElement;

  it('a double click opens the session and then its title field, as on React’s row', async () => {
    const { root, start } = await drawnEarly();
    const label = earlyRow(root, 'shop-1').querySelector('.row-label') as HTMLElement;
    for (const type of ['click', 'click', 'dblclick']) label.dispatchEvent(new MouseEvent(type, { bubbles: true, detail: type === 'dblclick' ? 2 : 1 }));
    await start();
    expect(root.querySelector('[data-early-paint]')).toBeNull();
    expect(screen.getByRole('main', { name: 'Fix the login redirect loop in the checkout flow' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Session title' })).toBeTruthy();
  });

  it('"⋯" opens the row’s menu; a click on the reorder handle does nothing (as on React’s row)', async () => {
    const { root, start } = await drawnEarly();
    (earlyRow(root, 'docs-2').querySelector('.row-handle') as HTMLElement).click();
    (earlyRow(root, 'docs-2').querySelector('.row-more') as HTMLElement).click();
    await start();
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(screen.queryByRole('main')).toBeNull();
  });
});

describe('a remote host’s row drawn before React (issue 17)', () => {
  it('has its host’s tag and its own project heading, as React’s first commit draws them', async () => {
    const rows = [
      makeRow({ id: 'here', title: 'Fix the login redirect', folder: '/home/ada/src/shop', position: 0 }),
      makeRow({ id: 'there', title: 'Train the ranker', folder: '/home/ada/src/shop', host: 'box', subtitle: 'epoch 3', position: 1 }),
    ];
    const validated = withValidatedEvents(new FakeApi(rows));
    const early = startEarly(validated);
    const list = await early.list;
    const root = document.body.appendChild(document.createElement('div'));
    expect(list.ok && paintEarlyRows(root, list.value, earlyLayout(await early.uiState), NOW)).toBe(true);
    const before = drawn(root.querySelector('.sidebar') as Element);
    expect(root.querySelector('[data-early-row="there"] .row-host')?.textContent).toBe('box');
    expect(before.headings.size).toBe(2);
    await act(async () => {
      tracked(bootApp(validated, early));
    });
    await act(async () => {
      render(<App now={NOW} />, { container: root });
    });
    const after = drawn(root.querySelector('nav.sidebar') as Element);
    for (const [id, row] of before.rows) expect(after.rows.get(id), id).toEqual(row);
    expect([...after.headings]).toEqual([...before.headings]);
  });
});

describe('Filter by folder holds its place from the first commit', () => {
  it('is drawn in the commit that first shows two projects, before its options (deferred) arrive', () => {
    replaceSessions(swarm());
    let inFirstCommit: boolean | null = null;
    /** Runs in the first commit, after its DOM is written (the deferred options come in a later one). */
    function FirstCommit() {
      useLayoutEffect(() => {
        inFirstCommit = document.querySelector('select.folder-filter') !== null;
      }, []);
      return null;
    }
    render(
      <>
        <FolderFilter />
        <FirstCommit />
      </>,
    );
    // Else the rows below it would move down a line when it appears (and the early rows, drawn with it, would not match).
    expect(inFirstCommit).toBe(true);
  });
});

describe('the app’s code waits for the early rows (boot/earlyGate), bounded', () => {
  const ready = { settled: () => true, onSettled: () => () => undefined };
  /** Long enough that a test ending in time did not wait for it. */
  const LONG = { socketMs: 60_000, pageMs: 60_000 };

  it('starts once the first page’s rows are drawn and painted', async () => {
    const root = document.body.appendChild(document.createElement('div'));
    await earlyPaintGate(ready, startEarly(new FakeApi(swarm())), () => root, LONG);
    expect(labelsIn(root)).toHaveLength(7);
  });

  it('draws them in the theme the user chose (app:info, asked for first), and the app asks for it only once', async () => {
    const api = new FakeApi(swarm());
    api.override('app:info', () => ({ ok: true, value: { version: '0.0.0', platform: 'test', transport: 'web', dataDir: '/tmp/x', defaultFolder: '/home/ada', notices: [], notifications: true, theme: 'dark' } }));
    const validated = withValidatedEvents(api);
    const early = startEarly(validated);
    const root = document.body.appendChild(document.createElement('div'));
    try {
      await earlyPaintGate(ready, early, () => root, LONG);
      expect(document.documentElement.dataset.theme).toBe('dark');
      expect(labelsIn(root)).toHaveLength(7);
      await act(async () => {
        tracked(bootApp(validated, early));
      });
      expect(api.callsTo('app:info')).toHaveLength(1);
    } finally {
      delete document.documentElement.dataset.theme;
    }
  });

  it('a failure drawing them never keeps the app from starting: it starts at once and draws the list itself', async () => {
    const api = new FakeApi(swarm());
    const validated = withValidatedEvents(api);
    const early = startEarly(validated);
    const root = document.body.appendChild(document.createElement('div'));
    const broken = document.createElement('div');
    broken.append = () => {
      throw new Error('the DOM refused the picture');
    };
    await earlyPaintGate(ready, early, () => broken, LONG);
    await act(async () => {
      tracked(bootApp(validated, early));
    });
    render(<App now={NOW} />, { container: root });
    await screen.findByRole('listitem', { name: /^Fix the login redirect loop/ });
  });

  it('a first page that does not come, or a socket that does not open, holds the app only as long as its bound', async () => {
    const api = new FakeApi(swarm());
    api.override('sessions:list', () => new Promise(() => undefined));
    const root = document.body.appendChild(document.createElement('div'));
    await earlyPaintGate(ready, startEarly(api), () => root, { socketMs: 60_000, pageMs: 30 });
    expect(root.childElementCount).toBe(0);
    const connecting = { settled: () => false, onSettled: () => () => undefined };
    await earlyPaintGate(connecting, startEarly(new FakeApi(swarm())), () => root, { socketMs: 30, pageMs: 60_000 });
    // The socket never said ready: the app starts without waiting for rows.
  });
});

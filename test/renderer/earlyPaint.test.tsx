import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../src/renderer/src/App';
import { paintEarlyRows } from '../../src/renderer/src/boot/earlyPaint';
import { useSessions } from '../../src/renderer/src/stores/sessions';
import { makeRow, NOW } from './support/fakeApi';
import { resetStores } from './support/resetStores';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});
beforeEach(() => resetStores());

const labelsIn = (root: HTMLElement): string[] => [...root.querySelectorAll('[data-early-row] .row-label')].map((node) => node.textContent ?? '');

describe('the rows drawn before React (boot/earlyPaint)', () => {
  it('labels rows as React does: a title, a derived first line, facts; a placeholder title is never shown', () => {
    const root = document.createElement('div');
    const drawn = paintEarlyRows(
      root,
      [
        makeRow({ id: 'a', title: 'Fix the login redirect' }),
        makeRow({ id: 'b', title: 'untitled', firstUserLine: '## Why is the *cache* cold?' }),
        makeRow({ id: 'c', title: 'New session', kind: 'terminal', folder: '/home/ada/quiet' }),
        makeRow({ id: 'child', parentId: 'a', title: 'A subagent' }),
      ],
      NOW,
    );
    expect(drawn).toBe(true);
    expect(labelsIn(root)).toEqual(['Fix the login redirect', 'Why is the cache cold?', 'Terminal · quiet · 2 min ago']);
    const muted = [...root.querySelectorAll('[data-early-row] .row-label')].map((node) => node.classList.contains('muted'));
    expect(muted).toEqual([false, true, true]);
    // A picture: hidden from assistive technology and out of the tab order.
    const app = root.querySelector<HTMLElement>('[data-early-paint]');
    expect(app?.getAttribute('aria-hidden')).toBe('true');
    expect(root.querySelectorAll('[role]')).toHaveLength(0);
  });

  it('draws pinned rows first under the same headers as the list', () => {
    const root = document.createElement('div');
    paintEarlyRows(root, [makeRow({ id: 'a', title: 'Rest one' }), makeRow({ id: 'b', title: 'Pinned one', pinned: true })], NOW);
    expect([...root.querySelectorAll('.group-header, .row-label')].map((node) => node.textContent)).toEqual(['Pinned', 'Pinned one', 'Sessions', 'Rest one']);
  });

  it('draws only the rows the window can show (each label costs time before the first paint)', () => {
    const root = document.createElement('div');
    paintEarlyRows(root, Array.from({ length: 60 }, (_, i) => makeRow({ title: `Session number ${i}` })), NOW);
    expect(root.querySelectorAll('[data-early-row]')).toHaveLength(Math.ceil(window.innerHeight / 48) + 1);
  });

  it('draws nothing over a root React has drawn, nor for an empty swarm', () => {
    const drawnByReact = document.createElement('div');
    drawnByReact.append(document.createElement('div'));
    expect(paintEarlyRows(drawnByReact, [makeRow({ title: 'Alpha' })], NOW)).toBe(false);
    expect(drawnByReact.querySelector('[data-early-paint]')).toBeNull();
    const empty = document.createElement('div');
    expect(paintEarlyRows(empty, [], NOW)).toBe(false);
    expect(empty.childElementCount).toBe(0);
  });

  it('React’s first commit replaces the early rows with its list', async () => {
    const root = document.body.appendChild(document.createElement('div'));
    const rows = [makeRow({ id: 'a', title: 'Fix the login redirect' }), makeRow({ id: 'b', firstUserLine: 'Why is the cache cold?' })];
    paintEarlyRows(root, rows, NOW);
    expect(labelsIn(root)).toHaveLength(2);
    useSessions.setState({ byId: Object.fromEntries(rows.map((row) => [row.id, row])), order: rows.map((row) => row.id), loaded: true, complete: true });
    await act(async () => {
      render(<App now={NOW} />, { container: root });
    });
    expect(root.querySelector('[data-early-paint]')).toBeNull();
    expect(screen.getAllByRole('listitem').map((row) => row.getAttribute('aria-label')?.split(',')[0])).toEqual(['Fix the login redirect', 'Why is the cache cold?']);
  });
});

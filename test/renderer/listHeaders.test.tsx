import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

describe('the list with group headers (worked out per index, not per row)', () => {
  it('pinned rows under "Pinned", the rest under "Sessions"; rows keep their positions; arrows cross a header', async () => {
    await renderApp(
      new FakeApi([
        makeRow({ id: 'p1', title: 'Pinned one', pinned: true, position: 0 }),
        makeRow({ id: 'p2', title: 'Pinned two', pinned: true, position: 1 }),
        makeRow({ id: 'r1', title: 'Rest one', position: 2 }),
        makeRow({ id: 'r2', title: 'Rest two', position: 3 }),
      ]),
    );
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label')?.split(',')[0])).toEqual(['Pinned one', 'Pinned two', 'Rest one', 'Rest two']);
    expect(rows.map((row) => row.getAttribute('aria-posinset'))).toEqual(['1', '2', '3', '4']);
    const list = screen.getByRole('list', { name: 'Sessions' });
    const order = [...list.children].map((el) => (el.classList.contains('group-header') ? `# ${el.textContent}` : el.getAttribute('aria-label')?.split(',')[0]));
    expect(order).toEqual(['# Pinned', 'Pinned one', 'Pinned two', '# Sessions', 'Rest one', 'Rest two']);

    rows[1]?.focus();
    await userEvent.keyboard('{ArrowDown}');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement?.getAttribute('data-session-id')).toBe('r1');
  });
});

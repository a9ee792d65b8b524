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
    // The headings sit beside the list (it holds sessions only), placed between the rows.
    const list = screen.getByRole('list', { name: 'Sessions' });
    expect([...list.children].every((el) => el.getAttribute('role') === 'listitem')).toBe(true);
    const headings = [...document.querySelectorAll<HTMLElement>('.group-header')];
    const order = [...headings, ...rows]
      .map((el) => ({ y: Number(/translateY\((\d+)px\)/.exec(el.style.transform)?.[1]), text: el.classList.contains('group-header') ? `# ${el.textContent}` : el.getAttribute('aria-label')?.split(',')[0] }))
      .sort((a, b) => a.y - b.y)
      .map((item) => item.text);
    expect(order).toEqual(['# Pinned', 'Pinned one', 'Pinned two', '# Sessions', 'Rest one', 'Rest two']);

    rows[1]?.focus();
    await userEvent.keyboard('{ArrowDown}');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement?.getAttribute('data-session-id')).toBe('r1');
  });
});

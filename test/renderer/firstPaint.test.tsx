import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Result } from '../../src/shared/result';
import type { SessionRow } from '../../src/shared/domain/session';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

describe('first paint of the swarm', () => {
  it('the sidebar is mounted while the list is on its way, but "Sessions" is exposed only with its rows', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Alpha' }), makeRow({ id: 'b', title: 'Bravo' })]);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    api.override('sessions:list', async () => {
      await held;
      return { ok: true, value: [...api.rows.values()] } as Result<SessionRow[]>;
    });
    const { container } = await renderApp(api);

    // Laid out already (so the list's arrival only draws rows), yet hidden from sight and from the accessibility tree.
    const nav = container.querySelector('nav.sidebar');
    expect(nav).not.toBeNull();
    expect(nav).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('navigation', { name: 'Sessions' })).toBeNull();
    expect(screen.queryByRole('searchbox', { name: 'Search sessions' })).toBeNull();

    await act(async () => {
      release();
      await held;
    });
    const shown = await screen.findByRole('navigation', { name: 'Sessions' });
    expect(shown).not.toHaveAttribute('aria-busy');
    expect(screen.getAllByRole('listitem').map((row) => row.getAttribute('aria-label')?.split(',')[0])).toEqual(['Alpha', 'Bravo']);
  });
});

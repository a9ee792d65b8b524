import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

describe('virtualised swarm list', () => {
  it('10,000 sessions put only a window of rows in the DOM, with their place in the whole list', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => makeRow({ id: `r${i}`, title: `Session number ${i + 1}`, position: i }));
    const started = performance.now();
    await renderApp(new FakeApi(rows));
    const drawn = await screen.findAllByRole('listitem');
    const elapsed = performance.now() - started;
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.length).toBeLessThan(80);
    expect(drawn[0]).toHaveAccessibleName(/^Session number 1,/);
    expect(drawn[0]).toHaveAttribute('aria-setsize', '10000');
    expect(drawn[0]).toHaveAttribute('aria-posinset', '1');
    // Generous bound for jsdom on a shared machine; the real budget is measured by `npm run bench`.
    expect(elapsed).toBeLessThan(5_000);
  });
});

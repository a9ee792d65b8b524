import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionId } from '../../src/shared/domain/session';
import { mergeSessions, resetSessionsStore, useSessions } from '../../src/renderer/src/stores/sessions';
import { useListView } from '../../src/renderer/src/stores/useVisibleRows';
import { makeRow } from './support/fakeApi';

describe('the swarm list around a search', () => {
  it('clearing the search shows the swarm view built before it, without walking the swarm again; a change meanwhile rebuilds it', () => {
    resetSessionsStore();
    const rows = Array.from({ length: 2_000 }, (_, i) => makeRow({ id: `r${i}`, title: `Session ${i}`, position: i, folder: `/w/p${i % 7}` }));
    act(() => mergeSessions(rows, true));
    const { result } = renderHook(() => useListView());
    const before = result.current;
    expect(before.rows).toHaveLength(2_000);
    expect(before.headers.length).toBeGreaterThan(1);

    act(() => useSessions.setState({ query: 'session 1', searchIds: ['r1', 'r10'] as SessionId[] }));
    expect(result.current.rows.map((r) => r.id)).toEqual(['r1', 'r10']);
    expect(result.current.headers).toEqual([]);

    act(() => useSessions.setState({ query: '', searchIds: null }));
    // The very same view: nothing it depends on changed while the results were shown.
    expect(result.current).toBe(before);

    act(() => useSessions.setState({ searchIds: ['r3'] as SessionId[] }));
    act(() => mergeSessions([makeRow({ id: 'new', title: 'New one', position: -1, folder: '/w/p0' })], false));
    act(() => useSessions.setState({ searchIds: null }));
    expect(result.current).not.toBe(before);
    expect(result.current.rows.map((r) => r.id)).toContain('new');
    expect(result.current.rows).toHaveLength(2_001);
  });
});

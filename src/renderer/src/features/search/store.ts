import { create } from 'zustand';
import type { SearchSnippet } from '../../../../shared/domain/searchSnippet';
import type { SessionId } from '../../../../shared/domain/session';

/**
 * The search hits' matching lines (`sessions:snippets`), for the query whose results
 * the list shows. Per session: the snippet, or null when main has none for it (no
 * match in what was said); absent while not known.
 */
export interface SearchSnippetsState {
  /** The query the shown results (and so these snippets) are for; null when not searching. */
  query: string | null;
  byId: Record<SessionId, SearchSnippet | null>;
}

const initial = (): SearchSnippetsState => ({ query: null, byId: {} });

export const useSearchSnippets = create<SearchSnippetsState>()(initial);

export function resetSearchSnippetsStore(): void {
  useSearchSnippets.setState(initial(), true);
}

/** New results are on screen: their query's snippets (kept when it is the same query again). */
export function setResultsQuery(query: string | null): void {
  useSearchSnippets.setState((s) => (s.query === query ? s : { query, byId: {} }));
}

/** Main's answer for `ids` under `query`: ignored when other results are shown by now. */
export function applySnippets(query: string, ids: readonly SessionId[], snippets: readonly SearchSnippet[]): void {
  useSearchSnippets.setState((s) => {
    if (s.query !== query) return s;
    const byId = { ...s.byId };
    for (const id of ids) byId[id] = null;
    for (const snippet of snippets) byId[snippet.id] = snippet;
    return { byId };
  });
}

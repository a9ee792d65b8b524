import type { SessionId } from '../../../../shared/domain/session';
import { SNIPPET_IDS_MAX } from '../../../../shared/ipc/sessions';
import { api } from '../../bridge';
import { useSessions } from '../../stores/sessions';
import { applySnippets, setResultsQuery, useSearchSnippets } from './store';

/**
 * Snippets are asked for the rows in view, once the typing pauses: a row that shows a
 * search hit says it wants one (`wantSnippet`), and the ids wanted meanwhile go out in one
 * `sessions:snippets` call after SNIPPET_PAUSE_MS without a newer search. So a keystroke's
 * search never waits behind snippet work, and scrolling asks only for the rows it brings.
 */
export const SNIPPET_PAUSE_MS = 120;

let wanted = new Set<SessionId>();
/** Asked for under the current results' query, answered or not. */
let asked = new Set<SessionId>();
let askedFor: string | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

/** For tests: forget what an earlier app asked. */
export function resetSnippetRequests(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  wanted = new Set();
  asked = new Set();
  askedFor = null;
}

/** The results for `query` are on screen (from the search action); null: the search was cleared. */
export function searchResultsShown(query: string | null): void {
  setResultsQuery(query);
  if (query !== askedFor) {
    asked = new Set();
    wanted = new Set();
    askedFor = query;
  }
}

/** A row showing a search hit wants its snippet. */
export function wantSnippet(id: SessionId): void {
  if (asked.has(id) || askedFor === null) return;
  wanted.add(id);
  schedule();
}

function schedule(): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void flush(), SNIPPET_PAUSE_MS);
}

async function flush(): Promise<void> {
  timer = null;
  const query = askedFor;
  if (query === null) return;
  // A search is on its way: wait for its results (rows of another query want again).
  if (useSessions.getState().searching) {
    schedule();
    return;
  }
  const ids = [...wanted].filter((id) => !asked.has(id)).slice(0, SNIPPET_IDS_MAX);
  wanted = new Set([...wanted].filter((id) => !ids.includes(id)));
  if (ids.length === 0) return;
  for (const id of ids) asked.add(id);
  if (wanted.size > 0) schedule();
  const result = await api().invoke('sessions:snippets', { query, ids });
  // No snippet is no loss: the row keeps its subtitle. A failure is not worth a toast.
  if (result.ok) applySnippets(query, ids, result.value.snippets);
  else if (useSearchSnippets.getState().query === query) for (const id of ids) asked.delete(id);
}

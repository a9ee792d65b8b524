import { create } from 'zustand';
import type { Entry, SessionId } from '../../../shared/domain/session';
import type { EventPayload } from '../../../shared/ipc/events';
import { api } from '../bridge';

const PAGE_SIZE = 200;

/** One session's transcript as far as it is loaded: the last page first, older pages on demand. */
export interface SessionEntries {
  bySeq: Record<number, Entry>;
  /** Loaded seqs, oldest first. */
  order: number[];
  hasMore: boolean;
  loading: boolean;
  loaded: boolean;
  error: string | null;
  /** An assistant message still streaming (not committed yet). */
  streaming: { kind: 'assistant' | 'thinking'; text: string } | null;
}

export interface EntriesState {
  bySession: Record<SessionId, SessionEntries>;
}

export const useEntries = create<EntriesState>(() => ({ bySession: {} }));

export function resetEntriesStore(): void {
  useEntries.setState({ bySession: {} }, true);
}

const empty: SessionEntries = { bySeq: {}, order: [], hasMore: false, loading: false, loaded: false, error: null, streaming: null };

function update(id: SessionId, change: (current: SessionEntries) => SessionEntries): void {
  useEntries.setState((state) => ({
    bySession: { ...state.bySession, [id]: change(state.bySession[id] ?? empty) },
  }));
}

function merge(current: SessionEntries, entries: readonly Entry[]): Pick<SessionEntries, 'bySeq' | 'order'> {
  const bySeq = { ...current.bySeq };
  let added = false;
  for (const entry of entries) {
    if (!bySeq[entry.seq]) added = true;
    bySeq[entry.seq] = entry;
  }
  if (!added) return { bySeq, order: current.order };
  return { bySeq, order: Object.keys(bySeq).map(Number).sort((a, b) => a - b) };
}

/** The newest page (what a pane shows first). */
export async function loadLatestEntries(id: SessionId): Promise<void> {
  const current = useEntries.getState().bySession[id];
  if (current?.loading || current?.loaded) return;
  update(id, (c) => ({ ...c, loading: true, error: null }));
  const result = await api().invoke('entries:page', { id, limit: PAGE_SIZE });
  update(id, (c) =>
    result.ok
      ? { ...c, ...merge(c, result.value.entries), hasMore: result.value.hasMore, loading: false, loaded: true }
      : { ...c, loading: false, error: result.error.message },
  );
}

/** The page just before the oldest loaded entry. */
export async function loadEarlierEntries(id: SessionId): Promise<void> {
  const current = useEntries.getState().bySession[id];
  if (!current || current.loading || !current.hasMore) return;
  const oldest = current.order[0];
  update(id, (c) => ({ ...c, loading: true, error: null }));
  const result = await api().invoke('entries:page', { id, limit: PAGE_SIZE, ...(oldest === undefined ? {} : { beforeSeq: oldest }) });
  update(id, (c) =>
    result.ok
      ? { ...c, ...merge(c, result.value.entries), hasMore: result.value.hasMore, loading: false }
      : { ...c, loading: false, error: result.error.message },
  );
}

/** A committed entry (push or reply). Ignored for sessions whose transcript is not loaded: loading will fetch it. */
export function addEntry(entry: Entry): void {
  const current = useEntries.getState().bySession[entry.sessionId];
  if (!current?.loaded) return;
  update(entry.sessionId, (c) => ({
    ...c,
    ...merge(c, [entry]),
    streaming: entry.kind === 'assistant' || entry.kind === 'thinking' ? null : c.streaming,
  }));
}

export function setStreaming(payload: EventPayload<'entry:streaming'>): void {
  update(payload.sessionId, (c) => ({ ...c, streaming: { kind: payload.kind, text: payload.text } }));
}

export function clearStreaming(id: SessionId): void {
  if (!useEntries.getState().bySession[id]?.streaming) return;
  update(id, (c) => ({ ...c, streaming: null }));
}

/** Free a transcript no pane shows any more. */
export function forgetEntries(id: SessionId): void {
  useEntries.setState((state) => {
    if (!state.bySession[id]) return state;
    const bySession = { ...state.bySession };
    delete bySession[id];
    return { bySession };
  });
}

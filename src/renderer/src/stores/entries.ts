import { create } from 'zustand';
import type { Entry, SessionId } from '../../../shared/domain/session';
import type { EventPayload } from '../../../shared/ipc/events';
import type { ChannelOutput } from '../../../shared/ipc/contract';
import type { Result } from '../../../shared/result';

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

/** Whether a page may be asked for now: the newest only once, an earlier one only when there is more and nothing is loading. */
export function canLoadPage(id: SessionId, which: 'latest' | 'earlier'): boolean {
  const current = useEntries.getState().bySession[id];
  if (which === 'latest') return !current?.loading && !current?.loaded;
  return current !== undefined && !current.loading && current.hasMore;
}

/** The seq of the oldest loaded entry (where an earlier page ends). */
export function oldestLoadedSeq(id: SessionId): number | undefined {
  return useEntries.getState().bySession[id]?.order[0];
}

export function setEntriesLoading(id: SessionId): void {
  update(id, (c) => ({ ...c, loading: true, error: null }));
}

/** An `entries:page` reply into the store: its entries merged in, or why it failed. */
export function applyEntriesPage(id: SessionId, result: Result<ChannelOutput<'entries:page'>>): void {
  update(id, (c) =>
    result.ok
      ? { ...c, ...merge(c, result.value.entries), hasMore: result.value.hasMore, loading: false, loaded: true }
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

/**
 * The text an agent is streaming, for a transcript a pane has asked for (loading or loaded). Others'
 * is dropped: ten busy agents push a few hundred of these a second, each the whole text so far, and a
 * pane that opens meanwhile gets the next one.
 */
export function setStreaming(payload: EventPayload<'entry:streaming'>): void {
  if (!useEntries.getState().bySession[payload.sessionId]) return;
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

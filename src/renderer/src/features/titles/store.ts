import { create } from 'zustand';
import type { SessionId, TitleHistoryItem } from '../../../../shared/domain/session';

/**
 * How the user steers a session's titles (issue 33): each session's "Title automatically" as
 * last asked of main (absent: not asked yet, drawn as on, the default), and the "Title history"
 * dialog's session and its history once fetched.
 */
export interface TitleSteerState {
  automatic: Record<SessionId, boolean>;
  history: { sessionId: SessionId; items: TitleHistoryItem[] | null; error: string | null } | null;
}

const initial: TitleSteerState = { automatic: {}, history: null };

export const useTitleSteer = create<TitleSteerState>()(() => initial);

export function resetTitleSteer(): void {
  useTitleSteer.setState(initial, true);
}

export function setAutomatic(sessionId: SessionId, automatic: boolean): void {
  useTitleSteer.setState((s) => ({ automatic: { ...s.automatic, [sessionId]: automatic } }));
}

export function setHistory(history: TitleSteerState['history']): void {
  useTitleSteer.setState({ history });
}

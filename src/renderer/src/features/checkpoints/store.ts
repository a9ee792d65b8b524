import { create } from 'zustand';
import type { SessionId } from '../../../../shared/domain/session';
import type { CheckpointInfo } from '../../../../shared/ipc/checkpoints';

/**
 * Each session's checkpoints (issue 36) as last listed, newest first.
 */
export interface CheckpointsState {
  bySession: Record<SessionId, CheckpointInfo[]>;
}

const initial: CheckpointsState = { bySession: {} };

export const useCheckpoints = create<CheckpointsState>()(() => initial);

export function resetCheckpoints(): void {
  useCheckpoints.setState(initial, true);
}

export function setCheckpoints(sessionId: SessionId, items: CheckpointInfo[]): void {
  useCheckpoints.setState((s) => ({ bySession: { ...s.bySession, [sessionId]: items } }));
}

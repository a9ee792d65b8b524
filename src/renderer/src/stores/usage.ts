import { create } from 'zustand';
import type { SessionId } from '../../../shared/domain/session';
import type { SessionUsage } from '../../../shared/domain/usage';

/** What sessions cost, for the ones asked about (open panes) or pushed since start; absent = not known here. */
export interface UsageState {
  byId: Record<SessionId, SessionUsage>;
}

export const useUsage = create<UsageState>(() => ({ byId: {} }));

export function resetUsageStore(): void {
  useUsage.setState({ byId: {} }, true);
}

export function setUsage(usage: SessionUsage): void {
  useUsage.setState((s) => ({ byId: { ...s.byId, [usage.sessionId]: usage } }));
}

export function forgetUsage(id: SessionId): void {
  useUsage.setState((s) => {
    if (!(id in s.byId)) return s;
    const byId = { ...s.byId };
    delete byId[id];
    return { byId };
  });
}

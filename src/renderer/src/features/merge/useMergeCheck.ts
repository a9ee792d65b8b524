import { useCallback, useEffect, useState } from 'react';
import type { SessionId } from '../../../../shared/domain/session';
import { useSessions } from '../../stores/sessions';
import { loadMergeCheck, type MergeCheck } from './actions';

/** Entries arrive in bursts while an agent works: ask git once the burst rests. */
const SETTLE_MS = 300;

/**
 * The session's merge state, asked again when the session changes (an entry, a status), when
 * the window regains focus (files edited elsewhere) and on `refresh()`; the newest answer wins.
 */
export function useMergeCheck(sessionId: SessionId): { check: MergeCheck | null; refresh: () => void } {
  const [check, setCheck] = useState<MergeCheck | null>(null);
  const [asked, setAsked] = useState(0);
  const changed = useSessions((s) => `${s.byId[sessionId]?.status ?? ''}:${s.byId[sessionId]?.updatedAt ?? 0}`);
  const refresh = useCallback(() => setAsked((n) => n + 1), []);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      void loadMergeCheck(sessionId).then((next) => {
        if (live) setCheck(next);
      });
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [sessionId, changed, asked]);
  useEffect(() => {
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [refresh]);
  return { check, refresh };
}

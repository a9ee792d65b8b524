import { useCallback, useMemo } from 'react';
import { alikeTells } from '../label/alike';
import { useNow } from '../label/now';
import { useSessions, type SessionsState } from './sessions';

/**
 * What each drawn row's subtitle adds to tell it from a drawn row that reads alike (`label/alike.ts`),
 * by id. A selector over the drawn rows only (a few dozen, whatever the swarm's size), run on each
 * change of the sessions store; the list renders again only when a tell changes.
 */
export function useAlikeTells(ids: readonly string[]): ReadonlyMap<string, string> {
  const now = useNow();
  const idsKey = ids.join('\n');
  const select = useCallback(
    (s: SessionsState): string => {
      const rows = idsKey === '' ? [] : idsKey.split('\n').flatMap((id) => s.byId[id] ?? []);
      const tells = alikeTells(rows, now);
      return tells.size === 0 ? '' : JSON.stringify([...tells]);
    },
    [idsKey, now],
  );
  const key = useSessions(select);
  return useMemo(() => new Map<string, string>(key === '' ? [] : (JSON.parse(key) as [string, string][])), [key]);
}

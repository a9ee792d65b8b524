import { useEffect, useState } from 'react';
import type { HostName } from '../../../../shared/ipc/hosts';

/** What was asked of the host chosen now: not yet answered, or its answer. */
export type HostAnswer<T> = { answered: false } | { answered: true; value: T };

const NOT_YET: HostAnswer<never> = { answered: false };

/**
 * The New session dialog's "ask the chosen host, ignore a stale answer": `ask(host)` when the dialog
 * opens and again each time the host changes (null: this machine); the answer of a host no longer
 * chosen is dropped, so a slow host never overwrites the one chosen since. `ask` is a module function
 * (asked again only when `host` changes); it returns null when there is nothing to ask of that host.
 */
export function useChosenHostAnswer<T>(host: HostName | null, ask: (host: HostName | null) => Promise<T> | null): HostAnswer<T> {
  const [known, setKnown] = useState<{ host: HostName | null; value: T } | null>(null);
  useEffect(() => {
    const asked = ask(host);
    if (asked === null) return;
    let live = true;
    void asked.then((value) => {
      if (live) setKnown({ host, value });
    });
    return () => {
      live = false;
    };
  }, [host, ask]);
  return known !== null && known.host === host ? { answered: true, value: known.value } : NOT_YET;
}

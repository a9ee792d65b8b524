import { useEffect, useState } from 'react';
import type { HostName } from '../../../../shared/ipc/hosts';
import { loadAgentAvailability, type AgentAvailability } from './actions';

export type { AgentAvailability } from './actions';

/**
 * Asks main, when the dialog opens and again when the host changes, which agents can run on `host`
 * (null: this machine); null until known (or when main cannot say).
 */
export function useAgentAvailability(host: HostName | null = null): AgentAvailability | null {
  const [known, setKnown] = useState<{ host: HostName | null; availability: AgentAvailability | null } | null>(null);
  useEffect(() => {
    let live = true;
    void loadAgentAvailability(host).then((availability) => {
      if (live) setKnown({ host, availability });
    });
    return () => {
      live = false;
    };
  }, [host]);
  return known?.host === host ? known.availability : null;
}

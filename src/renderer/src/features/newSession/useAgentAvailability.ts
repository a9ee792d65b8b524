import { useEffect, useState } from 'react';
import { loadAgentAvailability, type AgentAvailability } from './actions';

export type { AgentAvailability } from './actions';

/** Asks main once, when the dialog opens, which agents can run; null until known (or when main cannot say). */
export function useAgentAvailability(): AgentAvailability | null {
  const [availability, setAvailability] = useState<AgentAvailability | null>(null);
  useEffect(() => {
    let live = true;
    void loadAgentAvailability().then((known) => {
      if (live) setAvailability(known);
    });
    return () => {
      live = false;
    };
  }, []);
  return availability;
}

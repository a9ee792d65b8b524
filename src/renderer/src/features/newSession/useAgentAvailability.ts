import { useEffect, useState } from 'react';
import type { ChannelOutput } from '../../../../shared/ipc/contract';
import { api } from '../../bridge';

export type AgentAvailability = ChannelOutput<'agents:availability'>;

/** Asks main once, when the dialog opens, which agents can run; null until known (or when main cannot say). */
export function useAgentAvailability(): AgentAvailability | null {
  const [availability, setAvailability] = useState<AgentAvailability | null>(null);
  useEffect(() => {
    let live = true;
    void api()
      .invoke('agents:availability', {})
      .then((result) => {
        if (live && result.ok) setAvailability(result.value);
      });
    return () => {
      live = false;
    };
  }, []);
  return availability;
}

import { useEffect, useState } from 'react';
import type { AcpAgentInfo } from '../../../../shared/ipc/acp';
import { loadAcpAgents } from './actions';
import { useAcp } from './store';

/**
 * The ACP agents main knows, asked once when the caller mounts: `loaded` false until main answered; a
 * failure (no ACP in this build) is an empty list, so no ACP agent is offered and nothing else changes.
 */
export function useAcpAgents(): { loaded: boolean; agents: readonly AcpAgentInfo[] } {
  const [loaded, setLoaded] = useState(false);
  const agents = useAcp((s) => s.agents);
  useEffect(() => {
    let live = true;
    void loadAcpAgents().then(() => {
      if (live) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return { loaded, agents: loaded ? (agents ?? []) : [] };
}

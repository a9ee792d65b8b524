import type { HostName } from '../../../../shared/ipc/hosts';
import { loadAgentAvailability, type AgentAvailability } from './actions';
import { useChosenHostAnswer } from './useChosenHostAnswer';

export type { AgentAvailability } from './actions';

/**
 * Asks main, when the dialog opens and again when the host changes, which agents can run on `host`
 * (null: this machine); null until known (or when main cannot say).
 */
export function useAgentAvailability(host: HostName | null = null): AgentAvailability | null {
  const known = useChosenHostAnswer(host, loadAgentAvailability);
  return known.answered ? known.value : null;
}

import { AppError } from '../../../../shared/result';
import type { Handler } from '../../router/router';
import type { AgentsContext } from '../context';

/** An ACP session's row, or BAD_INPUT for a session of another kind (NOT_FOUND for none). */
function acpRow(s: Parameters<Handler<'acp:sessionOptions', AgentsContext>>[1], id: string): void {
  if (s.sessions.get(id).kind !== 'acp') throw new AppError('BAD_INPUT', 'Only an ACP agent session has modes and models.');
}

/** The modes and models the session's agent offers (both null until it has run in this core). */
export const acpSessionOptions: Handler<'acp:sessionOptions', AgentsContext> = (input, s) => {
  acpRow(s, input.id);
  return s.agents.acp.sessionOptions(input.id);
};

export const acpSetMode: Handler<'acp:setMode', AgentsContext> = (input, s) => {
  acpRow(s, input.id);
  return s.agents.acp.choose(input.id, 'mode', input.modeId);
};

export const acpSetModel: Handler<'acp:setModel', AgentsContext> = (input, s) => {
  acpRow(s, input.id);
  return s.agents.acp.choose(input.id, 'model', input.modelId);
};

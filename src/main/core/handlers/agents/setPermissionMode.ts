import { AppError } from '../../../../shared/result';
import type { Handler } from '../../router/router';
import type { AgentsContext } from '../context';

export const agentsSetPermissionMode: Handler<'agents:setPermissionMode', AgentsContext> = (input, s) => {
  const row = s.sessions.get(input.id);
  if (row.kind !== 'claude-code') throw new AppError('CONFLICT', 'Only a Claude Code session has a permission mode.');
  return { mode: s.agents.setPermissionMode(input.id, input.mode) };
};

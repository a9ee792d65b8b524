import { AppError } from '../../../../shared/result';
import type { Handler } from '../../router/router';
import type { AgentsContext } from '../context';

/*
 * Placeholders while the ACP backend is built (issue 16): every ACP channel answers
 * UNAVAILABLE with a reason, so the contract is complete and the renderer can be
 * built against it. Replaced by the real handlers in this folder.
 */
const notYet = (): never => {
  throw new AppError('UNAVAILABLE', 'ACP agents are not available in this build yet.');
};

export const acpAgents: Handler<'acp:agents', AgentsContext> = notYet;
export const acpSettings: Handler<'acp:settings', AgentsContext> = notYet;
export const acpSetSettings: Handler<'acp:setSettings', AgentsContext> = notYet;
export const acpPermission: Handler<'acp:permission', AgentsContext> = notYet;
export const acpAnswerPermission: Handler<'acp:answerPermission', AgentsContext> = notYet;

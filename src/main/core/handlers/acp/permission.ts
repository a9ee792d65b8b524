import type { Handler } from '../../router/router';
import type { AgentsContext } from '../context';

/** The permission request a session waits on now, or null. NOT_FOUND for an unknown session. */
export const acpPermission: Handler<'acp:permission', AgentsContext> = (input, s) => {
  s.sessions.get(input.id);
  return { request: s.agents.acp.permission(input.id) };
};

/** Answers it with one of its options; NOT_FOUND when it is no longer pending. */
export const acpAnswerPermission: Handler<'acp:answerPermission', AgentsContext> = (input, s) => {
  s.agents.acp.permissions.answer(input.id, input.requestId, input.optionId);
  return { ok: true };
};

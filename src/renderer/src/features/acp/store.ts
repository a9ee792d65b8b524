import { create } from 'zustand';
import type { SessionId } from '../../../../shared/domain/session';
import type { AcpAgentInfo, AcpSessionOptions, PermissionRequest } from '../../../../shared/ipc/acp';

/**
 * ACP agents in the renderer (issue 16): the agents main knows (`acp:agents`, for the New session dialog
 * and Settings) and, per session, the permission request it waits on and the option being sent.
 */
export interface AcpState {
  /** null until asked; empty when main cannot say (then no ACP agent is offered). */
  agents: readonly AcpAgentInfo[] | null;
  /** The pending request per session (`acp:permission` on pane open, then its push). */
  permissions: Record<SessionId, PermissionRequest>;
  /** The option the user picked and main has not answered yet, per session (for that request). */
  answering: Record<SessionId, { requestId: string; optionId: string }>;
  /** The modes and models each session's agent offers (`acp:sessionOptions` on pane open, then its push). */
  options: Record<SessionId, AcpSessionOptions>;
}

const initial = (): AcpState => ({ agents: null, permissions: {}, answering: {}, options: {} });

export const useAcp = create<AcpState>()(initial);

export function resetAcpStore(): void {
  useAcp.setState(initial(), true);
}

export function setAcpAgents(agents: readonly AcpAgentInfo[] | null): void {
  useAcp.setState({ agents });
}

function without<T>(record: Record<SessionId, T>, id: SessionId): Record<SessionId, T> {
  if (!(id in record)) return record;
  const next = { ...record };
  delete next[id];
  return next;
}

/** The session's pending request now (null: none); a pick for an older request is dropped. */
export function setPermission(sessionId: SessionId, request: PermissionRequest | null): void {
  useAcp.setState((s) => {
    const answering = s.answering[sessionId];
    const keepAnswering = answering !== undefined && request !== null && answering.requestId === request.requestId;
    return {
      permissions: request ? { ...s.permissions, [sessionId]: request } : without(s.permissions, sessionId),
      answering: keepAnswering ? s.answering : without(s.answering, sessionId),
    };
  });
}

export function setAnswering(sessionId: SessionId, answer: { requestId: string; optionId: string } | null): void {
  useAcp.setState((s) => ({ answering: answer ? { ...s.answering, [sessionId]: answer } : without(s.answering, sessionId) }));
}

/** Removes a request only if it is still the one named (a newer one stays). */
export function dropPermission(sessionId: SessionId, requestId: string): void {
  if (useAcp.getState().permissions[sessionId]?.requestId !== requestId) return;
  setPermission(sessionId, null);
}

export function setSessionOptions(sessionId: SessionId, options: AcpSessionOptions): void {
  useAcp.setState((s) => ({ options: { ...s.options, [sessionId]: options } }));
}

export function forgetAcpSession(sessionId: SessionId): void {
  useAcp.setState((s) => ({ permissions: without(s.permissions, sessionId), answering: without(s.answering, sessionId), options: without(s.options, sessionId) }));
}

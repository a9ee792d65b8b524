import type { SessionId } from '../../../../shared/domain/session';
import type { AcpAgentInfo, AcpSessionOptions, AcpSettings, PermissionRequest } from '../../../../shared/ipc/acp';
import { api } from '../../bridge';
import { usePanes } from '../../stores/panes';
import { announce, showToast } from '../../stores/ui';
import { dropPermission, setAcpAgents, setAnswering, setPermission, setSessionOptions, useAcp } from './store';

/** ACP agents' calls to main: the agents found, their settings, and a session's permission request and its answer. */

/** Which ACP agents main knows (kept in the store); none when main cannot say (then none is offered). */
export async function loadAcpAgents(): Promise<readonly AcpAgentInfo[]> {
  const result = await api().invoke('acp:agents', {});
  const agents = result.ok ? result.value.agents : [];
  setAcpAgents(agents);
  return agents;
}

/** The permission request an ACP session waits on now (a pane asks as it opens); a failure leaves none shown. */
export async function loadPermission(sessionId: SessionId): Promise<void> {
  const result = await api().invoke('acp:permission', { id: sessionId });
  if (result.ok) setPermission(sessionId, result.value.request);
}

/** Words a screen reader says when a request arrives in the pane the user is in. */
export function permissionAnnouncement(request: PermissionRequest): string {
  const options = request.options.map((o) => o.name).join(', ');
  return `The agent asks permission: ${request.title || 'a tool call'}. Options: ${options}.`;
}

/** The `acp:permission` push: a new request (announced when it is the focused pane's) or null once it is settled. */
export function permissionPushed({ sessionId, request }: { sessionId: SessionId; request: PermissionRequest | null }): void {
  const before = useAcp.getState().permissions[sessionId];
  setPermission(sessionId, request);
  if (request && before?.requestId !== request.requestId && usePanes.getState().focused === sessionId) announce(permissionAnnouncement(request));
}

/**
 * Answers the request with one of its options. Pending until main answers; NOT_FOUND (answered elsewhere
 * or cancelled by Stop) removes the request quietly; another refusal is said and the options come back.
 */
export async function answerPermission(sessionId: SessionId, requestId: string, optionId: string): Promise<void> {
  setAnswering(sessionId, { requestId, optionId });
  const result = await api().invoke('acp:answerPermission', { id: sessionId, requestId, optionId });
  if (result.ok || result.error.code === 'NOT_FOUND') {
    dropPermission(sessionId, requestId);
    return;
  }
  if (useAcp.getState().answering[sessionId]?.requestId === requestId) setAnswering(sessionId, null);
  showToast(`Could not send the answer: ${result.error.message}`, { tone: 'error' });
}

/** The modes and models an ACP session's agent offers (a pane asks as it opens); a failure leaves none shown. */
export async function loadSessionOptions(sessionId: SessionId): Promise<void> {
  const result = await api().invoke('acp:sessionOptions', { id: sessionId });
  if (result.ok) setSessionOptions(sessionId, result.value);
}

/** The `acp:sessionOptions` push: the agent started, reported a change, or a choice was made. */
export function sessionOptionsPushed({ sessionId, ...options }: AcpSessionOptions & { sessionId: SessionId }): void {
  setSessionOptions(sessionId, options);
}

/**
 * Chooses a mode or model: shown at once, applied on the running agent (or at its next start). A refusal
 * puts back what was shown before and is said.
 */
export async function chooseAcpOption(sessionId: SessionId, kind: 'mode' | 'model', id: string): Promise<void> {
  const before = useAcp.getState().options[sessionId];
  const choices = kind === 'mode' ? before?.modes : before?.models;
  if (!before || !choices) return;
  setSessionOptions(sessionId, kind === 'mode' ? { ...before, modes: { ...choices, current: id } } : { ...before, models: { ...choices, current: id } });
  const result = kind === 'mode' ? await api().invoke('acp:setMode', { id: sessionId, modeId: id }) : await api().invoke('acp:setModel', { id: sessionId, modelId: id });
  if (result.ok) {
    setSessionOptions(sessionId, result.value);
    return;
  }
  setSessionOptions(sessionId, before);
  showToast(`Could not change the ${kind}: ${result.error.message}`, { tone: 'error' });
}

/** Settings → Agents: the ACP settings, or why they cannot be read. */
export async function loadAcpSettings(): Promise<{ ok: true; settings: AcpSettings } | { ok: false; message: string }> {
  const result = await api().invoke('acp:settings', {});
  return result.ok ? { ok: true, settings: result.value } : { ok: false, message: result.error.message };
}

/** Saves them; main answers with what it kept and the agents as now found (the dialog's list follows). */
export async function saveAcpSettings(settings: AcpSettings): Promise<{ ok: true; settings: AcpSettings } | { ok: false; message: string }> {
  const result = await api().invoke('acp:setSettings', settings);
  if (!result.ok) return { ok: false, message: result.error.message };
  setAcpAgents(result.value.agents);
  return { ok: true, settings: result.value.settings };
}

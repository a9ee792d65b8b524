import { z } from 'zod';

/** The agent CLIs whose own hooks report a terminal session's status (the shims in `agentShims.ts`). */
export const HOOK_AGENTS = ['claude', 'gemini', 'codex'] as const;
export type HookAgent = (typeof HOOK_AGENTS)[number];

/** A `status` report, as the reporter posts it: which hook fired, nothing of what it carried but its type. */
export const StatusReport = z.object({
  sessionId: z.string(),
  kind: z.literal('status'),
  agent: z.enum(HOOK_AGENTS),
  event: z.string().max(64),
  notificationType: z.string().max(64).optional(),
});
export type StatusReport = z.infer<typeof StatusReport>;

/** What a hook says about its session: working, waiting for the user, or its turn ended (idle, unread: "done"). */
export type HookStatus = 'working' | 'waiting' | 'done';

/** Claude Code's Notification types that mean it cannot go on without the user (`idle_prompt` is only a reminder). */
const WAITING_NOTIFICATIONS = new Set(['permission_prompt', 'elicitation_dialog']);

/**
 * The status a hook event means (SPEC §8, first in the order of trust), null for the events that say nothing
 * about it. Claude Code 2.1.332 (and Codex's hooks, which use its names): `UserPromptSubmit` working,
 * `PermissionRequest` and `Notification` with `permission_prompt` / `elicitation_dialog` waiting, `Stop` /
 * `StopFailure` done. Gemini CLI 0.61: `BeforeAgent` working, `Notification` `ToolPermission` waiting,
 * `AfterAgent` done. Codex's legacy notify: `agent-turn-complete` done.
 */
export function hookStatus(report: Pick<StatusReport, 'agent' | 'event' | 'notificationType'>): HookStatus | null {
  const { agent, event, notificationType } = report;
  if (agent === 'gemini') {
    if (event === 'BeforeAgent') return 'working';
    if (event === 'AfterAgent') return 'done';
    if (event === 'Notification') return notificationType === 'ToolPermission' ? 'waiting' : null;
    return null;
  }
  if (agent === 'codex' && event === 'agent-turn-complete') return 'done';
  if (event === 'UserPromptSubmit') return 'working';
  if (event === 'Stop' || event === 'StopFailure') return 'done';
  if (event === 'PermissionRequest') return 'waiting';
  if (event === 'Notification') return notificationType !== undefined && WAITING_NOTIFICATIONS.has(notificationType) ? 'waiting' : null;
  return null;
}

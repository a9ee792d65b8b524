import { describe, expect, it } from 'vitest';
import { hookStatus } from '../../../src/main/core/agents/sessionReports/hookStatus';

describe('hookStatus: what an agent CLI hook event means (SPEC §8)', () => {
  it('Claude Code: a prompt works, a permission or an elicitation waits, a stop is done, an idle reminder says nothing', () => {
    expect(hookStatus({ agent: 'claude', event: 'UserPromptSubmit' })).toBe('working');
    expect(hookStatus({ agent: 'claude', event: 'PermissionRequest' })).toBe('waiting');
    expect(hookStatus({ agent: 'claude', event: 'Notification', notificationType: 'permission_prompt' })).toBe('waiting');
    expect(hookStatus({ agent: 'claude', event: 'Notification', notificationType: 'elicitation_dialog' })).toBe('waiting');
    expect(hookStatus({ agent: 'claude', event: 'Notification', notificationType: 'idle_prompt' })).toBeNull();
    expect(hookStatus({ agent: 'claude', event: 'Notification' })).toBeNull();
    expect(hookStatus({ agent: 'claude', event: 'Stop' })).toBe('done');
    expect(hookStatus({ agent: 'claude', event: 'StopFailure' })).toBe('done');
    expect(hookStatus({ agent: 'claude', event: 'PreToolUse' })).toBeNull();
  });

  it('Gemini CLI: BeforeAgent works, a ToolPermission notification waits, AfterAgent is done', () => {
    expect(hookStatus({ agent: 'gemini', event: 'BeforeAgent' })).toBe('working');
    expect(hookStatus({ agent: 'gemini', event: 'Notification', notificationType: 'ToolPermission' })).toBe('waiting');
    expect(hookStatus({ agent: 'gemini', event: 'Notification', notificationType: 'Other' })).toBeNull();
    expect(hookStatus({ agent: 'gemini', event: 'AfterAgent' })).toBe('done');
    // Claude's names mean nothing from Gemini.
    expect(hookStatus({ agent: 'gemini', event: 'Stop' })).toBeNull();
  });

  it("Codex: the notify program's agent-turn-complete is done; its hooks use Claude's names", () => {
    expect(hookStatus({ agent: 'codex', event: 'agent-turn-complete' })).toBe('done');
    expect(hookStatus({ agent: 'codex', event: 'UserPromptSubmit' })).toBe('working');
    expect(hookStatus({ agent: 'codex', event: 'PermissionRequest' })).toBe('waiting');
    expect(hookStatus({ agent: 'claude', event: 'agent-turn-complete' })).toBeNull();
  });
});

/**
 * A title the agent sets itself (issue 33: Swarmdesk's MCP tool `set_session_title`). It is
 * judged like any model title (SPEC §9.1), stored with source `agent`, never over a pinned
 * user title nor while the user has turned the session's automatic titles off, and at most
 * one a minute per session. The answer tells the agent whether it was used and why not.
 */
import type { AgentTitleResult } from '../../../../shared/ipc/sessions';
import { judgeAgentTitle } from '../../../../shared/judge';
import { AppError } from '../../../../shared/result';
import type { AmbientEngine, AmbientFeatureDeps } from '../engine';

export const AGENT_TITLE_EVERY_MS = 60_000;

export class AgentTitles {
  /** When each session last took an agent's title (in memory: a restart forgives, as a minute would). */
  private readonly usedAt = new Map<string, number>();

  constructor(
    private readonly engine: AmbientEngine,
    private readonly deps: AmbientFeatureDeps,
    /** Whether the session titles itself automatically (its "Title automatically"). */
    private readonly automatic: (sessionId: string) => boolean,
  ) {}

  set(sessionId: string, text: string): AgentTitleResult {
    const row = this.deps.sessions.get(sessionId);
    const judged = judgeAgentTitle(text, this.engine.resolved().settings.titleWordTarget);
    if (!judged.ok) return { used: false, reason: 'rejected', message: `Not used: ${judged.message}` };
    if (row.titlePinned) return { used: false, reason: 'pinned', message: 'Not used: the user named this session, and their title stays.' };
    if (!this.automatic(sessionId)) {
      return { used: false, reason: 'off', message: 'Not used: the user turned automatic titles off for this session.' };
    }
    const now = this.deps.clock.now();
    const last = this.usedAt.get(sessionId);
    if (last !== undefined && now - last < AGENT_TITLE_EVERY_MS) {
      const seconds = Math.ceil((AGENT_TITLE_EVERY_MS - (now - last)) / 1000);
      return { used: false, reason: 'too-soon', message: `Not used: one title a minute; try again in ${seconds} s.` };
    }
    if (row.title === judged.text) return { used: true, title: judged.text, message: `The session is titled “${judged.text}”.` };
    try {
      const { applied } = this.deps.sessions.setAutoTitle(sessionId, { value: judged.text, source: 'agent', model: null });
      if (!applied) return { used: false, reason: 'pinned', message: 'Not used: the user named this session, and their title stays.' };
    } catch (err) {
      if (err instanceof AppError && err.code === 'TITLE_REJECTED') return { used: false, reason: 'rejected', message: `Not used: ${err.message}` };
      throw err;
    }
    this.usedAt.set(sessionId, now);
    return { used: true, title: judged.text, message: `The session is titled “${judged.text}”.` };
  }
}

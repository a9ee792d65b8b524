import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ScriptCommand } from './scriptCommand';

/** What a running agent holds to report about its own session: revoke it when the agent's process ends. */
export interface SessionToken {
  readonly sessionId: string;
  /** The secret itself (32 random bytes, base64url): it goes only into that agent's environment. */
  readonly token: string;
  /** Idempotent: reports with this token are refused from now on. */
  revoke(): void;
}

/**
 * How a spawner gives an agent process its session's report token (`SessionReports` is one): the token, and
 * the environment that carries it, added after `childEnv`; revoke the token when the process is gone.
 */
export interface ReportTokenPort {
  issue(sessionId: string): { readonly token: SessionToken; readonly env: Readonly<Record<string, string>> };
  /** Swarmdesk's `set_session_title` MCP server (issue 33), offered to the agent beside the token; null or absent: none. */
  readonly mcpServer?: ScriptCommand | null;
  /** Resolves once tokens carry the endpoint (it listens), or it could not listen; never rejects. */
  ready?(): Promise<void>;
}

/**
 * Per-session report tokens (SPEC §8, terminal status; issue 33's MCP server): each agent process gets a
 * token of its own that speaks for one session only. A session may hold several (a terminal restarted while
 * its old hook still runs); each is revoked when its process ends, and all of a session's when it is deleted.
 * Never the host socket's secret: a token lets its holder report about its session, nothing else.
 */
export class SessionTokens {
  /** token → session id. */
  private readonly tokens = new Map<string, string>();

  issue(sessionId: string): SessionToken {
    const token = randomBytes(32).toString('base64url');
    this.tokens.set(token, sessionId);
    return { sessionId, token, revoke: () => void this.tokens.delete(token) };
  }

  /**
   * Whether `token` is a live token of `sessionId`. Both are given: a report names its session and the token
   * must be that session's (another session's live token is refused). Compared in constant time.
   */
  verify(sessionId: string, token: string): boolean {
    const owner = this.tokens.get(token);
    if (owner === undefined) return false;
    const a = Buffer.from(owner);
    const b = Buffer.from(sessionId);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** Every token of a session (it was deleted, or its host closes). */
  revokeSession(sessionId: string): void {
    for (const [token, owner] of this.tokens) if (owner === sessionId) this.tokens.delete(token);
  }

  revokeAll(): void {
    this.tokens.clear();
  }

  /** Live tokens (tests). */
  get size(): number {
    return this.tokens.size;
  }
}

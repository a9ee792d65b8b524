import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { AgentBackend, AgentEventSink, AgentSession, AgentSessionContext } from '../types';
import { IdlePool } from './idlePool';
import { pathOf, type ClaudeBackendOptions } from './options';
import { ClaudeCodeSession } from './session';

export { DEFAULT_KEEPALIVE_MS, resolveClaudePath, resolveKeepAliveMs, type ClaudeBackendOptions } from './options';
export { ClaudeCodeSession, type ClaudeRunStats } from './session';

export class ClaudeCodeBackend implements AgentBackend {
  readonly kind = 'claude-code' as const;

  /** The idle live CLIs of all this backend's sessions. */
  private readonly idlePool: IdlePool;

  constructor(private readonly opts: ClaudeBackendOptions) {
    this.idlePool = new IdlePool(opts.maxIdleProcesses ?? 8);
  }

  unavailable(): string | null {
    const p = pathOf(this.opts);
    if (p.includes('/') && !existsSync(p)) return `The Claude Code CLI was not found at ${p}.`;
    if (!p.includes('/') && !onPath(p, this.opts.env?.PATH ?? process.env.PATH ?? '')) return `The Claude Code CLI (${p}) is not on PATH; set its path in the settings or SWARMDESK_CLAUDE_PATH.`;
    return null;
  }

  open(ctx: AgentSessionContext, sink: AgentEventSink): AgentSession {
    return new ClaudeCodeSession(this.opts, ctx, sink, this.idlePool);
  }
}

function onPath(name: string, pathVar: string): boolean {
  return pathVar.split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, name)));
}

import type { Entry } from '../../../src/shared/domain/session';
import type { ChatProvider } from '../../../src/main/core/agents/chat/backend';
import { createAnthropicClient } from '../../../src/main/core/models/clients/anthropic';
import { createOpenAIClient } from '../../../src/main/core/models/clients/openai';
import { ChatSession, DEFAULT_CHAT_LIMITS, type ChatLimits } from '../../../src/main/core/agents/chat/session';
import type { AgentEvent } from '../../../src/main/core/agents/types';
import type { ModelServer } from '../../support/model-server';
import { Recorder, makeRow } from './helpers';

/** Commits entries the way the runtime does (seq in order), so a session can rebuild from them. */
export class EntryLog extends Recorder {
  readonly committed: Entry[] = [];
  constructor(private readonly sessionId = 'chat-1', initial: Entry[] = []) {
    super();
    this.committed.push(...initial);
    const record = this.sink;
    (this as { sink: (e: AgentEvent) => void }).sink = (e) => {
      if (e.type === 'entry') {
        this.committed.push({ sessionId: this.sessionId, seq: this.committed.length, kind: e.entry.kind, text: e.entry.text, meta: e.entry.meta ?? null, createdAt: Date.now() });
      }
      record(e);
    };
  }

  /** What the runtime commits itself before handing the text over. */
  user(text: string, kind: 'user' | 'steer' = 'user'): void {
    this.committed.push({ sessionId: this.sessionId, seq: this.committed.length, kind, text, meta: null, createdAt: Date.now() });
  }
}

export const FAST_LIMITS: ChatLimits = {
  ...DEFAULT_CHAT_LIMITS,
  idleMs: 1_500,
  attemptMs: 4_000,
  connectMs: 2_000,
  backoffMs: 100,
  maxRetryWaitMs: 5_000,
  streamThrottleMs: 20,
};

export function provider(server: ModelServer, api: 'anthropic' | 'openai'): ChatProvider {
  return api === 'anthropic'
    ? createAnthropicClient({ apiKey: 'x', baseURL: server.url, model: 'stand-in-chat', maxRetries: 0 })
    : createOpenAIClient({ apiKey: 'x', baseURL: `${server.url}/v1`, model: 'stand-in-chat', maxRetries: 0 });
}

export function chatSession(p: ChatProvider, log: EntryLog, limits: Partial<ChatLimits> = {}): ChatSession {
  return new ChatSession(p, { ...FAST_LIMITS, ...limits }, { row: makeRow({ id: 'chat-1', kind: 'chat' }), entries: () => log.committed, permissionMode: () => null }, log.sink);
}

/** Sends like the runtime: commit the user entry, then hand the text over. */
export async function say(s: ChatSession, log: EntryLog, text: string): Promise<void> {
  log.user(text, s.working ? 'steer' : 'user');
  if (s.working) await s.steer(text);
  else await s.send(text);
}

export async function settle(s: ChatSession): Promise<void> {
  while (s.turn) await s.turn;
}

import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCore, type SwarmCore } from '../../../src/main/core/app';
import type { AcpSession } from '../../../src/main/core/agents/acp/backend';
import type { Entry } from '../../../src/shared/domain/session';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../src/shared/ipc/contract';
import type { EventName, EventPayload } from '../../../src/shared/ipc/events';
import { until } from '../../support/until';

/** A real core over a temp data folder with the project's own ACP agent as a user-defined agent. */
const here = dirname(fileURLToPath(import.meta.url));
export const FAKE_AGENT = resolve(here, '../../fixtures/acp/agent.mjs');

export interface Harness {
  readonly core: SwarmCore;
  readonly work: string;
  readonly state: string;
  readonly logFile: string;
  pushes: Array<{ event: EventName; payload: unknown }>;
}

export function startCore(root: string, opts: { env?: NodeJS.ProcessEnv; agentEnv?: Record<string, string>; acp?: Parameters<typeof createCore>[0]['acp'] } = {}): Harness {
  const work = join(root, 'work');
  const state = join(root, 'state');
  mkdirSync(work, { recursive: true });
  mkdirSync(state, { recursive: true });
  const logFile = join(root, 'agent.log');
  // PATH without node_modules/.bin (npx adds it): the built-in agents are not found unless a test puts them there.
  const env: NodeJS.ProcessEnv = { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, HOME: root, SWARMDESK_AMBIENT_PROVIDER: 'off', SWARMDESK_IMPORT: '0', ...opts.env };
  const core = createCore({
    dataDir: join(root, 'data'),
    platform: { transport: 'web', openExternal: async () => false },
    env,
    defaultFolder: work,
    ...(opts.acp ? { acp: opts.acp } : {}),
  });
  const h: Harness = { core, work, state, logFile, pushes: [] };
  core.events.subscribe((event, payload) => h.pushes.push({ event, payload }));
  return h;
}

export async function ok<C extends ChannelName>(h: Harness, channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const r = await h.core.router.handle(channel, input, { transport: 'test' });
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
  return r.value as ChannelOutput<C>;
}

export async function fails<C extends ChannelName>(h: Harness, channel: C, input: ChannelInput<C>): Promise<{ code: string; message: string }> {
  const r = await h.core.router.handle(channel, input, { transport: 'test' });
  if (r.ok) throw new Error(`${channel} should have failed`);
  return r.error;
}

/** Registers the fake agent as the user's own agent `custom-fake`, with `env` for it. */
export async function useFakeAgent(h: Harness, env: Record<string, string> = {}): Promise<void> {
  await ok(h, 'acp:setSettings', {
    geminiPath: null,
    codexAcpPath: null,
    qwenPath: null,
    custom: [{ id: 'custom-fake', name: 'Fake agent', command: FAKE_AGENT, args: [], env: { FAKE_ACP_STATE: h.state, FAKE_ACP_LOG: h.logFile, ...env } }],
  });
}

export function pushed<E extends EventName>(h: Harness, event: E): Array<EventPayload<E>> {
  return h.pushes.filter((p) => p.event === event).map((p) => p.payload as EventPayload<E>);
}

export function entries(h: Harness, id: string): Entry[] {
  return h.core.services.store.entries.page(id, undefined, 1_000).entries;
}

export const statusOf = (h: Harness, id: string): string => h.core.services.sessions.get(id).status;

export function live(h: Harness, id: string): AcpSession {
  return h.core.services.agents.runtime.liveSession(id) as AcpSession;
}

/** Waits until the session has an entry of `kind` (whose text matches `text`), and answers it. */
export async function entryOf(h: Harness, id: string, kind: string, text?: RegExp, timeoutMs = 15_000): Promise<Entry> {
  return until(() => entries(h, id).find((e) => e.kind === kind && (!text || text.test(e.text))), { timeoutMs, message: `a ${kind} entry${text ? ` matching ${text}` : ''}` });
}

export async function statusBecomes(h: Harness, id: string, status: string, timeoutMs = 15_000): Promise<void> {
  await until(() => statusOf(h, id) === status, { timeoutMs, message: `status ${status} (now ${statusOf(h, id)})` });
}

import { createCore, type SwarmCore } from '../../../src/main/core/app';
import type { Platform } from '../../../src/main/core/core';
import type { EventName, EventPayload } from '../../../src/shared/ipc/events';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../src/shared/ipc/contract';
import type { Result } from '../../../src/shared/result';
import { createManualClock, type ManualClock } from '../../../src/main/core/services';
import { tempDataDir } from '../store/tempDir';

export const T0 = Date.UTC(2026, 4, 1, 9, 0, 0);

export interface Harness {
  core: SwarmCore;
  clock: ManualClock;
  dataDir: string;
  opened: string[];
  events: Array<{ event: EventName; payload: unknown }>;
  /** A channel call through the real router, as a transport makes it. */
  call<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<Result<ChannelOutput<C>>>;
  /** The value of a call that must succeed. */
  ok<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>;
  eventsOf<E extends EventName>(event: E): Array<EventPayload<E>>;
}

/** A real core on a temp data folder, with a hand-moved clock and a platform that records. */
export function startCore(
  options: { dataDir?: string; clock?: ManualClock; env?: NodeJS.ProcessEnv; platform?: Partial<Platform>; /** The first background pruning of checkpoints (default: the core's). */ pruneDelayMs?: number } = {},
): Harness {
  const dataDir = options.dataDir ?? tempDataDir('swarmdesk-core-');
  const clock = options.clock ?? createManualClock(T0);
  const opened: string[] = [];
  const platform: Platform = {
    transport: 'web',
    openExternal: async (url) => {
      opened.push(url);
      return true;
    },
    ...options.platform,
  };
  // A quiet environment: no ambient model work, no import of the real home's transcripts.
  const env = { HOME: dataDir, PATH: process.env.PATH ?? '', SWARMDESK_AMBIENT_PROVIDER: 'off', SWARMDESK_IMPORT: '0', ...options.env };
  const core = createCore({ dataDir, platform, clock, env, version: '9.9.9', defaultFolder: '/home/tester', checkpointPruneDelayMs: options.pruneDelayMs });
  // Agents are other modules' business (and need providers): here, as with no agent, send just records.
  const sessions = core.services.sessions;
  for (const kind of ['chat', 'claude-code', 'terminal'] as const) {
    sessions.registerDispatcher(kind, {
      send: async (row, text) => sessions.appendEntry(row.id, 'user', text),
      stop: async () => {},
    });
  }
  const events: Harness['events'] = [];
  core.events.subscribe((event, payload) => events.push({ event, payload }));
  const call = <C extends ChannelName>(channel: C, input: ChannelInput<C>) =>
    core.router.handle(channel, input, { transport: 'test' }) as Promise<Result<ChannelOutput<C>>>;
  return {
    core,
    clock,
    dataDir,
    opened,
    events,
    call,
    async ok(channel, input) {
      const r = await call(channel, input);
      if (!r.ok) throw new Error(`${channel} failed: ${r.error.code} ${r.error.message}`);
      return r.value;
    },
    eventsOf<E extends EventName>(event: E) {
      return events.filter((e) => e.event === event).map((e) => e.payload as EventPayload<E>);
    },
  };
}

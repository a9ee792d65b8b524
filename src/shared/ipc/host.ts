import { z } from 'zod';
import { channel } from './channel';

/*
 * The session host (SPEC §5.1): one process per data folder owns the core; windows and browsers are
 * fronts attached to it. These are the host's own settings and what a front tells its page about the
 * host (the page cannot see the socket between them).
 */

/** Minutes the host waits with no front attached and no live agent before it exits by itself. */
export const DEFAULT_HOST_IDLE_MINUTES = 10;

export const HostSettingsSchema = z
  .object({
    /** Quitting the last window (or stopping web mode) ends the agents too; off: they keep running. */
    stopAgentsOnQuit: z.boolean(),
    idleExitMinutes: z.number().min(0.05).max(7 * 24 * 60),
  })
  .strict();
export type HostSettings = z.infer<typeof HostSettingsSchema>;

export const hostChannels = {
  'host:settings': channel(z.object({}).strict(), HostSettingsSchema),
  'host:setSettings': channel(HostSettingsSchema.partial().strict(), HostSettingsSchema),
  /**
   * Start the host again after it was stopped on purpose, or restart it into this front's version
   * (`when`: now, or once no agent is working). Answered by the front, which starts hosts; the host
   * itself answers that it is running.
   */
  'host:start': channel(
    z.object({ restart: z.enum(['no', 'now', 'whenIdle']).default('no') }).strict(),
    z.object({ started: z.boolean(), message: z.string() }),
  ),
} as const;

/**
 * What the page is told about its host, pushed by the front:
 * - `connected`: attached (`reattached`: again, after the host was lost; reload everything);
 * - `restarting`: the host died unexpectedly and the front is starting a new one;
 * - `stopped`: the host was stopped on purpose (`--stop`, "Quit and Stop Agents"); the page offers Start;
 * - `outdated`: the running host is older than this window; the page offers to restart it.
 */
export const HostStateSchema = z.object({
  state: z.enum(['connected', 'restarting', 'stopped', 'outdated']),
  message: z.string().max(1000),
  reattached: z.boolean(),
  hostVersion: z.string().max(100).nullable(),
});
export type HostState = z.infer<typeof HostStateSchema>;

export const hostEvents = {
  'host:state': HostStateSchema,
} as const;

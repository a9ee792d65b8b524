import { z } from 'zod';
import { SessionIdSchema, type SessionRow } from '../domain/session';
import { channel } from './channel';
import { ThemeSchema } from './settings';

/** Facts the renderer needs at start; never a secret. */
export const AppInfoSchema = z.object({
  version: z.string(),
  platform: z.string(),
  transport: z.enum(['electron', 'web']),
  dataDir: z.string(),
  defaultFolder: z.string(),
  /** What start-up had to tell the user (a recovered database, a backup restored). */
  notices: z.array(z.string()),
  /** Whether the user wants OS notifications and the badge (the settings switch; on unless turned off). */
  notifications: z.boolean(),
  /** Whether a finished turn (done) notifies too (Settings → Notifications; off unless turned on). Absent from an older host: off. */
  notifyDone: z.boolean().optional(),
  /** The look the user chose (Settings → General); `system` (or absent) follows the OS. */
  theme: ThemeSchema.optional(),
  /** The folder of the last session made in the New session dialog, while it still exists; null or absent: none yet. */
  lastFolder: z.string().nullable().optional(),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

/** A session that started waiting for the user (or stopped with an error) while no window was attached. */
export const MissedSessionSchema = z.object({ sessionId: SessionIdSchema, status: z.enum(['waiting', 'error']) });
export type MissedSession = z.infer<typeof MissedSessionSchema>;

/** What a row taps the user on the shoulder for: waiting, or an error (a terminal that exited with a failure is one); else null. */
export function missedStatusOf(row: Pick<SessionRow, 'status' | 'exit'>): MissedSession['status'] | null {
  if (row.status === 'waiting' || row.status === 'error') return row.status;
  return row.status === 'exited' && row.exit !== undefined ? 'error' : null;
}

export const appChannels = {
  'app:info': channel(z.object({}).strict(), AppInfoSchema),
  'app:openExternal': channel(z.object({ url: z.string().max(4096) }).strict(), z.object({ opened: z.boolean() })),
  /** The OS folder picker (desktop app only; web mode answers UNAVAILABLE); null when the user cancelled. */
  'app:pickFolder': channel(z.object({ defaultPath: z.string().max(4096).optional() }).strict(), z.object({ folder: z.string().nullable() })),
  /** Show an OS notification for a session (desktop app; web mode answers UNAVAILABLE and uses the browser's). A click opens the session (`app:openSession` push). */
  'app:notify': channel(
    z.object({ sessionId: SessionIdSchema, title: z.string().min(1).max(200), body: z.string().max(500) }).strict(),
    z.object({ shown: z.boolean() }),
  ),
  /** The number on the dock/taskbar icon (desktop app; web mode answers UNAVAILABLE and uses the tab title). */
  'app:setBadge': channel(z.object({ count: z.number().int().min(0).max(100_000) }).strict(), z.object({ shown: z.boolean() })),
  /** The settings switch for notifications and the badge (persisted). */
  'app:setNotifications': channel(z.object({ enabled: z.boolean() }).strict(), z.object({ enabled: z.boolean() })),
  /** The opt-in for a notification when a session finishes a turn (done); waiting and errors notify regardless (persisted). */
  'app:setNotifyDone': channel(z.object({ enabled: z.boolean() }).strict(), z.object({ enabled: z.boolean() })),
  /**
   * Asked by a window before it notifies that session `id` waits: yes only for the first ask for this wait, at most
   * once per session per 30 s, and never again for the same wait, a restart included (SPEC §2).
   */
  'app:claimWaitNotice': channel(z.object({ id: SessionIdSchema }).strict(), z.object({ notify: z.boolean() })),
  /**
   * "Coming back" (SPEC §5.1): what started waiting for the user (or failed) while no front was attached
   * to the session host, oldest first. Answering clears the list, so each is told once.
   */
  'app:missed': channel(z.object({}).strict(), z.object({ sessions: z.array(MissedSessionSchema).max(10_000) })),
} as const;

import { z } from 'zod';
import { channel } from './channel';

/** Facts the renderer needs at start; never a secret. */
export const AppInfoSchema = z.object({
  version: z.string(),
  platform: z.string(),
  transport: z.enum(['electron', 'web']),
  dataDir: z.string(),
  defaultFolder: z.string(),
  /** What start-up had to tell the user (a recovered database, a backup restored). */
  notices: z.array(z.string()),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const appChannels = {
  'app:info': channel(z.object({}).strict(), AppInfoSchema),
  'app:openExternal': channel(z.object({ url: z.string().max(4096) }).strict(), z.object({ opened: z.boolean() })),
  /** The OS folder picker (desktop app only; web mode answers UNAVAILABLE); null when the user cancelled. */
  'app:pickFolder': channel(z.object({ defaultPath: z.string().max(4096).optional() }).strict(), z.object({ folder: z.string().nullable() })),
} as const;

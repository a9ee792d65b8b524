import { z } from 'zod';
import type { SessionRow } from '../../../shared/domain/session';
import { createLogger } from '../logger';
import type { SettingsRepo } from '../store/repos/settings';
import type { Clock } from './clock';
import type { CoreHooks } from './hooks';

const log = createLogger('notices');

/** A session that waits taps the user on the shoulder at most once in this long (SPEC §2). */
export const WAIT_NOTICE_GAP_MS = 30_000;

/** The setting that keeps which wait of each session was told last, and when (one small map, not a row per session). */
export const WAITS_TOLD_KEY = 'notifications.waitsTold';

/** The most sessions it remembers; past it the longest told are forgotten (a deleted session's among them). */
export const WAITS_TOLD_MAX = 256;

const ToldSchema = z.object({ since: z.number().int().nonnegative(), at: z.number().int().nonnegative() });
const WaitsToldSchema = z.record(z.string(), ToldSchema);
type WaitsTold = z.infer<typeof WaitsToldSchema>;

export interface WaitNoticesDeps {
  readonly hooks: Pick<CoreHooks, 'on'>;
  readonly sessions: { get(id: string): Pick<SessionRow, 'id' | 'status' | 'parentId' | 'archived'> };
  readonly settings: Pick<SettingsRepo, 'get' | 'set'>;
  readonly clock: Pick<Clock, 'now'>;
}

/**
 * Whether a waiting session may be told now (`app:claimWaitNotice`): each window asks before it
 * notifies, and only the first ask for a wait, at most one per session per 30 s, is answered yes.
 * A wait begins when the stored status changes to waiting (the `statusChanged` hook). What was told
 * is kept in the store, so a row still waiting after a restart, whose wait began before it, is the
 * wait told already and is not told again.
 */
export class WaitNotices {
  /** When each session's present wait began, for the waits that began in this run. */
  private readonly since = new Map<string, number>();
  private readonly off: () => void;

  constructor(private readonly deps: WaitNoticesDeps) {
    this.off = deps.hooks.on('statusChanged', (row) => {
      if (row.status === 'waiting') this.since.set(row.id, deps.clock.now());
      else this.since.delete(row.id);
    });
  }

  claim(id: string): { notify: boolean } {
    const row = this.deps.sessions.get(id);
    if (row.status !== 'waiting' || row.parentId !== null || row.archived) return { notify: false };
    const told = this.read();
    const last = told[id];
    // A wait that began before this run is the one told last (if any was).
    const since = this.since.get(id) ?? last?.since ?? 0;
    const now = this.deps.clock.now();
    if (last && (last.since === since || now - last.at < WAIT_NOTICE_GAP_MS)) return { notify: false };
    this.write({ ...told, [id]: { since, at: now } });
    return { notify: true };
  }

  close(): void {
    this.off();
  }

  private read(): WaitsTold {
    const parsed = WaitsToldSchema.safeParse(this.deps.settings.get(WAITS_TOLD_KEY));
    return parsed.success ? parsed.data : {};
  }

  /** Kept to the most recently told; a database that refused it (locked, full) is logged: telling twice beats never telling. */
  private write(told: WaitsTold): void {
    const kept = Object.entries(told)
      .sort((a, b) => b[1].at - a[1].at)
      .slice(0, WAITS_TOLD_MAX);
    try {
      this.deps.settings.set(WAITS_TOLD_KEY, Object.fromEntries(kept));
    } catch (err) {
      log.warn('could not keep which wait was told', { err });
    }
  }
}

import type { SessionRow } from '../../../shared/domain/session';
import { AppError } from '../../../shared/result';
import type { CoreEvents } from '../events';
import { createLogger } from '../logger';
import type { Store } from '../store';
import type { Clock } from './clock';

const log = createLogger('sessions:trash');

/** How long a deleted session can be restored; after this it is purged for good. */
export const RESTORE_WINDOW_MS = 10 * 60 * 1000;
/** How often the purge looks for expired deletions. */
export const PURGE_INTERVAL_MS = 60 * 1000;

/**
 * Soft delete with undo. A deleted session (with its subagents) vanishes
 * from every read at once; `restore` brings the whole subtree back within
 * RESTORE_WINDOW_MS; `purgeExpired` removes what is older, entries included.
 */
export class SessionTrash {
  constructor(
    private readonly store: Store,
    private readonly events: CoreEvents,
    private readonly clock: Clock,
  ) {}

  softDelete(id: string): void {
    const at = this.clock.now();
    const removed = this.store.transaction(() => {
      const ids = this.store.sessions.subtreeIds(id);
      return ids.filter((sid) => this.store.sessions.softDelete(sid, at));
    });
    for (const sid of removed) this.events.emit('session:removed', { id: sid });
  }

  restore(id: string): SessionRow {
    const deletedAt = this.store.sessions.deletedAt(id);
    if (deletedAt === undefined) throw new AppError('NOT_FOUND', 'That session no longer exists.');
    if (deletedAt !== null && this.clock.now() - deletedAt > RESTORE_WINDOW_MS) {
      throw new AppError('NOT_FOUND', 'That session was deleted too long ago to restore.');
    }
    const restored = this.store.transaction(() => {
      if (deletedAt === null) return [];
      // Only the rows deleted together with it: a subagent deleted earlier on its own stays deleted.
      return this.store.sessions.subtreeIds(id).filter((sid) => this.store.sessions.restore(sid, deletedAt));
    });
    const rows = restored.map((sid) => this.store.sessions.get(sid)).filter((r): r is SessionRow => r !== null);
    for (const row of rows) this.events.emit('session:changed', row);
    const root = this.store.sessions.get(id);
    if (!root) throw new AppError('NOT_FOUND', 'That session no longer exists.');
    return root;
  }

  /** Removes sessions deleted more than RESTORE_WINDOW_MS ago. Returns how many subtrees went. */
  purgeExpired(): number {
    const at = this.clock.now();
    const roots = this.store.sessions.expiredDeleted(at - RESTORE_WINDOW_MS);
    let purged = 0;
    for (const root of roots) {
      try {
        this.store.transaction(() => {
          // A subagent added after its parent was deleted has no mark yet; the cascade needs one.
          for (const sid of this.store.sessions.subtreeIds(root)) this.store.sessions.markDeleted(sid, at);
          this.store.sessions.purge(root);
        });
        purged += 1;
      } catch (err) {
        log.error('purge failed; will retry', { id: root, err });
      }
    }
    if (purged > 0) log.info('purged deleted sessions', { count: purged });
    return purged;
  }
}

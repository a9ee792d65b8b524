import type { SessionListRow } from '../../../shared/domain/session';

/** A row counts toward the waiting badge: it waits for the user and is not archived (archived rows are out of the swarm). */
export function waitsForUser(row: Pick<SessionListRow, 'status' | 'archived'>): boolean {
  return row.status === 'waiting' && !row.archived;
}

/**
 * What the whole swarm adds up to, kept as rows change (each change counts its
 * row's old state out and its new one in), so the waiting badge and the folder
 * filter never walk 100,000 rows per push or per page.
 */
export class SwarmTally {
  /** Rows waiting for the user outside the archive. */
  waiting = 0;
  /** Rows held per folder (archived or not: every row the store holds). */
  private readonly folders = new Map<string, number>();

  /** A row's state changed from `before` to `after` (null: not held). True when a folder's count changed. */
  change(before: SessionListRow | null | undefined, after: SessionListRow | null): boolean {
    if (before) {
      if (waitsForUser(before)) this.waiting -= 1;
    }
    if (after && waitsForUser(after)) this.waiting += 1;
    const from = before ? before.folder : null;
    const to = after ? after.folder : null;
    if (from === to) return false;
    if (from !== null) {
      const left = (this.folders.get(from) ?? 1) - 1;
      if (left > 0) this.folders.set(from, left);
      else this.folders.delete(from);
    }
    if (to !== null) this.folders.set(to, (this.folders.get(to) ?? 0) + 1);
    return true;
  }

  clear(): void {
    this.waiting = 0;
    this.folders.clear();
  }

  /** The folders held, most used first, then by name: O(f log f) for f folders, not a walk of the rows. */
  foldersByUse(): string[] {
    return [...this.folders.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
  }
}

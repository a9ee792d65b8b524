import type { SessionListRow } from '../../../shared/domain/session';
import { projectOf } from './projects';

/** A row counts toward the waiting badge: it waits for the user and is not archived (archived rows are out of the swarm). */
export function waitsForUser(row: Pick<SessionListRow, 'status' | 'archived'>): boolean {
  return row.status === 'waiting' && !row.archived;
}

function bump(map: Map<string, number>, key: string, by: number): void {
  const next = (map.get(key) ?? 0) + by;
  if (next > 0) map.set(key, next);
  else map.delete(key);
}

/**
 * What the whole swarm adds up to, kept as rows change (each change counts its
 * row's old state out and its new one in), so the waiting badge, the folder
 * filter and the group headings' counts never walk 100,000 rows per push or page.
 */
export class SwarmTally {
  /** Rows waiting for the user outside the archive. */
  waiting = 0;
  /** Archived rows held (the "Archived" group's count). */
  archived = 0;
  /** Rows held per project (archived or not: every row the store holds; the folder filter's choices). */
  private readonly projects = new Map<string, number>();
  /**
   * Rows per project outside the archive and outside "Pinned" (a project heading's count: the rows
   * drawn under it; a pinned row is drawn under "Pinned", so it is not counted again under its project).
   */
  private readonly live = new Map<string, number>();

  /** A row's state changed from `before` to `after` (null: not held). True when a project's or the archive's count changed. */
  change(before: SessionListRow | null | undefined, after: SessionListRow | null): boolean {
    if (before && waitsForUser(before)) this.waiting -= 1;
    if (after && waitsForUser(after)) this.waiting += 1;
    const from = before ? projectOf(before) : null;
    const to = after ? projectOf(after) : null;
    const wasArchived = before ? before.archived : null;
    const isArchived = after ? after.archived : null;
    const wasPinned = before ? before.pinned : null;
    const isPinned = after ? after.pinned : null;
    if (from === to && wasArchived === isArchived && wasPinned === isPinned) return false;
    if (before && from !== null) {
      bump(this.projects, from, -1);
      if (before.archived) this.archived -= 1;
      else if (!before.pinned) bump(this.live, from, -1);
    }
    if (after && to !== null) {
      bump(this.projects, to, 1);
      if (after.archived) this.archived += 1;
      else if (!after.pinned) bump(this.live, to, 1);
    }
    return true;
  }

  clear(): void {
    this.waiting = 0;
    this.archived = 0;
    this.projects.clear();
    this.live.clear();
  }

  /** The projects held, most used first, then by name: O(p log p) for p projects, not a walk of the rows. */
  projectsByUse(): string[] {
    return [...this.projects.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
  }

  /** How many projects are held (O(1)). */
  projectCount(): number {
    return this.projects.size;
  }

  /** Rows in `project` outside the archive and outside "Pinned". */
  liveIn(project: string): number {
    return this.live.get(project) ?? 0;
  }
}

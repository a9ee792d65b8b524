import type { SessionRow } from '../../../shared/domain/session';
import { AppError } from '../../../shared/result';
import { positionBetween } from './ordering';
import type { SessionRowsPort } from './sessionRules';

/*
 * The swarm's order (the sessions service's moves): a row placed within its pin group by fractional
 * positions, the group renumbered when there is no room left; every row whose position changed is told.
 */

const ACROSS_GROUPS = 'A session moves within its own group; pin or unpin it to move it across.';

/** Puts `id` just above `beforeId` (null: last) within its pin group. */
export function moveSession(s: SessionRowsPort, id: string, beforeId: string | null): SessionRow {
  let renumbered: string[] = [];
  const row = s.store.transaction(() => {
    const moving = s.get(id);
    if (beforeId === id) return moving;
    const repo = s.store.sessions;
    if (beforeId === null) {
      const bottom = repo.edgePosition(moving.pinned, 'bottom');
      repo.setPosition(id, bottom === null ? 0 : bottom + 1);
      return s.get(id);
    }
    const placeAbove = (): number | null => {
      const target = s.get(beforeId);
      if (target.pinned !== moving.pinned) throw new AppError('CONFLICT', ACROSS_GROUPS);
      const above = repo.neighbourAbove(moving.pinned, target, id);
      return positionBetween(above?.position ?? null, target.position);
    };
    let position = placeAbove();
    if (position === null) {
      renumbered = repo.renumber(moving.pinned);
      position = placeAbove();
      if (position === null) throw new Error('no room between renumbered neighbours');
    }
    repo.setPosition(id, position);
    return s.get(id);
  });
  // Renumbering moved every row of the group: the renderer needs their new positions too.
  for (const other of renumbered) {
    const r = other === id ? null : s.store.sessions.get(other);
    if (r) s.changed(r);
  }
  s.changed(row);
  return row;
}

/**
 * The rows `ids` (one pin group's, each once) in this order: they take the positions they hold
 * among themselves, sorted, so no other row's place changes. Equal positions among them are
 * renumbered first (the group's rows 1, 2, 3… as they stand). Returns how many rows moved.
 */
export function reorderSessions(s: SessionRowsPort, ids: readonly string[]): number {
  if (new Set(ids).size !== ids.length) throw new AppError('BAD_INPUT', 'A session can be placed only once.');
  let renumbered: string[] = [];
  const moved = s.store.transaction(() => {
    const rows = ids.map((id) => s.get(id));
    const pinned = rows[0]?.pinned ?? false;
    if (rows.some((row) => row.pinned !== pinned)) throw new AppError('CONFLICT', ACROSS_GROUPS);
    const places = (list: readonly SessionRow[]) => list.map((row) => row.position).sort((x, y) => x - y);
    let current = rows;
    let held = places(current);
    if (held.some((p, i) => i > 0 && p === held[i - 1])) {
      renumbered = s.store.sessions.renumber(pinned);
      current = ids.map((id) => s.get(id));
      held = places(current);
    }
    const changed: string[] = [];
    current.forEach((row, i) => {
      const position = held[i] as number;
      if (row.position === position) return;
      s.store.sessions.setPosition(row.id, position);
      changed.push(row.id);
    });
    return changed;
  });
  for (const id of new Set([...renumbered, ...moved])) {
    const row = s.store.sessions.get(id);
    if (row) s.changed(row);
  }
  return moved.length;
}

/** Pinned or unpinned: the row goes to the top of its new group. */
export function setSessionPinned(s: SessionRowsPort, id: string, pinned: boolean): SessionRow {
  const row = s.store.transaction(() => {
    const current = s.get(id);
    if (current.pinned === pinned) return current;
    const top = s.store.sessions.edgePosition(pinned, 'top');
    s.store.sessions.setPinned(id, pinned, top === null ? 0 : top - 1);
    return s.get(id);
  });
  s.changed(row);
  return row;
}

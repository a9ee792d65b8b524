import type { SessionListRow, SessionRow } from '../../src/shared/domain/session';

/*
 * The one way tests and benches build a session row by hand (a row the core did not make): an idle,
 * untitled terminal session in /w at position 0, created and updated at 0, with what the test cares
 * about as `overrides`. A new field of SessionRow gets its default here, once.
 */

/** A whole row, as `sessions:get` and `session:changed` carry it. */
export function sessionRow(overrides: Partial<SessionRow> = {}): SessionRow {
  return {
    id: 's1',
    kind: 'terminal',
    folder: '/w',
    status: 'idle',
    archived: false,
    pinned: false,
    position: 0,
    parentId: null,
    title: null,
    titleSource: null,
    titlePinned: false,
    firstUserLine: null,
    subtitle: null,
    unread: false,
    createdAt: 0,
    updatedAt: 0,
    backendId: null,
    ...overrides,
  };
}

/** A row as `sessions:list` draws it: no `backendId` or `createdAt`. */
export function sessionListRow(overrides: Partial<SessionListRow> = {}): SessionListRow {
  const { backendId: _backendId, createdAt: _createdAt, ...row } = sessionRow();
  return { ...row, ...overrides };
}

import { afterEach, describe, expect, it } from 'vitest';
import { buildListView, type ViewInput } from '../../src/renderer/src/stores/sessionView';
import { groupCount, holdOrder, orderHeld, replaceSessions, resetSessionsStore, upsertSession, useSessions } from '../../src/renderer/src/stores/sessions';
import type { SessionId, SessionListRow } from '../../src/shared/domain/session';
import { makeRow } from './support/fakeApi';

// The list's order rules (issue 28): rows within a group by the time they show, newest first,
// unless the user reordered that group (then by the places they gave); groups by their newest
// row; a project's count is the rows drawn under it; and rows never move while the order is held.

afterEach(() => resetSessionsStore());

const T = 1_800_000_000_000;

function row(id: string, folder: string, minutesAgo: number, extra: Partial<SessionListRow> = {}): SessionListRow {
  return makeRow({ id, folder, title: `Session ${id}`, updatedAt: T - minutesAgo * 60_000, ...extra });
}

/** The swarm held in the store (main lists it in its order: pinned, newest first, id). */
function hold(rows: SessionListRow[]): void {
  replaceSessions(rows);
}

function view(extra: Partial<ViewInput> = {}) {
  const { byId, order } = useSessions.getState();
  return buildListView({ byId, order, showArchived: false, folder: null, searchIds: null, collapsed: {}, grouping: 'project', countOf: groupCount, ...extra });
}

const ids = (extra: Partial<ViewInput> = {}): SessionId[] => view(extra).rows.map((r) => r.id);
const headings = (extra: Partial<ViewInput> = {}) => view(extra).headers.map((h) => `${h.text}${h.count === null ? '' : ` ${h.count}`}${h.reordered ? ' (reordered)' : ''}`);

const swarm = () => [
  // "docs" has the newest row, so it comes first; "api"'s rows are older, and its oldest row was placed first by hand.
  row('api-old', '/w/api', 90, { position: 0 }),
  row('api-new', '/w/api', 30, { position: 2 }),
  row('api-mid', '/w/api', 60, { position: 1 }),
  row('docs-a', '/w/docs', 5, { position: 3 }),
  row('docs-b', '/w/docs', 45, { position: 4 }),
  row('pin', '/w/docs', 500, { pinned: true, position: 0 }),
];

describe('the list: by time within a group, groups by their newest row', () => {
  it('rows newest first in each group, the group with the newest row first, pinned rows first and not counted again', () => {
    hold(swarm());
    expect(ids()).toEqual(['pin', 'docs-a', 'docs-b', 'api-new', 'api-mid', 'api-old']);
    expect(headings()).toEqual(['Pinned', 'docs 2', 'api 3']);
    // One list by recency: the same rule over every unpinned row.
    expect(ids({ grouping: 'recency' })).toEqual(['pin', 'docs-a', 'api-new', 'docs-b', 'api-mid', 'api-old']);
  });

  it('a reordered group is drawn in the places the user gave its rows, still where its newest row puts it; the others stay by time', () => {
    hold(swarm());
    expect(ids({ reorderedGroups: { 'project:/w/api': true } })).toEqual(['pin', 'docs-a', 'docs-b', 'api-old', 'api-mid', 'api-new']);
    expect(headings({ reorderedGroups: { 'project:/w/api': true } })).toEqual(['Pinned', 'docs 2', 'api 3 (reordered)']);
    // A row of it that gets newest moves the group up, not the row inside it.
    upsertSession(row('api-old', '/w/api', 1, { position: 0 }));
    expect(ids({ reorderedGroups: { 'project:/w/api': true } })).toEqual(['pin', 'api-old', 'api-mid', 'api-new', 'docs-a', 'docs-b']);
    expect(ids()).toEqual(['pin', 'api-old', 'api-new', 'api-mid', 'docs-a', 'docs-b']);
  });

  it('a pushed row that got newer moves to its place by time; a reordered group follows a pushed position', () => {
    hold(swarm());
    upsertSession(row('docs-b', '/w/docs', 1, { position: 4 }));
    expect(ids()).toEqual(['pin', 'docs-b', 'docs-a', 'api-new', 'api-mid', 'api-old']);
    const before = useSessions.getState().listVersion;
    upsertSession(row('api-new', '/w/api', 30, { position: -1 }));
    expect(useSessions.getState().listVersion).toBeGreaterThan(before);
    expect(ids({ reorderedGroups: { 'project:/w/api': true } }).slice(3)).toEqual(['api-new', 'api-old', 'api-mid']);
  });
});

describe('rows never move while the order is held', () => {
  it('a row that gets newer is updated in place while held, and moves once the hold ends', () => {
    hold(swarm());
    holdOrder(true);
    expect(orderHeld()).toBe(true);
    upsertSession(row('api-old', '/w/api', 0, { position: 0, status: 'waiting' }));
    upsertSession(row('docs-b', '/w/docs', 0, { position: 4 }));
    // Its data is new (the time and status it shows); its place is not.
    expect(useSessions.getState().byId['api-old']).toMatchObject({ status: 'waiting', updatedAt: T });
    expect(ids()).toEqual(['pin', 'docs-a', 'docs-b', 'api-new', 'api-mid', 'api-old']);
    // Twice newer while held: still where it was.
    upsertSession(row('api-old', '/w/api', 0, { position: 0, status: 'working', updatedAt: T + 1 }));
    expect(ids()).toEqual(['pin', 'docs-a', 'docs-b', 'api-new', 'api-mid', 'api-old']);
    holdOrder(false);
    expect(ids()).toEqual(['pin', 'api-old', 'api-new', 'api-mid', 'docs-b', 'docs-a']);
  });

  it('what the user does to the order applies at once while held (a pin), and a new row takes its place', () => {
    hold(swarm());
    holdOrder(true);
    upsertSession(row('api-mid', '/w/api', 60, { position: 1, pinned: true }));
    upsertSession(row('fresh', '/w/api', 0, { position: -5 }));
    // Pinned by time too (api-mid is newer than pin); the new row is the newest, so its group leads.
    expect(ids()).toEqual(['api-mid', 'pin', 'fresh', 'api-new', 'api-old', 'docs-a', 'docs-b']);
    holdOrder(false);
    expect(ids()).toEqual(['api-mid', 'pin', 'fresh', 'api-new', 'api-old', 'docs-a', 'docs-b']);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { SIDEBAR_MAX_WIDTH, SIDEBAR_MIN_WIDTH } from '../../../src/shared/ipc/ui';
import { startCore, type Harness } from './harness';

// What the window remembers (issue 14 §5), kept in the core's settings table: a real core on a real SQLite file.
let h: Harness | undefined;
afterEach(async () => {
  await h?.core.close();
  h = undefined;
});

const layout = { width: 360, collapsed: true, grouping: 'recency' as const, collapsedGroups: { '/home/a/project': true as const }, reorderedGroups: { 'project:/home/a/project': true as const } };

describe('ui:state / ui:setState', () => {
  it('nothing saved reads as null; what is saved is kept across a restart of the core', async () => {
    h = startCore();
    const dataDir = h.dataDir;
    expect(await h.ok('ui:state', {})).toEqual({ panes: null, sidebar: null });
    expect(await h.ok('ui:setState', { panes: { open: ['a', 'c'], focused: 'c' } })).toEqual({ panes: { open: ['a', 'c'], focused: 'c' }, sidebar: null });
    await h.ok('ui:setState', { sidebar: layout });
    await h.core.close();
    h = startCore({ dataDir });
    expect(await h.ok('ui:state', {})).toEqual({ panes: { open: ['a', 'c'], focused: 'c' }, sidebar: layout });
  });

  it('a width out of bounds is clamped; a focused pane that is not open falls to the last one; repeated ids count once', async () => {
    h = startCore();
    const saved = await h.ok('ui:setState', { panes: { open: ['a', 'b', 'a'], focused: 'zz' }, sidebar: { ...layout, width: 5000 } });
    expect(saved.panes).toEqual({ open: ['a', 'b'], focused: 'b' });
    expect(saved.sidebar?.width).toBe(SIDEBAR_MAX_WIDTH);
    expect((await h.ok('ui:setState', { sidebar: { ...layout, width: 3 } })).sidebar?.width).toBe(SIDEBAR_MIN_WIDTH);
    expect((await h.ok('ui:setState', { panes: { open: [], focused: null } })).panes).toEqual({ open: [], focused: null });
  });

  it('bad input is a typed BAD_INPUT and changes nothing', async () => {
    h = startCore();
    await h.ok('ui:setState', { panes: { open: ['a'], focused: 'a' }, sidebar: layout });
    const bad: unknown[] = [
      {},
      { panes: { open: Array.from({ length: 13 }, (_, i) => `s${i}`), focused: null } },
      { panes: { open: ['../etc'], focused: null } },
      { panes: { open: ['a'] } },
      { sidebar: { ...layout, width: Number.NaN } },
      { sidebar: { ...layout, width: '300' } },
      { sidebar: { ...layout, grouping: 'alphabet' } },
      { sidebar: { ...layout, collapsedGroups: Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`/p${i}`, true])) } },
      { sidebar: { ...layout, extra: 1 } },
      { panes: { open: ['a'], focused: 'a' }, theme: 'dark' },
    ];
    for (const input of bad) {
      const r = await h.call('ui:setState', input as never);
      expect(r.ok ? 'accepted' : r.error.code, JSON.stringify(input).slice(0, 80)).toBe('BAD_INPUT');
    }
    expect(await h.ok('ui:state', {})).toEqual({ panes: { open: ['a'], focused: 'a' }, sidebar: layout });
  });

  it('a stored value that does not parse reads as never saved (the preference key is typed)', async () => {
    h = startCore();
    const dataDir = h.dataDir;
    await h.ok('ui:setState', { panes: { open: ['a'], focused: 'a' }, sidebar: layout });
    await h.core.close();
    // Written by an older build or by hand: the wrong shape under each key.
    const { default: Database } = await import('better-sqlite3');
    const { readdirSync } = await import('node:fs');
    const file = readdirSync(dataDir).find((name) => name.endsWith('.db') || name.endsWith('.sqlite'));
    const db = new Database(`${dataDir}/${file}`);
    db.prepare("UPDATE settings SET value = ? WHERE key = 'ui.panes'").run(JSON.stringify({ open: 'a' }));
    db.prepare("UPDATE settings SET value = ? WHERE key = 'ui.sidebar'").run(JSON.stringify({ width: 'wide' }));
    db.close();
    h = startCore({ dataDir });
    expect(await h.ok('ui:state', {})).toEqual({ panes: null, sidebar: null });
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cutAtWord } from '../../src/renderer/src/label/cutAtWord';
import { kindName, relativeTime, sessionLabel } from '../../src/renderer/src/label/sessionLabel';
import { FakeApi, NOW, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const PLACEHOLDER = /^(untitled|new session|\(none yet\))/i;

describe('display label in the swarm list', () => {
  it('a long label is cut at its end on a word (never inside one), "…" after it, and never ends on a separator', () => {
    // A monospace stand-in for the browser's measurement: 7 px a character.
    const within = (px: number) => (shown: string) => Array.from(shown).length * 7 <= px;
    expect(cutAtWord('Fix kumquat websocket drops', within(400))).toBe('Fix kumquat websocket drops');
    expect(cutAtWord('Write a haiku about integration tests', within(19 * 7))).toBe('Write a haiku…');
    expect(cutAtWord('Rename the confusing variables in the parser', within(33 * 7))).toBe('Rename the confusing variables…');
    // "pytest ·…" would end on the separator.
    expect(cutAtWord('pytest · billing-api', within(12 * 7))).toBe('pytest…');
    expect(cutAtWord('Explain why the endpoint works, then fix it', within(30 * 7))).toBe('Explain why the endpoint…');
    // A first word too long for the room on its own is the one place a cut falls inside a word.
    expect(cutAtWord('Investigate-the-flaky-integration-suite-timeouts now', within(10 * 7))).toBe('Investiga…');
    for (const label of ['please fix the login redirect loop on Safari', 'Cap the uploader retries at five attempts each']) {
      for (let px = 60; px < 400; px += 13) {
        const shown = cutAtWord(label, within(px));
        if (shown === label) continue;
        expect(Array.from(shown).length * 7).toBeLessThanOrEqual(px);
        const kept = shown.slice(0, -1);
        // What is kept is whole words of the label: the next character of the label is a space.
        expect(label.startsWith(kept) && label[kept.length] === ' ').toBe(true);
      }
    }
  });

  it('a title shows plain; a first line or facts show marked as derived (muted style: italic, full contrast)', async () => {
    await renderApp(
      new FakeApi([
        makeRow({ id: 't', title: 'Fix kumquat websocket drops' }),
        makeRow({ id: 'f', firstUserLine: 'please fix the login redirect loop on Safari' }),
        makeRow({ id: 'x', kind: 'claude-code', folder: '/home/ada/src/billing-api' }),
      ]),
    );
    const titled = await screen.findByRole('listitem', { name: /^Fix kumquat websocket drops/ });
    expect(within(titled).getByText('Fix kumquat websocket drops')).not.toHaveClass('muted');
    const firstLine = screen.getByRole('listitem', { name: /^please fix the login redirect loop on Safari/ });
    // Whole where nothing can be measured (jsdom); a browser cuts it at a word to the row (e2e sidebar.spec).
    expect(firstLine.querySelector('.row-label')).toHaveTextContent(/^please fix the login redirect loop on Safari$/);
    expect(firstLine.querySelector('.row-label')).toHaveClass('muted', 'derived');
    const facts = screen.getByRole('listitem', { name: /^Claude Code · billing-api/ });
    expect(within(facts).getByText(/^Claude Code · billing-api/)).toHaveClass('muted');
  });

  it('a placeholder title in a reply is judged again and never shown', async () => {
    // Replies are not re-parsed by the bridge: the label rule must judge the title itself.
    await renderApp(
      new FakeApi([
        makeRow({ id: 'u', title: 'Untitled', firstUserLine: 'rotate the staging certificates' }),
        makeRow({ id: 'n', title: 'New session' }),
        makeRow({ id: 'z', title: '(none yet)' }),
      ]),
    );
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).not.toHaveAccessibleName(PLACEHOLDER);
    expect(screen.getByRole('listitem', { name: /^rotate the staging certificates/ })).toBeInTheDocument();
    expect(screen.queryByText(/untitled|new session|none yet/i, { selector: '.row-label' })).toBeNull();
  });

  it('a pushed row whose title is a placeholder is dropped by the event schema', async () => {
    const api = new FakeApi([makeRow({ id: 'a', title: 'Release checklist for 1.0' })]);
    await renderApp(api);
    await screen.findByRole('listitem', { name: /^Release checklist/ });
    act(() => api.push('session:changed', { ...api.rows.get('a'), title: 'Untitled' }));
    expect(screen.getByRole('listitem', { name: /^Release checklist/ })).toBeInTheDocument();
    act(() => api.push('session:changed', { ...api.rows.get('a'), title: 'Release checklist, final' }));
    expect(screen.getByRole('listitem', { name: /^Release checklist, final/ })).toBeInTheDocument();
  });

  it('sessionLabel re-judges the title and marks derived labels muted', () => {
    const row = makeRow({ title: 'n/a', firstUserLine: 'hello there' });
    expect(sessionLabel(row, NOW)).toEqual({ text: 'hello there', derived: 'first-line', muted: true });
    expect(sessionLabel(makeRow({ title: 'Port retry policy' }), NOW)).toEqual({ text: 'Port retry policy', derived: 'title', muted: false });
  });
});

describe('label cache', () => {
  it('a title label is computed once per row object; a facts label follows the clock', () => {
    const titled = makeRow({ title: 'Port retry policy' });
    expect(sessionLabel(titled, NOW)).toBe(sessionLabel(titled, NOW + 3_600_000));
    const bare = makeRow({ kind: 'chat', folder: '/src/app', updatedAt: NOW - 60_000 });
    expect(sessionLabel(bare, NOW).text).not.toBe(sessionLabel(bare, NOW + 3 * 3_600_000).text);
    // A changed row is a new object: judged afresh.
    expect(sessionLabel({ ...titled, title: 'Untitled' as never }, NOW).derived).not.toBe('title');
  });
});

describe('row time', () => {
  it('a row a week old or more shows its short date, from formatters made once (not one per row drawn)', () => {
    const now = new Date(2026, 11, 4, 12).getTime();
    const lastMonth = new Date(2026, 10, 2, 9).getTime();
    const lastYear = new Date(2025, 2, 17, 9).getTime();
    expect(relativeTime(now - 3 * 86_400_000, now)).toBe('3d');
    const perCall = vi.spyOn(Date.prototype, 'toLocaleDateString');
    try {
      const shown = [relativeTime(lastMonth, now), relativeTime(lastYear, now)];
      // Each call of toLocaleDateString with options builds a formatter: a search's first results at
      // 50,000 sessions (mostly old rows) took that cost row after row.
      expect(perCall).not.toHaveBeenCalled();
      perCall.mockRestore();
      expect(shown).toEqual([
        new Date(lastMonth).toLocaleDateString(undefined, { month: 'short', day: 'numeric' }),
        new Date(lastYear).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }),
      ]);
    } finally {
      perCall.mockRestore();
    }
  });
});

describe('row time formatters', () => {
  it('are made at first use, not when the label module loads: recent rows (the first ones drawn) need none', async () => {
    vi.resetModules();
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      const fresh = await import('../../src/renderer/src/label/sessionLabel');
      const now = new Date(2026, 11, 4, 12).getTime();
      expect(['now', '5m', '3h', '2d']).toEqual([now - 1_000, now - 300_000, now - 3 * 3_600_000, now - 2 * 86_400_000].map((at) => fresh.relativeTime(at, now)));
      expect(made).not.toHaveBeenCalled();
      fresh.relativeTime(new Date(2026, 10, 2).getTime(), now);
      fresh.relativeTime(new Date(2026, 9, 2).getTime(), now);
      expect(made).toHaveBeenCalledTimes(1);
      fresh.relativeTime(new Date(2025, 2, 17).getTime(), now);
      expect(made).toHaveBeenCalledTimes(2);
    } finally {
      made.mockRestore();
    }
  });
});

describe('what runs a session', () => {
  it("an ACP session is named by its built-in agent's name (a user-defined one's kind until the pane looks it up)", () => {
    expect(kindName('claude-code')).toBe('Claude Code');
    expect(kindName('acp', 'gemini')).toBe('Gemini CLI');
    expect(kindName('acp', 'custom-kumquat')).toBe('ACP agent');
    expect(sessionLabel(makeRow({ id: 'a', title: null, firstUserLine: null, kind: 'acp', agent: 'codex', folder: '/w/api' }), NOW).text).toMatch(/^Codex · api · /);
  });
});

describe('row facts', () => {
  it('status, "waiting for you", relative time, unread and pinned group', async () => {
    await renderApp(
      new FakeApi([
        makeRow({ id: 'w', title: 'Waiting one', status: 'waiting', unread: true, updatedAt: NOW - 2 * 60_000 }),
        makeRow({ id: 'p', title: 'Pinned one', pinned: true, position: 99, subtitle: 'I ran the migrations.', updatedAt: NOW - 3_600_000 }),
      ]),
    );
    const rows = await screen.findAllByRole('listitem');
    // Pinned first whatever the position.
    expect(rows[0]).toHaveAccessibleName(/^Pinned one, idle, pinned/);
    expect(within(rows[0] as HTMLElement).getByText('I ran the migrations.')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText(/1h/)).toBeInTheDocument();
    expect(rows[1]).toHaveAccessibleName(/^Waiting one, waiting for you, unread/);
    // The status word beside the dot, whole ("waiting"), never cut to "waiting f…".
    expect((rows[1] as HTMLElement).querySelector('.row-status')).toHaveTextContent(/^waiting$/);
    expect(within(rows[1] as HTMLElement).getByText(/2m/)).toBeInTheDocument();
    expect((rows[1] as HTMLElement).querySelector('.status-dot.status-waiting')).not.toBeNull();
    expect((rows[1] as HTMLElement).querySelector('.unread-mark')).not.toBeNull();
  });

  it('a finished turn nobody has read says "done" (SPEC §2), quieter than waiting; read, it is idle again for every client', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const api = new FakeApi([
      makeRow({ id: 'd', title: 'Done one', kind: 'terminal', status: 'idle', unread: true }),
      makeRow({ id: 'i', title: 'Idle one', status: 'idle' }),
    ]);
    await renderApp(api);
    const done = await screen.findByRole('listitem', { name: /^Done one/ });
    expect(done).toHaveAccessibleName(/^Done one, done, unread/);
    expect(done.querySelector('.row-status')).toHaveTextContent(/^done$/);
    expect(done.querySelector('.status-dot.status-done')).not.toBeNull();
    expect(done.querySelector('.status-dot.status-waiting')).toBeNull();
    expect(screen.getByRole('listitem', { name: /^Idle one/ })).toHaveAccessibleName(/^Idle one, idle/);
    // Opened here, it is marked read; the row every client gets back says idle.
    await userEvent.click(done);
    await waitFor(() => expect(api.callsTo('sessions:markRead')).toEqual([{ id: 'd' }]));
    act(() => api.push('session:changed', { ...api.rows.get('d')!, unread: false }));
    expect(screen.getByRole('listitem', { name: /^Done one/ })).toHaveAccessibleName(/^Done one, idle/);
  });

  it('subagents nest under their parent and collapse', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    await renderApp(
      new FakeApi([
        makeRow({ id: 'p', title: 'Port retry policy to async' }),
        makeRow({ id: 'c1', title: 'Search for callers', parentId: 'p' }),
        makeRow({ id: 'c2', title: 'Update the tests', parentId: 'p' }),
        makeRow({ id: 'o', title: 'Other work' }),
      ]),
    );
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-level'))).toEqual(['1', '2', '2', '1']);
    await userEvent.click(screen.getByRole('button', { name: 'Hide subagents of Port retry policy to async' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Show subagents of Port retry policy to async' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });
});

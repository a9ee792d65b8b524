import { act, screen } from '@testing-library/react';
import { setPermission } from '../../src/renderer/src/features/acp/store';
import { describe, expect, it } from 'vitest';
import { FakeApi, NOW, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

/** Each row's label (its tooltip: the whole label), its tell and its activity, as drawn. */
async function drawnRows(): Promise<{ label: string; tell: string | null; activity: string | null }[]> {
  const rows = await screen.findAllByRole('listitem');
  return rows.map((row) => ({
    label: row.querySelector('.row-label')?.getAttribute('title') ?? '',
    tell: row.querySelector('.row-tell')?.textContent ?? null,
    activity: row.querySelector('.row-sub-text')?.textContent ?? null,
  }));
}

describe('rows that would read alike say what differs in their subtitles (SPEC §7, issue 32)', () => {
  it('two new terminals in one folder: their times; a row like no other gets nothing', async () => {
    await renderApp(
      new FakeApi([
        makeRow({ id: 't1', kind: 'terminal', folder: '/home/ada/src/repo', updatedAt: NOW - 3 * 60_000 }),
        makeRow({ id: 't2', kind: 'terminal', folder: '/home/ada/src/repo', updatedAt: NOW - 9 * 60_000 }),
        makeRow({ id: 'c', title: 'Fix kumquat websocket drops', folder: '/home/ada/src/repo', updatedAt: NOW - 20 * 60_000 }),
      ]),
    );
    const rows = await drawnRows();
    expect(rows.map((r) => r.label.replace(/ · [^·]*ago$/, ''))).toEqual(['Terminal · repo', 'Terminal · repo', 'Fix kumquat websocket drops']);
    const [a, b, c] = rows;
    expect(a!.tell).toMatch(/^active \d/);
    expect(b!.tell).toMatch(/^active \d/);
    expect(a!.tell).not.toBe(b!.tell);
    expect(c!.tell).toBeNull();
  });

  it('two chats titled the same: their folders (as much of the path as tells them apart), or their agents', async () => {
    await renderApp(
      new FakeApi([
        makeRow({ id: 'a', title: 'Port the retry policy', folder: '/home/ada/work/billing-api' }),
        makeRow({ id: 'b', title: 'Port the retry policy', folder: '/home/ada/old/billing-api' }),
        makeRow({ id: 'c', title: 'Write the release notes', kind: 'chat', folder: '/home/ada/docs' }),
        makeRow({ id: 'd', title: 'Write the release notes', kind: 'claude-code', folder: '/home/ada/docs' }),
      ]),
    );
    const tells = (await drawnRows()).map((r) => r.tell);
    expect(tells).toEqual(['in work/billing-api', 'in old/billing-api', 'Chat', 'Claude Code']);
  });

  it('two worktree sessions titled the same: their branches (not their worktree folders); a plain row beside them, its folder', async () => {
    await renderApp(
      new FakeApi([
        makeRow({ id: 'a', title: 'Port the retry policy', folder: '/home/ada/.swarmdesk/worktrees/billing-api-3f2a', project: '/home/ada/src/billing-api', branch: 'port-retry-policy' }),
        makeRow({ id: 'b', title: 'Port the retry policy', folder: '/home/ada/.swarmdesk/worktrees/billing-api-9c1d', project: '/home/ada/src/billing-api', branch: 'retry-policy-v2' }),
        makeRow({ id: 'c', title: 'Port the retry policy', folder: '/home/ada/src/billing-api' }),
      ]),
    );
    const tells = Object.fromEntries((await drawnRows()).map((r, i) => [i, r.tell]));
    expect(Object.values(tells).sort()).toEqual(['branch port-retry-policy', 'branch retry-policy-v2', 'in billing-api']);
  });

  it('long labels that start alike (cut at the same words): the words where they differ, never a cut inside the label', async () => {
    await renderApp(
      new FakeApi([
        makeRow({ id: 'p', title: 'Rename the confusing variables in the parser' }),
        makeRow({ id: 'l', title: 'Rename the confusing variables in the lexer tests' }),
      ]),
    );
    expect((await drawnRows()).map((r) => r.tell)).toEqual(['…parser', '…lexer tests']);
  });
});

describe("a row's subtitle says what it does or last did, not its label", () => {
  it("a terminal's last command ('ran …', 'running …' while it runs or waits at its own prompt); narration as written; a subtitle that repeats the label is not shown", async () => {
    await renderApp(
      new FakeApi([
        makeRow({ id: 't', kind: 'terminal', folder: '/home/ada/src/billing-api', firstUserLine: 'pytest -q | tail' }),
        makeRow({ id: 'w', kind: 'terminal', status: 'working', folder: '/home/ada/src/docs', firstUserLine: 'npm run build -- --watch' }),
        makeRow({ id: 'p', kind: 'terminal', status: 'waiting', folder: '/home/ada/src/deploy', firstUserLine: './deploy.sh' }),
        makeRow({ id: 'n', title: 'Fix kumquat websocket drops', subtitle: 'asked to write notes.txt' }),
        makeRow({ id: 'r', title: 'Tune the docs search ranking', subtitle: 'Tune the docs search ranking' }),
      ]),
    );
    const rows = await drawnRows();
    // By label (the docs folder is a group of its own).
    expect(Object.fromEntries(rows.map((r) => [r.label, r.activity]))).toEqual({
      'pytest · billing-api': 'ran pytest -q | tail',
      'npm · docs': 'running npm run build -- --watch',
      'deploy.sh · deploy': 'running ./deploy.sh',
      'Fix kumquat websocket drops': 'asked to write notes.txt',
      'Tune the docs search ranking': null,
    });
  });

  it("chat, Claude Code and ACP rows without narration say what the host saw their agent do last; narration first; never the label again", async () => {
    await renderApp(
      new FakeApi([
        makeRow({ id: 'e', kind: 'claude-code', title: 'Port the retry policy', activity: 'edited src/retry.ts' }),
        makeRow({ id: 'a', kind: 'chat', title: 'Explain the backoff', activity: 'The retry policy now backs off exponentially' }),
        makeRow({ id: 'n', kind: 'acp', agent: 'gemini', title: 'Keep notes of the release', subtitle: 'reading the changelog', activity: 'edited notes.txt' }),
        makeRow({ id: 'l', kind: 'chat', title: 'Tune the docs search ranking', activity: 'Tune the docs search ranking' }),
      ]),
    );
    expect(Object.fromEntries((await drawnRows()).map((r) => [r.label, r.activity]))).toEqual({
      'Port the retry policy': 'edited src/retry.ts',
      'Explain the backoff': 'The retry policy now backs off exponentially',
      'Keep notes of the release': 'reading the changelog',
      'Tune the docs search ranking': null,
    });
  });

  it('an ACP agent waiting on a permission says what it asks ("asks to write notes.txt"), and its narration again once answered', async () => {
    await renderApp(new FakeApi([makeRow({ id: 'g', kind: 'acp', agent: 'gemini', status: 'waiting', title: 'Keep notes of the release', subtitle: 'read the changelog' })]));
    const sub = async () => (await screen.findByRole('listitem', { name: /^Keep notes of the release/ })).querySelector('.row-sub-text')?.textContent ?? null;
    expect(await sub()).toBe('read the changelog');
    const request = { sessionId: 'g', requestId: 'r1', title: 'WriteFile notes.txt', toolKind: 'edit', locations: ['/home/ada/src/billing-api/notes.txt'], options: [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' as const }], at: NOW };
    act(() => setPermission('g', request));
    expect(await sub()).toBe('asks to write notes.txt');
    act(() => setPermission('g', { ...request, requestId: 'r2', toolKind: 'other', locations: [] }));
    expect(await sub()).toBe('asks: WriteFile notes.txt');
    act(() => setPermission('g', null));
    expect(await sub()).toBe('read the changelog');
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Entry } from '../../src/shared/domain/session';
import { FakeApi, makeEntry, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

// Issue 16: an ACP session's transcript entries as the core writes them (plans, permission notes, diffs).

const DIFF = ['--- a/notes.txt', '+++ b/notes.txt', '-old line', '+new line', '+another line'].join('\n');

function acpTranscript(): Entry[] {
  const at = (seq: number, partial: Partial<Entry>) => makeEntry({ sessionId: 'g', seq, ...partial });
  return [
    at(0, { kind: 'user', text: 'write the notes' }),
    at(1, { kind: 'note', text: '[x] Read the code\n[~] Write the test\n[ ] Ship it', meta: { plan: true } }),
    at(2, { kind: 'tool-use', text: 'WriteFile notes.txt\nkind: edit', meta: { toolCallId: 't1', tool: 'edit', summary: 'WriteFile notes.txt', status: 'pending' } }),
    at(3, { kind: 'note', text: 'Permission asked: WriteFile notes.txt', meta: { permission: 'asked', requestId: 'r1' } }),
    at(4, { kind: 'note', text: 'You chose “Allow”: WriteFile notes.txt', meta: { permission: 'answered', requestId: 'r1', optionId: 'once', optionKind: 'allow_once' } }),
    at(5, { kind: 'tool-result', text: DIFF, meta: { toolCallId: 't1', isError: false, diffPaths: '/home/ada/src/notes.txt' } }),
    at(6, { kind: 'note', text: "Refused the agent's read of /etc/passwd: outside the session's folder", meta: { refused: 'fs/read_text_file' } }),
    at(7, { kind: 'tool-result', text: 'permission denied', meta: { toolCallId: 't2', isError: true, diffPaths: null } }),
  ];
}

async function openAcpPane() {
  const api = new FakeApi([makeRow({ id: 'g', title: 'Write the release notes', kind: 'acp' })]);
  api.entries.set('g', acpTranscript());
  await renderApp(api);
  await userEvent.click(await screen.findByRole('listitem', { name: /^Write the release notes/ }));
  return screen.findByRole('log', { name: 'Transcript' });
}

describe('ACP transcript entries', () => {
  it('a plan is a checklist: a list "Plan" whose items say done / in progress / pending in words', async () => {
    const log = await openAcpPane();
    const plan = await within(log).findByRole('list', { name: 'Plan' });
    expect(within(plan).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['✓Done: Read the code', '◐In progress: Write the testin progress', '○Pending: Ship it']);
    expect(plan.parentElement).toHaveTextContent('1 of 3 done');
    // The raw marks are not shown as text.
    expect(log).not.toHaveTextContent('[x]');
  });

  it('permission and refused-access notes read as notes', async () => {
    const log = await openAcpPane();
    expect(await within(log).findByText('Permission asked: WriteFile notes.txt')).toHaveClass('entry-text');
    expect(within(log).getByText('You chose “Allow”: WriteFile notes.txt').closest('.entry')).toHaveClass('entry-note');
    expect(within(log).getByText(/Refused the agent's read of \/etc\/passwd/).closest('.entry')).toHaveClass('entry-note', 'is-refused');
  });

  it('tool calls are one line each; a diff result opens to coloured +/− lines', async () => {
    const log = await openAcpPane();
    expect(await within(log).findByText('edit: WriteFile notes.txt')).toBeInTheDocument();
    const summary = within(log).getByText('Diff: notes.txt (+2 −1)');
    // Drawn only once opened.
    expect(log.querySelector('.diff-add')).toBeNull();
    await userEvent.click(summary);
    const added = [...log.querySelectorAll('.acp-diff .diff-add')].map((el) => el.textContent);
    const removed = [...log.querySelectorAll('.acp-diff .diff-del')].map((el) => el.textContent);
    expect(added).toEqual(['+new line\n', '+another line\n']);
    expect(removed).toEqual(['-old line\n']);
    expect(log.querySelectorAll('.acp-diff .diff-file')).toHaveLength(2);
    // A failed call without a diff stays a plain failed result.
    expect(within(log).getByText('Failed: permission denied')).toBeInTheDocument();
  });
});

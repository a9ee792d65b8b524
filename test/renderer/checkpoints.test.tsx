import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CheckpointInfo } from '../../src/shared/ipc/checkpoints';
import { resetCheckpoints } from '../../src/renderer/src/features/checkpoints/store';
import { patchFiles } from '../../src/renderer/src/features/checkpoints/patchFiles';
import { FakeApi, makeEntry, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

// A checkpointed turn in the transcript (issue 36, SPEC §7.1 "checkpoints").
const GOOD = 'a'.repeat(40);
const BEFORE = 'b'.repeat(40);
const checkpoint = (commit: string, turn: string): CheckpointInfo => ({ commit, parent: null, tree: 'c'.repeat(40), turn, at: '2026-12-06T08:00:00.000Z', skipped: [] });
const PATCH =
  'diff --git a/notes.md b/notes.md\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n+++ b/notes.md\n@@ -0,0 +1 @@\n+good notes\n' +
  'diff --git a/app.ts b/app.ts\nindex 2222222..3333333 100644\n--- a/app.ts\n+++ b/app.ts\n@@ -1,2 +1,2 @@\n one\n-two\n+three\n';

function api(status: 'idle' | 'working' = 'idle'): FakeApi {
  const fake = new FakeApi([makeRow({ id: 'a', title: 'Alpha', status })]);
  fake.entries.set('a', [
    makeEntry({ sessionId: 'a', seq: 0, kind: 'user', text: 'write notes' }),
    makeEntry({ sessionId: 'a', seq: 1, kind: 'assistant', text: 'Wrote notes.md' }),
    makeEntry({ sessionId: 'a', seq: 2, kind: 'user', text: 'thanks' }),
  ]);
  let list = [checkpoint(GOOD, '1')];
  fake.override('checkpoints:list', () => ({ ok: true, value: { items: list } }));
  fake.override('checkpoints:diff', ({ commit }) => ({ ok: true, value: { checkpoint: checkpoint(commit, '1'), patch: PATCH, truncated: false } }));
  fake.override('checkpoints:restore', ({ commit }) => {
    list = [checkpoint(BEFORE, '2'), checkpoint(GOOD, '1')];
    return { ok: true, value: { restored: checkpoint(commit, '1'), before: checkpoint(BEFORE, '2'), written: 2, deleted: 1 } };
  });
  return fake;
}

beforeEach(() => {
  resetCheckpoints();
  HTMLCanvasElement.prototype.getContext = (() => ({ font: '', measureText: (text: string) => ({ width: text.length * 7 }) })) as unknown as HTMLCanvasElement['getContext'];
});

async function openAlpha(fake: FakeApi): Promise<HTMLElement> {
  await renderApp(fake);
  await userEvent.click(await screen.findByRole('listitem', { name: /^Alpha/ }));
  return screen.getByRole('log', { name: 'Transcript' });
}

describe('a checkpointed turn', () => {
  it('is marked after its last entry with "What this turn changed", which shows the turn’s diff per file in the Changes diff view', async () => {
    const fake = api();
    const log = await openAlpha(fake);
    const show = await within(log).findByRole('button', { name: 'What this turn changed' });
    expect(within(log).getAllByRole('button', { name: 'What this turn changed' })).toHaveLength(1);
    // The mark sits between the turn's last entry (seq 1) and the next one.
    const mark = show.closest('.turn-checkpoint');
    expect(mark?.previousElementSibling).toHaveTextContent('Wrote notes.md');
    expect(mark?.nextElementSibling).toHaveTextContent('thanks');
    await userEvent.click(show);
    expect(show).toHaveAttribute('aria-expanded', 'true');
    expect(await within(log).findByRole('group', { name: 'Diff of notes.md' })).toBeInTheDocument();
    expect(within(log).getByRole('group', { name: 'Diff of app.ts' })).toBeInTheDocument();
    expect(fake.callsTo('checkpoints:diff')).toEqual([{ id: 'a', commit: GOOD }]);
  });

  it('"Restore to here" asks in the dialog "Restore to here"; Cancel restores nothing, Restore does and gives focus back to the button', async () => {
    const fake = api();
    const log = await openAlpha(fake);
    const restore = await within(log).findByRole('button', { name: 'Restore to here' });
    await userEvent.click(restore);
    const dialog = screen.getByRole('dialog', { name: 'Restore to here' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.callsTo('checkpoints:restore')).toEqual([]);
    expect(restore).toHaveFocus();

    await userEvent.click(restore);
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Restore to here' })).getByRole('button', { name: 'Restore' }));
    expect(fake.callsTo('checkpoints:restore')).toEqual([{ id: 'a', commit: GOOD }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Restore to here' })).not.toBeInTheDocument());
    expect(await screen.findByText(/Restored 3 files to this turn/)).toBeInTheDocument();
    // The present it recorded is now the newest turn's checkpoint: one more Restore undoes it.
    await waitFor(() => expect(within(log).getAllByRole('button', { name: 'Restore to here' })).toHaveLength(2));
    expect(within(log).getAllByRole('button', { name: 'Restore to here' })[0]).toHaveFocus();
  });

  it('while the agent works, Restore says why it waits and asks nothing; a refusal from main is said', async () => {
    const fake = api('working');
    const log = await openAlpha(fake);
    act(() => fake.push('session:changed', { ...fake.rows.get('a'), status: 'idle' }));
    const restore = await within(log).findByRole('button', { name: 'Restore to here' });
    act(() => fake.push('session:changed', { ...fake.rows.get('a'), status: 'working' }));
    await waitFor(() => expect(restore).toHaveAttribute('aria-disabled', 'true'));
    expect(restore).toHaveAccessibleDescription('The agent is working; restore once its turn ends.');
    await userEvent.click(restore);
    expect(screen.queryByRole('dialog', { name: 'Restore to here' })).toBeNull();

    act(() => fake.push('session:changed', { ...fake.rows.get('a'), status: 'idle' }));
    fake.override('checkpoints:restore', () => ({ ok: false, error: { code: 'NOT_FOUND', message: 'The checkpoint aaaaaaaaaaaa was pruned.' } }));
    await waitFor(() => expect(restore).toHaveAttribute('aria-disabled', 'false'));
    await userEvent.click(restore);
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Restore to here' })).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('The checkpoint aaaaaaaaaaaa was pruned.')).toBeInTheDocument();
  });
});

describe('the checkpoint taken as the first turn began', () => {
  it('sits under the first message, says so, and offers only "Restore to here" (no turn has changed anything yet)', async () => {
    const START = 'd'.repeat(40);
    const fake = api();
    fake.override('checkpoints:list', () => ({ ok: true, value: { items: [checkpoint(GOOD, '1'), checkpoint(START, '0')] } }));
    const log = await openAlpha(fake);
    const opening = await within(log).findByRole('group', { name: /^Checkpoint before this turn/ });
    expect(opening.previousElementSibling).toHaveTextContent('write notes');
    expect(within(opening).queryByRole('button', { name: 'What this turn changed' })).toBeNull();
    // The turn's own checkpoint is as before.
    expect(within(log).getAllByRole('button', { name: 'What this turn changed' })).toHaveLength(1);
    await userEvent.click(within(opening).getByRole('button', { name: 'Restore to here' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Restore to here' })).getByRole('button', { name: 'Restore' }));
    expect(fake.callsTo('checkpoints:restore')).toEqual([{ id: 'a', commit: START }]);
  });
});

describe('patchFiles', () => {
  it('splits a turn’s patch into one diff per file with status and counts', () => {
    const files = patchFiles(PATCH, false);
    expect(files.map((f) => [f.file.path, f.file.status, f.file.added, f.file.removed])).toEqual([
      ['notes.md', 'added', 1, 0],
      ['app.ts', 'modified', 1, 1],
    ]);
    expect(files[1]?.diff.startsWith('diff --git a/app.ts')).toBe(true);
  });
});

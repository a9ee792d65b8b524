import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notifyReason } from '../../src/renderer/src/features/notifications/rules';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

/** The status word "exited" (issue 31, SPEC §2 and §7.1): the row, its accessible name, the pane header, the colour. */
describe('an exited terminal', () => {
  const rows = () => [
    makeRow({ id: 'c', title: 'Clean build run', kind: 'terminal', status: 'exited' }),
    makeRow({ id: 'f', title: 'Failing test run', kind: 'terminal', status: 'exited', exit: { code: 1, signal: null } }),
    makeRow({ id: 'k', title: 'Killed server run', kind: 'terminal', status: 'exited', exit: { code: null, signal: 'SIGKILL' } }),
  ];

  it('says "exited", with its code or signal in the error colour when it failed, and speaks "exited with code N"', async () => {
    await renderApp(new FakeApi(rows()));
    const clean = await screen.findByRole('listitem', { name: /^Clean build run/ });
    expect(clean).toHaveAccessibleName(/^Clean build run, exited(,|$)/);
    expect(clean.querySelector('.row-status')).toHaveTextContent(/^exited$/);
    expect(clean.querySelector('.row-status')).toHaveClass('status-text-exited');
    expect(clean.querySelector('.status-dot')).toHaveClass('status-exited');

    const failed = screen.getByRole('listitem', { name: /^Failing test run/ });
    expect(failed).toHaveAccessibleName(/^Failing test run, exited with code 1(,|$)/);
    expect(failed.querySelector('.row-status')).toHaveTextContent(/^exited 1$/);
    // The error colour: the class the sidebar and pane colour with --error.
    expect(failed.querySelector('.row-status')).toHaveClass('status-text-exited-failed');
    expect(failed.querySelector('.status-dot')).toHaveClass('status-exited-failed');

    const killed = screen.getByRole('listitem', { name: /^Killed server run/ });
    expect(killed).toHaveAccessibleName(/^Killed server run, exited with signal SIGKILL(,|$)/);
    expect(killed.querySelector('.row-status')).toHaveTextContent(/^exited SIGKILL$/);
    expect(killed.querySelector('.row-status')).toHaveClass('status-text-exited-failed');
  });

  it('the pane header says the same, and a restarted terminal loses its code', async () => {
    const api = new FakeApi(rows());
    await renderApp(api);
    await userEvent.click(await screen.findByRole('listitem', { name: /^Failing test run/ }));
    const pane = screen.getByRole('main');
    const status = pane.querySelector('.pane-status');
    expect(status).toHaveClass('status-text-exited-failed');
    expect(status).toHaveAttribute('title', 'exited with code 1');
    expect(within(pane).getByText('exited 1')).toBeInTheDocument();

    act(() => api.push('session:changed', { ...api.rows.get('f')!, status: 'idle', exit: undefined }));
    expect(pane.querySelector('.pane-status')).toHaveClass('status-text-idle');
    expect(screen.getByRole('listitem', { name: /^Failing test run/ })).toHaveAccessibleName(/^Failing test run, idle/);
  });

  it('a failed exit notifies as a failure; a clean one does not', () => {
    const base = { parentId: null, archived: false };
    expect(notifyReason('working', { ...base, status: 'exited', exit: { code: 2, signal: null } })).toBe('failed');
    expect(notifyReason('idle', { ...base, status: 'exited', exit: { code: null, signal: 'SIGSEGV' } })).toBe('failed');
    expect(notifyReason('idle', { ...base, status: 'exited' })).toBeNull();
  });
});

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApi } from '../../src/renderer/src/bridge';
import { ResumeImported } from '../../src/renderer/src/features/import/ResumeImported';
import { usePanes } from '../../src/renderer/src/stores/panes';
import { useSessions } from '../../src/renderer/src/stores/sessions';
import { useUi } from '../../src/renderer/src/stores/ui';
import { FakeApi, makeRow } from './support/fakeApi';

describe('resume an imported session', () => {
  afterEach(cleanup);

  it('asks main to resume it, then opens the new live session in a pane', async () => {
    const imported = makeRow({ id: 'imp', kind: 'imported', backendId: 'abc-123' });
    const live = makeRow({ id: 'live', kind: 'claude-code', backendId: 'abc-123' });
    const api = new FakeApi([imported]);
    api.override('import:resume', () => ({ ok: true, value: live }));
    setApi(api);
    render(<ResumeImported sessionId="imp" />);
    await userEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(usePanes.getState().focused).toBe('live'));
    expect(api.callsTo('import:resume')).toEqual([{ id: 'imp' }]);
    expect(useSessions.getState().byId.live?.kind).toBe('claude-code');
  });

  it('says why when main refuses', async () => {
    const api = new FakeApi([makeRow({ id: 'imp2', kind: 'imported' })]);
    api.override('import:resume', () => ({ ok: false, error: { code: 'CONFLICT', message: 'This imported session has no id its tool could resume.' } }));
    setApi(api);
    render(<ResumeImported sessionId="imp2" />);
    await userEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(useUi.getState().toasts.map((t) => t.message)).toContain('This imported session has no id its tool could resume.'));
    expect(screen.getByRole('button', { name: 'Resume' })).toBeEnabled();
  });

  it('names the tool the session came from in its footer', async () => {
    const api = new FakeApi([makeRow({ id: 'cx', kind: 'imported' }), makeRow({ id: 'cc', kind: 'imported' })]);
    api.override('import:source', (input) => ({ ok: true, value: { source: input.id === 'cx' ? 'codex' : 'claude-code' } }));
    setApi(api);
    const view = render(<ResumeImported sessionId="cx" />);
    expect(await screen.findByRole('group', { name: 'Imported session' })).toHaveTextContent(/^Imported from Codex\. Resume it/);
    view.rerender(<ResumeImported sessionId="cc" />);
    await waitFor(() => expect(screen.getByRole('group', { name: 'Imported session' })).toHaveTextContent(/^Imported from Claude Code\. Resume it/));
    expect(api.callsTo('import:source')).toEqual([{ id: 'cx' }, { id: 'cc' }]);
  });
});

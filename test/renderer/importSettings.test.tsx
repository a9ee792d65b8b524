import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../src/shared/ipc/import';
import type { Result } from '../../src/shared/result';
import { setApi } from '../../src/renderer/src/bridge';
import { ImportSettings } from '../../src/renderer/src/features/import/ImportSettings';
import { FakeApi } from './support/fakeApi';

const report = (over: Partial<ImportReport> = {}): ImportReport => ({
  enabled: true,
  envOverride: false,
  running: false,
  roots: [{ path: '/home/ada/.claude/projects', source: 'claude-code' }, { path: '/home/ada/.codex/sessions', source: 'codex' }],
  last: {
    startedAt: 1, durationMs: 10, files: 12, filesRead: 12, filesUnchanged: 0, filesReset: 0, filesFailed: 0, bytesRead: 100,
    entries: 40, sessionsCreated: 11, sessionsAddedSinceStart: 11, sessionsImported: 11, badLines: 2, oversizeLines: 0, skippedRecords: 5, unreadableLines: 3, rewoundRecords: 2, missing: 0, errors: [],
  },
  ...over,
});

describe('history import settings', () => {
  afterEach(cleanup);

  it('shows where it looks and what the last scan did, and turns the import off', async () => {
    const api = new FakeApi();
    api.override('import:status', () => ({ ok: true, value: report() }));
    api.override('import:setEnabled', (input) => ({ ok: true, value: report({ enabled: input.enabled }) }));
    setApi(api);
    render(<ImportSettings />);
    expect(await screen.findByText('Claude Code: /home/ada/.claude/projects')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('12 transcripts found, 11 imported sessions in the list (11 new in the last scan), 3 lines could not be read and were skipped, 2 rewound messages kept apart, marked Rewound.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Import Claude Code and Codex history' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Off: existing history is not imported.'));
    expect(api.callsTo('import:setEnabled')).toEqual([{ enabled: false }]);
    expect(screen.getByRole('button', { name: 'Rescan now' })).toBeDisabled();
  });

  it('a later scan that added nothing does not hide what the first one added (issue 28)', async () => {
    const api = new FakeApi();
    const after = (over: Partial<NonNullable<ImportReport['last']>>) => report({ last: { ...report().last!, files: 9, unreadableLines: 0, rewoundRecords: 0, ...over } });
    api.override('import:status', () => ({ ok: true, value: after({ sessionsCreated: 0, sessionsAddedSinceStart: 8, sessionsImported: 8 }) }));
    setApi(api);
    render(<ImportSettings />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('9 transcripts found, 8 imported sessions in the list (8 new since Swarmdesk started, none in the last scan).'));
    cleanup();
    // A later start, nothing new: what is in the list is still said.
    api.override('import:status', () => ({ ok: true, value: after({ sessionsCreated: 0, sessionsAddedSinceStart: 0, sessionsImported: 1 }) }));
    render(<ImportSettings />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('9 transcripts found, 1 imported session in the list (none new since Swarmdesk started).'));
  });

  it('cannot be switched when the environment decides, and says why', async () => {
    const api = new FakeApi();
    api.override('import:status', () => ({ ok: true, value: report({ enabled: false, envOverride: true, last: null }) }));
    setApi(api);
    render(<ImportSettings />);
    expect(await screen.findByRole('checkbox', { name: 'Import Claude Code and Codex history' })).toBeDisabled();
    expect(screen.getByText('Set by the SWARMDESK_IMPORT environment variable.')).toBeInTheDocument();
  });

  it('rescans on request and shows a failure as an alert', async () => {
    const api = new FakeApi();
    api.override('import:status', () => ({ ok: true, value: report() }));
    api.override('import:rescan', () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Importing history is not available in this build.' } }));
    setApi(api);
    render(<ImportSettings />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rescan now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('not available');
  });

  it('Rescan now keeps focus while it works (busy, not disabled), and a second press waits for the first', async () => {
    const api = new FakeApi();
    api.override('import:status', () => ({ ok: true, value: report() }));
    let finish: (value: Result<ImportReport>) => void = () => undefined;
    api.override('import:rescan', () => new Promise<Result<ImportReport>>((resolve) => (finish = resolve)));
    setApi(api);
    render(<ImportSettings />);
    const rescan = await screen.findByRole('button', { name: 'Rescan now' });
    await userEvent.click(rescan);
    await waitFor(() => expect(rescan).toHaveAttribute('aria-disabled', 'true'));
    expect(rescan).toHaveFocus();
    await userEvent.click(rescan);
    expect(api.callsTo('import:rescan')).toHaveLength(1);
    finish({ ok: true, value: report() });
    await waitFor(() => expect(rescan).not.toHaveAttribute('aria-disabled'));
    expect(rescan).toHaveFocus();
  });

  it('is left out where the core has no import', async () => {
    const api = new FakeApi();
    api.override('import:status', () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'no' } }));
    setApi(api);
    const { container } = render(<ImportSettings />);
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

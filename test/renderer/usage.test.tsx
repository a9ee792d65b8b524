import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SessionUsage, UsageTotals } from '../../src/shared/domain/usage';
import { formatTokens, formatUsd, usageLine } from '../../src/renderer/src/features/usage/format';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const totals = (partial: Partial<UsageTotals>): UsageTotals => ({ turns: 1, inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: null, ...partial });

describe('usage format', () => {
  it('tokens at a glance, money only when reported', () => {
    expect([950, 1_000, 1_234, 12_345, 999_499, 4_500_000].map(formatTokens)).toEqual(['950', '1k', '1.2k', '12.3k', '999k', '4.5M']);
    expect([0.42, 0.0042, 12.5].map(formatUsd)).toEqual(['$0.42', '$0.0042', '$12.50']);
    // An API-key user also sees money; a subscription login (no cost reported) sees turns and tokens.
    expect(usageLine(totals({ turns: 3, inputTokens: 12_345, outputTokens: 1_234, costUsd: 0.42 }))).toBe('3 turns · 12.3k in · 1.2k out · $0.42');
    expect(usageLine(totals({ turns: 1, inputTokens: 800, outputTokens: 20 }))).toBe('1 turn · 800 in · 20 out');
    expect(usageLine(totals({ turns: 0 }))).toBeNull();
  });
});

describe('usage in the pane header', () => {
  it('shows what main reports for the open session and follows session:usage pushes', async () => {
    const api = new FakeApi([makeRow({ id: 'c', kind: 'claude-code', title: 'Fix the billing export' })]);
    const usage = (total: Partial<UsageTotals>): SessionUsage => ({ sessionId: 'c', total: totals(total), lastTurn: totals(total), ambient: { calls: 0, inputTokens: 0, outputTokens: 0 } });
    api.override('sessions:usage', () => ({ ok: true, value: usage({ turns: 2, inputTokens: 30_500, outputTokens: 900, costUsd: 0.05 }) }));
    await renderApp(api);
    await userEvent.click(await screen.findByRole('listitem', { name: /^Fix the billing export/ }));
    expect(await screen.findByLabelText('Usage: 2 turns · 30.5k in · 900 out · $0.05')).toBeInTheDocument();
    expect(api.callsTo('sessions:usage')).toEqual([{ id: 'c' }]);
    act(() => api.push('session:usage', usage({ turns: 3, inputTokens: 45_000, outputTokens: 1_500, costUsd: 0.08 })));
    expect(screen.getByLabelText('Usage: 3 turns · 45k in · 1.5k out · $0.08')).toBeInTheDocument();
  });

  it('nothing before the first turn, and never a price the source did not report', async () => {
    const api = new FakeApi([makeRow({ id: 'c', kind: 'chat', title: 'Plan the launch' })]);
    api.override('sessions:usage', () => ({ ok: true, value: { sessionId: 'c', total: totals({ turns: 0 }), lastTurn: null, ambient: { calls: 0, inputTokens: 0, outputTokens: 0 } } }));
    await renderApp(api);
    await userEvent.click(await screen.findByRole('listitem', { name: /^Plan the launch/ }));
    expect(await screen.findByRole('main', { name: 'Plan the launch' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Usage:/)).toBeNull();
    act(() => api.push('session:usage', { sessionId: 'c', total: totals({ inputTokens: 2_000, outputTokens: 40 }), lastTurn: totals({ inputTokens: 2_000, outputTokens: 40 }), ambient: { calls: 0, inputTokens: 0, outputTokens: 0 } }));
    expect(screen.getByLabelText('Usage: 1 turn · 2k in · 40 out')).toBeInTheDocument();
    expect(screen.queryByText(/\$/)).toBeNull();
  });
});

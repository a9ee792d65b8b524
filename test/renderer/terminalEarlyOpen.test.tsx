import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setApi } from '../../src/renderer/src/bridge';
import { withValidatedEvents } from '../../src/renderer/src/bridge/validatedEvents';
import { TerminalView } from '../../src/renderer/src/components/TerminalView';
import type { TerminalScreen } from '../../src/renderer/src/terminal/screen';
import { FakeApi, makeRow } from './support/fakeApi';
import { StandInScreen } from './support/standInScreen';

// jsdom cannot measure a font: the size xterm will fit to is given here.
const guess = vi.hoisted(() => ({ size: { cols: 80, rows: 24 } as { cols: number; rows: number } | null }));
vi.mock('../../src/renderer/src/terminal/estimateSize', () => ({ estimateScreenSize: () => guess.size }));

const opened = (scrollback: string, offset: number) => ({ ok: true as const, value: { running: true, scrollback, offset, exit: null } });

describe('a terminal pane asks for its screen while xterm is being built', () => {
  it('the guessed size is right: the screen is asked for before the screen exists, once, and drawn when both are ready', async () => {
    guess.size = { cols: 80, rows: 24 };
    const api = new FakeApi([makeRow({ id: 't', kind: 'terminal' })]);
    api.override('terminal:open', (input) => (input.screenOnly ? opened('<screen>', 8) : opened('<all>', 8)));
    setApi(withValidatedEvents(api));
    let build: (screen: TerminalScreen) => void = () => undefined;
    const term = new StandInScreen();
    render(<TerminalView sessionId="t" createScreen={() => new Promise<TerminalScreen>((resolve) => (build = resolve))} />);
    await waitFor(() => expect(api.callsTo('terminal:open')).toEqual([{ id: 't', cols: 80, rows: 24, restart: false, screenOnly: true }]));
    // Output pushed before the screen exists is held, and joins the snapshot at its offset.
    act(() => api.push('terminal:data', { sessionId: 't', data: '12345678ab', offset: 0 }));
    await act(async () => build(term));
    await waitFor(() => expect(term.written).toEqual(['<screen>', 'ab']));
    await waitFor(() => expect(api.callsTo('terminal:open')).toHaveLength(2));
    expect(api.callsTo('terminal:open')[1]).toMatchObject({ cols: 80, rows: 24, screenOnly: false });
  });

  it('the guess was wrong: the screen is asked for again at the fitted size, after the first answered (which did any restart: this one never does)', async () => {
    guess.size = { cols: 100, rows: 30 };
    const api = new FakeApi([makeRow({ id: 't', kind: 'terminal' })]);
    const answers: Array<() => void> = [];
    api.override('terminal:open', (input) => new Promise((resolve) => answers.push(() => resolve(opened(`<${input.cols}x${input.rows}>`, 0)))));
    setApi(withValidatedEvents(api));
    const term = new StandInScreen();
    const view = render(<TerminalView sessionId="t" createScreen={() => term} />);
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(api.callsTo('terminal:open')).toEqual([{ id: 't', cols: 100, rows: 30, restart: false, screenOnly: true }]);
    await act(async () => answers[0]?.());
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(api.callsTo('terminal:open')[1]).toEqual({ id: 't', cols: 80, rows: 24, restart: false, screenOnly: true });
    expect(term.written).toEqual([]); // the wrong size's screen is never drawn
    await act(async () => answers[1]?.());
    expect(term.written).toEqual(['<80x24>']);
    view.unmount();
  });
});

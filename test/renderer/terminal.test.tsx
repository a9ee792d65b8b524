import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApi } from '../../src/renderer/src/bridge';
import { withValidatedEvents } from '../../src/renderer/src/bridge/validatedEvents';
import { TerminalView } from '../../src/renderer/src/components/TerminalView';
import type { TerminalScreen } from '../../src/renderer/src/terminal/screen';
import { terminalTheme, type TerminalTheme } from '../../src/renderer/src/terminal/theme';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';

/** jsdom has no canvas, so xterm cannot draw here: a stand-in screen records what it was given. */
class StandInScreen implements TerminalScreen {
  cols = 80;
  rows = 24;
  written: string[] = [];
  disposed = false;
  private listener: ((data: string) => void) | null = null;
  write(data: string): void {
    this.written.push(data);
  }
  onInput(listener: (data: string) => void): () => void {
    this.listener = listener;
    return () => (this.listener = null);
  }
  type(data: string): void {
    this.listener?.(data);
  }
  themes: TerminalTheme[] = [];
  fit(): void {}
  focus(): void {}
  setTheme(theme: TerminalTheme): void {
    this.themes.push(theme);
  }
  dispose(): void {
    this.disposed = true;
  }
}

describe('terminal pane', () => {
  it('paints the scrollback, then output pushed meanwhile, in order; keystrokes go to terminal:input', async () => {
    const api = new FakeApi([makeRow({ id: 't', kind: 'terminal' })]);
    let answer: (value: unknown) => void = () => undefined;
    api.override('terminal:open', () => new Promise((resolve) => (answer = resolve as (value: unknown) => void)));
    setApi(withValidatedEvents(api));
    const screens: StandInScreen[] = [];
    const view = render(<TerminalView sessionId="t" createScreen={() => (screens[screens.push(new StandInScreen()) - 1] as StandInScreen)} />);
    await waitFor(() => expect(api.callsTo('terminal:open')).toEqual([{ id: 't', cols: 80, rows: 24, restart: false }]));
    const term = screens[0] as StandInScreen;
    act(() => api.push('terminal:data', { sessionId: 't', data: 'late output' }));
    act(() => api.push('terminal:data', { sessionId: 'other', data: 'not ours' }));
    expect(term.written).toEqual([]);
    await act(async () => answer({ ok: true, value: { running: true, scrollback: '$ ls\r\n', exit: null } }));
    expect(term.written).toEqual(['$ ls\r\n', 'late output']);
    act(() => api.push('terminal:data', { sessionId: 't', data: 'more' }));
    expect(term.written.at(-1)).toBe('more');
    act(() => term.type('q'));
    expect(api.callsTo('terminal:input')).toEqual([{ id: 't', data: 'q' }]);
    view.unmount();
    expect(term.disposed).toBe(true);
  });

  it('shows an exit with Restart, which reopens the PTY with restart', async () => {
    const api = new FakeApi([makeRow({ id: 't', kind: 'terminal' })]);
    api.override('terminal:open', () => ({ ok: true, value: { running: false, scrollback: '', exit: { exitCode: 3, signal: null } } }));
    setApi(withValidatedEvents(api));
    render(<TerminalView sessionId="t" createScreen={() => new StandInScreen()} />);
    expect(await screen.findByText(/Exited with code 3/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restart' }));
    await waitFor(() => expect(api.callsTo('terminal:open')).toHaveLength(2));
    expect(api.callsTo('terminal:open')[1]).toMatchObject({ id: 't', restart: true });
  });

  it('a terminal session pane has the Terminal screen beside its transcript and composer', async () => {
    const api = new FakeApi([makeRow({ id: 't', kind: 'terminal', title: 'Aider on billing' })]);
    api.override('terminal:open', () => ({ ok: true, value: { running: true, scrollback: '', exit: null } }));
    await renderApp(api);
    await userEvent.click(await screen.findByRole('listitem', { name: /^Aider on billing/ }));
    const pane = screen.getByRole('main', { name: 'Aider on billing' });
    expect(pane).toContainElement(screen.getByRole('group', { name: 'Terminal' }));
    expect(screen.getByRole('log', { name: 'Transcript' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  describe('colours', () => {
    const original = window.matchMedia;
    afterEach(() => {
      window.matchMedia = original;
    });

    /** The OS look as jsdom lacks it: one media query list whose answer the test flips, firing `change` like a browser. */
    function fakeColorScheme(dark: boolean): { set(dark: boolean): void } {
      const target = new EventTarget();
      const list = Object.defineProperty(target, 'matches', { get: () => dark });
      window.matchMedia = ((query: string) => {
        expect(query).toBe('(prefers-color-scheme: dark)');
        return list;
      }) as unknown as typeof window.matchMedia;
      return {
        set(next) {
          dark = next;
          target.dispatchEvent(new Event('change'));
        },
      };
    }

    it('starts in the dark look when the OS is dark and follows a switch to light and back, live', async () => {
      const scheme = fakeColorScheme(true);
      const api = new FakeApi([makeRow({ id: 't', kind: 'terminal' })]);
      api.override('terminal:open', () => ({ ok: true, value: { running: true, scrollback: '', exit: null } }));
      setApi(withValidatedEvents(api));
      const term = new StandInScreen();
      const view = render(<TerminalView sessionId="t" createScreen={() => term} />);
      await waitFor(() => expect(term.themes).toEqual([terminalTheme('dark')]));
      expect(terminalTheme('dark').background).not.toBe(terminalTheme('light').background);
      act(() => scheme.set(false));
      expect(term.themes.at(-1)).toEqual(terminalTheme('light'));
      act(() => scheme.set(true));
      expect(term.themes.at(-1)).toEqual(terminalTheme('dark'));
      view.unmount();
      const count = term.themes.length;
      scheme.set(false);
      expect(term.themes).toHaveLength(count);
    });
  });
});

import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApi } from '../../src/renderer/src/bridge';
import { withValidatedEvents } from '../../src/renderer/src/bridge/validatedEvents';
import { TerminalView } from '../../src/renderer/src/components/TerminalView';
import type { ScreenOptions } from '../../src/renderer/src/terminal/screen';
import { LEAVE_AFTER_ESCAPE_MS, terminalKeyAction } from '../../src/renderer/src/terminal/keys';
import { terminalTheme } from '../../src/renderer/src/terminal/theme';
import { resetEntriesStore } from '../../src/renderer/src/stores/entries';
import { FakeApi, makeRow } from './support/fakeApi';
import { renderApp } from './support/renderApp';
import { StandInScreen, type StandInBack } from './support/standInScreen';

const opened = (scrollback: string, offset: number) => ({ ok: true as const, value: { running: true, scrollback, offset, exit: null } });

describe('terminal pane', () => {
  it('paints the screen first, then restores the scrollback behind it: each screen gets every character once, in order; keystrokes go to terminal:input', async () => {
    const api = new FakeApi([makeRow({ id: 't', kind: 'terminal' })]);
    const answers: Array<(value: unknown) => void> = [];
    api.override('terminal:open', () => new Promise((resolve) => answers.push(resolve as (value: unknown) => void)));
    setApi(withValidatedEvents(api));
    const screens: StandInScreen[] = [];
    const view = render(<TerminalView sessionId="t" createScreen={() => (screens[screens.push(new StandInScreen()) - 1] as StandInScreen)} />);
    await waitFor(() => expect(api.callsTo('terminal:open')).toEqual([{ id: 't', cols: 80, rows: 24, restart: false, screenOnly: true }]));
    const term = screens[0] as StandInScreen;
    const push = (data: string, offset: number) => act(() => api.push('terminal:data', { sessionId: 't', data, offset }));
    // Pushed before the screen's answer: the first is inside it, the second straddles its end, the third follows it.
    push('in snapshot', 0);
    push('ls\r\nfile', 11);
    act(() => api.push('terminal:data', { sessionId: 'other', data: 'not ours', offset: 0 }));
    push('.txt', 19);
    expect(term.written).toEqual([]);
    await act(async () => answers[0]?.(opened('<screen>', 13)));
    expect(term.written).toEqual(['<screen>', '\r\nfile', '.txt']);
    push('more', 23);
    expect(term.written.at(-1)).toBe('more');

    // Once the screen is painted: the whole scrollback (never restarting).
    await waitFor(() => expect(api.callsTo('terminal:open')).toHaveLength(2));
    expect(api.callsTo('terminal:open')[1]).toEqual({ id: 't', cols: 80, rows: 24, restart: false, screenOnly: false });
    push('x', 27); // arrives between the two snapshots: on view at once, and after the scrollback's end
    expect(term.backs).toHaveLength(0);
    await act(async () => answers[1]?.(opened('<all>', 25)));
    const back = term.backs[0] as StandInBack;
    // The back: the scrollback (up to 25), then what arrived since the screen from 25 on ('more' at 23 loses 'mo').
    expect(back.written).toEqual(['<all>', 're', 'x']);
    push('y', 28); // while the back parses: both screens get it
    expect(term.written.slice(-2)).toEqual(['x', 'y']);
    expect(back.written.at(-1)).toBe('y');
    expect(term.written.join('')).toBe('<screen>\r\nfile.txtmorexy');

    // The back takes the front's place: from now on one screen, written once.
    await act(async () => back.parsed());
    push('z', 29);
    expect(term.written).toEqual(['z']);
    expect(back.written.at(-1)).toBe('y');
    act(() => term.type('q'));
    expect(api.callsTo('terminal:input')).toEqual([{ id: 't', data: 'q' }]);
    view.unmount();
    expect(term.disposed).toBe(true);
  });

  it('a pane closed while its scrollback is restored drops the hidden screen', async () => {
    const api = new FakeApi([makeRow({ id: 't', kind: 'terminal' })]);
    api.override('terminal:open', () => opened('<s>', 3));
    setApi(withValidatedEvents(api));
    const term = new StandInScreen();
    const view = render(<TerminalView sessionId="t" createScreen={() => term} />);
    await waitFor(() => expect(term.backs).toHaveLength(1));
    expect(api.callsTo('terminal:close')).toEqual([]);
    view.unmount();
    expect(term.backs[0]?.disposed).toBe(true);
    expect(term.disposed).toBe(true);
    // The window no longer needs the terminal's output: it says so (the PTY keeps running).
    expect(api.callsTo('terminal:close')).toEqual([{ id: 't' }]);
  });

  it('takes the keyboard once drawn, unless the user went on to type in another field meanwhile', async () => {
    const api = new FakeApi([makeRow({ id: 't', kind: 'terminal' })]);
    const answers: Array<(value: unknown) => void> = [];
    // The screen's answer waits for the test; the scrollback's comes at once.
    api.override('terminal:open', (input) => (input.screenOnly ? new Promise((resolve) => answers.push(resolve as (value: unknown) => void)) : opened('', 0)));
    setApi(withValidatedEvents(api));
    const focused: number[] = [];
    class Focusing extends StandInScreen {
      override focus(): void {
        focused.push(1);
      }
    }
    const first = render(<TerminalView sessionId="t" createScreen={() => new Focusing()} />);
    await waitFor(() => expect(answers).toHaveLength(1));
    await act(async () => answers[0]?.(opened('', 0)));
    expect(focused).toHaveLength(1);
    first.unmount();

    // A rename field got the keyboard while the terminal was still opening: it keeps it.
    const field = document.createElement('input');
    document.body.append(field);
    render(<TerminalView sessionId="t" createScreen={() => new Focusing()} />);
    await waitFor(() => expect(answers).toHaveLength(2));
    field.focus();
    await act(async () => answers[1]?.(opened('', 0)));
    expect(focused).toHaveLength(1);
    expect(document.activeElement).toBe(field);
    field.remove();
  });

  it('shows an exit with Restart, which reopens the PTY with restart', async () => {
    const api = new FakeApi([makeRow({ id: 't', kind: 'terminal' })]);
    api.override('terminal:open', () => ({ ok: true, value: { running: false, scrollback: '', offset: 0, exit: { exitCode: 3, signal: null } } }));
    setApi(withValidatedEvents(api));
    render(<TerminalView sessionId="t" createScreen={() => new StandInScreen()} />);
    expect(await screen.findByText(/Exited with code 3/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restart' }));
    await waitFor(() => expect(api.callsTo('terminal:open')).toHaveLength(4));
    // The restart opens the screen with restart; the scrollback after it never restarts again.
    expect(api.callsTo('terminal:open').slice(2)).toMatchObject([
      { id: 't', restart: true, screenOnly: true },
      { id: 't', restart: false, screenOnly: false },
    ]);
  });

  it('a terminal pane is its terminal: a group "Terminal", no transcript, no composer; Stop only while a command runs', async () => {
    const api = new FakeApi([makeRow({ id: 't', kind: 'terminal', title: 'Aider on billing' })]);
    api.override('terminal:open', () => ({ ok: true, value: { running: true, scrollback: '', offset: 0, exit: null } }));
    await renderApp(api);
    await userEvent.click(await screen.findByRole('listitem', { name: /^Aider on billing/ }));
    const pane = screen.getByRole('main', { name: 'Aider on billing' });
    const group = within(pane).getByRole('group', { name: 'Terminal' });
    expect(group).toHaveAccessibleDescription(/Escape then Tab/);
    expect(within(pane).queryByRole('log', { name: 'Transcript' })).toBeNull();
    expect(within(pane).queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(within(pane).queryByRole('button', { name: 'Send' })).toBeNull();
    expect(within(pane).queryByRole('button', { name: 'Stop' })).toBeNull();
    // The core says a command runs: Stop appears, and interrupts it; back at the prompt it goes.
    act(() => api.push('session:changed', { ...makeRow({ id: 't', kind: 'terminal', title: 'Aider on billing' }), status: 'working' }));
    await userEvent.click(await within(pane).findByRole('button', { name: 'Stop' }));
    expect(api.callsTo('terminal:interrupt')).toEqual([{ id: 't' }]);
    act(() => api.push('session:changed', { ...makeRow({ id: 't', kind: 'terminal', title: 'Aider on billing' }), status: 'idle' }));
    await waitFor(() => expect(within(pane).queryByRole('button', { name: 'Stop' })).toBeNull());
  });

  it('shows the latest note in the bar, and finds in the scrollback with Ctrl+Shift+F', async () => {
    const api = new FakeApi([makeRow({ id: 't', kind: 'terminal' })]);
    api.override('terminal:open', () => ({ ok: true, value: { running: true, scrollback: '', offset: 0, exit: null } }));
    api.override('entries:page', () => ({
      ok: true,
      value: { entries: [{ seq: 1, sessionId: 't', kind: 'note', text: 'Started a shell (/bin/bash)', createdAt: 0, meta: null }], hasMore: false },
    }));
    setApi(withValidatedEvents(api));
    resetEntriesStore();
    let options: ScreenOptions | null = null;
    const term = new StandInScreen();
    render(
      <TerminalView
        sessionId="t"
        createScreen={(_host, o) => {
          options = o;
          return term;
        }}
      />,
    );
    expect(await screen.findByText('Started a shell (/bin/bash)')).toBeInTheDocument();
    act(() => options?.onShortcut('find'));
    const box = screen.getByRole('searchbox', { name: 'Find in terminal' });
    expect(box).toHaveFocus();
    await userEvent.type(box, 'ab');
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}');
    expect(term.finds.at(-1)).toEqual(['ab', 'previous']);
    await userEvent.clear(box);
    await userEvent.type(box, 'absent');
    expect(screen.getByRole('status')).toHaveTextContent('No match');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('searchbox', { name: 'Find in terminal' })).toBeNull();
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
      api.override('terminal:open', () => ({ ok: true, value: { running: true, scrollback: '', offset: 0, exit: null } }));
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

describe('terminal keys', () => {
  const key = (k: string, mods: { ctrl?: boolean; shift?: boolean } = {}) => ({
    type: 'keydown',
    key: k,
    ctrlKey: mods.ctrl ?? false,
    shiftKey: mods.shift ?? false,
    altKey: false,
    metaKey: false,
  });
  it('copy, paste and find are the terminal’s; Ctrl+C copies only while text is selected', () => {
    expect(terminalKeyAction(key('C', { ctrl: true, shift: true }), false, Infinity)).toBe('copy');
    expect(terminalKeyAction(key('V', { ctrl: true, shift: true }), false, Infinity)).toBe('paste');
    expect(terminalKeyAction(key('F', { ctrl: true, shift: true }), false, Infinity)).toBe('find');
    expect(terminalKeyAction(key('c', { ctrl: true }), true, Infinity)).toBe('copy');
    expect(terminalKeyAction(key('c', { ctrl: true }), false, Infinity)).toBe('program');
  });
  it('Tab is the program’s, except right after Escape, when it moves focus out', () => {
    expect(terminalKeyAction(key('Tab'), false, Infinity)).toBe('program');
    expect(terminalKeyAction(key('Tab'), false, 200)).toBe('leave');
    expect(terminalKeyAction(key('Tab', { shift: true }), false, 200)).toBe('leave');
    expect(terminalKeyAction(key('Tab'), false, LEAVE_AFTER_ESCAPE_MS + 1)).toBe('program');
    expect(terminalKeyAction({ ...key('Tab'), type: 'keyup' }, false, 200)).toBe('program');
  });
});

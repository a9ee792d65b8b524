import { useEffect, useRef, useState } from 'react';
import type { SessionId } from '../../../shared/domain/session';
import type { TerminalExit } from '../../../shared/ipc/terminal';
import { openTerminal, resizeTerminal, sendTerminalInput, watchTerminal } from '../features/terminal/actions';
import { createDefaultScreen, type CreateScreen, type TerminalScreen } from '../terminal/screen';
import { currentColorScheme, terminalTheme, watchColorScheme } from '../terminal/theme';

const RESIZE_SETTLE_MS = 80;

/**
 * A terminal session's screen: xterm.js on the session's PTY in main.
 * `terminal:open` paints the saved scrollback first (and starts the command if
 * it has not run); keystrokes go out with `terminal:input`; output arrives as
 * `terminal:data` pushes. Output pushed before the open answers is held and
 * written after the scrollback, so nothing shows out of order.
 */
export function TerminalView({ sessionId, createScreen = createDefaultScreen }: { sessionId: SessionId; createScreen?: CreateScreen }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [exit, setExit] = useState<TerminalExit | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let disposed = false;
    const cleanups: Array<() => void> = [];
    setExit(null);
    setProblem(null);

    const attach = (term: TerminalScreen): void => {
      cleanups.push(() => term.dispose());
      let opened = false;
      const early: string[] = [];
      cleanups.push(
        watchTerminal(sessionId, {
          data: (data) => {
            if (opened) term.write(data);
            else early.push(data);
          },
          exit: setExit,
        }),
      );
      cleanups.push(term.onInput((data) => sendTerminalInput(sessionId, data)));
      // Follow the light/dark look live, not only the one in effect when the pane opened.
      term.setTheme(terminalTheme(currentColorScheme()));
      cleanups.push(watchColorScheme((scheme) => term.setTheme(terminalTheme(scheme))));

      void openTerminal(sessionId, term, generation > 0).then((result) => {
        if (disposed) return;
        opened = true;
        if (!result.ok) {
          setProblem(result.error.message);
          return;
        }
        if (result.value.scrollback) term.write(result.value.scrollback);
        for (const data of early.splice(0)) term.write(data);
        if (!result.value.running && result.value.exit) setExit(result.value.exit);
        term.focus();
      });

      if (typeof ResizeObserver === 'undefined') return;
      let resizeTimer: ReturnType<typeof setTimeout> | null = null;
      const observer = new ResizeObserver(() => {
        if (resizeTimer) clearTimeout(resizeTimer);
        resizeTimer = setTimeout(() => {
          if (disposed) return;
          term.fit();
          resizeTerminal(sessionId, term);
        }, RESIZE_SETTLE_MS);
      });
      observer.observe(host);
      cleanups.push(() => {
        if (resizeTimer) clearTimeout(resizeTimer);
        observer.disconnect();
      });
    };

    Promise.resolve()
      .then(() => createScreen(host))
      .then(
        (term) => {
          if (disposed) term.dispose();
          else attach(term);
        },
        () => {
          if (!disposed) setProblem('This window cannot draw a terminal.');
        },
      );

    return () => {
      disposed = true;
      for (const cleanup of cleanups.splice(0).reverse()) cleanup();
    };
  }, [sessionId, generation, createScreen]);

  return (
    <div className="terminal-view">
      <div ref={hostRef} className="terminal-host" role="group" aria-label="Terminal" />
      {problem ? (
        <p className="terminal-status error" role="alert">
          {problem}
        </p>
      ) : null}
      {exit ? (
        <p className="terminal-status">
          {exit.signal ? `Ended by ${exit.signal}.` : `Exited with code ${exit.exitCode}.`}{' '}
          <button type="button" className="button subtle" onClick={() => setGeneration((g) => g + 1)}>
            Restart
          </button>
        </p>
      ) : null}
    </div>
  );
}

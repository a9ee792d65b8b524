import { useEffect, useRef, useState } from 'react';
import type { SessionId } from '../../../shared/domain/session';
import type { TerminalExit } from '../../../shared/ipc/terminal';
import { api } from '../bridge';
import { createXtermScreen, type CreateScreen, type TerminalScreen } from '../terminal/screen';

const RESIZE_SETTLE_MS = 80;

/**
 * A terminal session's screen: xterm.js on the session's PTY in main.
 * `terminal:open` paints the saved scrollback first (and starts the command if
 * it has not run); keystrokes go out with `terminal:input`; output arrives as
 * `terminal:data` pushes. Output pushed before the open answers is held and
 * written after the scrollback, so nothing shows out of order.
 */
export function TerminalView({ sessionId, createScreen = createXtermScreen }: { sessionId: SessionId; createScreen?: CreateScreen }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [exit, setExit] = useState<TerminalExit | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let disposed = false;
    let term: TerminalScreen;
    try {
      term = createScreen(host);
    } catch {
      setProblem('This window cannot draw a terminal.');
      return;
    }

    let opened = false;
    const early: string[] = [];
    const offData = api().on('terminal:data', (payload) => {
      if (payload.sessionId !== sessionId) return;
      if (opened) term.write(payload.data);
      else early.push(payload.data);
    });
    const offExit = api().on('terminal:exit', (payload) => {
      if (payload.sessionId === sessionId) setExit({ exitCode: payload.exitCode, signal: payload.signal });
    });
    const offInput = term.onInput((data) => void api().invoke('terminal:input', { id: sessionId, data }));

    setExit(null);
    setProblem(null);
    void api()
      .invoke('terminal:open', { id: sessionId, cols: Math.max(2, term.cols), rows: Math.max(1, term.rows), restart: generation > 0 })
      .then((result) => {
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

    let resizeTimer: ReturnType<typeof setTimeout> | null = null;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => {
      if (resizeTimer) clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => {
        if (disposed) return;
        term.fit();
        void api().invoke('terminal:resize', { id: sessionId, cols: Math.max(2, term.cols), rows: Math.max(1, term.rows) });
      }, RESIZE_SETTLE_MS);
    });
    observer?.observe(host);

    return () => {
      disposed = true;
      if (resizeTimer) clearTimeout(resizeTimer);
      observer?.disconnect();
      offData();
      offExit();
      offInput();
      term.dispose();
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

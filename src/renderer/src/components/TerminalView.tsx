import { useEffect, useRef, useState } from 'react';
import type { SessionId } from '../../../shared/domain/session';
import type { TerminalExit } from '../../../shared/ipc/terminal';
import { closeTerminal, openTerminal, openTerminalLink, resizeTerminal, sendTerminalInput, watchTerminal } from '../features/terminal/actions';
import { usePanes } from '../stores/panes';
import { estimateScreenSize } from '../terminal/estimateSize';
import { afterNextPaint, PaneFeed } from '../terminal/paneFeed';
import { createDefaultScreen, TERMINAL_KEYS_HELP, type BackScreen, type CreateScreen, type TerminalScreen } from '../terminal/screen';
import { currentColorScheme, terminalTheme, watchColorScheme } from '../terminal/theme';
import { TerminalBar } from './TerminalBar';
import { TerminalFind } from './TerminalFind';

const RESIZE_SETTLE_MS = 80;

/**
 * A terminal session's pane body: one full-height xterm.js on the session's
 * PTY in the core; the terminal is the input. It opens in two steps: the
 * core's snapshot of the visible screen alone (`screenOnly`: small, painted at
 * once), then the whole scrollback, restored into a hidden screen behind it
 * that takes its place once parsed. Each snapshot says at which output offset
 * it ends; live `terminal:data` pushes are written from there on (`PaneFeed`:
 * what arrived before a snapshot is held, what it holds is skipped), so
 * nothing shows twice, out of order or not at all.
 */
export function TerminalView({ sessionId, createScreen = createDefaultScreen }: { sessionId: SessionId; createScreen?: CreateScreen }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const screenRef = useRef<TerminalScreen | null>(null);
  const [exit, setExit] = useState<TerminalExit | 'ended' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const [finding, setFinding] = useState(false);
  // The socket or the session host came back: open the screen again as the core holds it now.
  const reloads = usePanes((s) => s.reloads);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let disposed = false;
    const cleanups: Array<() => void> = [];
    setExit(null);
    setProblem(null);

    // Output is heard from before the first open leaves (the feed holds it until a screen is drawn).
    let shown: TerminalScreen | null = null;
    let back: BackScreen | null = null;
    const feed = new PaneFeed({ front: (data) => shown?.write(data), back: (data) => back?.write(data) });
    cleanups.push(
      watchTerminal(sessionId, { data: (output) => feed.live(output), exit: setExit }),
      // Closed (or opening again): this window stops getting the terminal's output until it opens it again.
      () => closeTerminal(sessionId),
      () => back?.dispose(),
    );
    const restart = generation > 0;
    // Ask for the screen now, at the size xterm will fit to, while xterm is being built (a guess, checked below).
    const guess = estimateScreenSize(host);
    const early = guess ? openTerminal(sessionId, guess, restart, true) : null;

    const attach = (term: TerminalScreen): void => {
      screenRef.current = term;
      shown = term;
      cleanups.push(() => {
        screenRef.current = null;
        term.dispose();
      });
      cleanups.push(term.onInput((data) => sendTerminalInput(sessionId, data)));
      // Follow the light/dark look live, not only the one in effect when the pane opened.
      term.setTheme(terminalTheme(currentColorScheme()));
      cleanups.push(watchColorScheme((scheme) => term.setTheme(terminalTheme(scheme))));

      // The guess was right: its answer is this screen's. Else ask again at the fitted size, once the first
      // answered (it did any restart; this one must not restart again).
      const fits = early !== null && guess?.cols === term.cols && guess.rows === term.rows;
      const screenOpen = fits ? early : early ? early.then(() => openTerminal(sessionId, term, false, true)) : openTerminal(sessionId, term, restart, true);
      void screenOpen.then((result) => {
        if (disposed) return;
        if (!result.ok) {
          setProblem(result.error.message);
          return;
        }
        feed.screen({ data: result.value.scrollback, offset: result.value.offset });
        // Not running: its exit, or (the process went with an earlier host or app) just ended, with Restart.
        if (!result.value.running) setExit(result.value.exit ?? 'ended');
        // The terminal takes the keyboard once drawn, unless the user went on to type elsewhere meanwhile
        // (a rename field, the search box): their field keeps it.
        if (!typingElsewhere(host)) term.focus();
        // Once the screen is painted, the scrollback behind it (never `restart` again: the first open did that).
        afterNextPaint(() => {
          if (!disposed) restoreScrollback();
        });
      });
      const restoreScrollback = (): void => {
        void openTerminal(sessionId, term, false).then((full) => {
          if (disposed) return;
          if (!full.ok) {
            feed.noScrollback();
            return;
          }
          back = term.behind();
          feed.scrollback({ data: full.value.scrollback, offset: full.value.offset });
          void back.show().then(() => {
            back = null;
            feed.swapped();
          });
        });
      };

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

    const options = {
      openLink: openTerminalLink,
      onShortcut: () => setFinding(true),
    };
    Promise.resolve()
      .then(() => createScreen(host, options))
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
  }, [sessionId, generation, reloads, createScreen]);

  const helpId = `terminal-keys-${sessionId}`;
  return (
    <div className="terminal-view">
      <TerminalBar sessionId={sessionId} exit={exit} problem={problem} helpId={helpId} onRestart={() => setGeneration((g) => g + 1)} />
      {finding ? (
        <TerminalFind
          screen={() => screenRef.current}
          onClose={() => {
            setFinding(false);
            screenRef.current?.focus();
          }}
        />
      ) : null}
      <div ref={hostRef} className="terminal-host" role="group" aria-label="Terminal" aria-describedby={helpId} />
      <p id={helpId} hidden>
        {TERMINAL_KEYS_HELP}
      </p>
    </div>
  );
}

/** Whether a text field outside this terminal has the keyboard now. */
function typingElsewhere(host: HTMLElement): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || host.contains(active)) return false;
  return active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active.isContentEditable;
}

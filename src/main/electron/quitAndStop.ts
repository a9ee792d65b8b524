/**
 * The menu's "Quit and Stop Agents" (issue 29): stopping the host can take its
 * 15 s grace period, so the window shows it is working; the outcome is said
 * (an OS notification as the app goes), and a failure is said too, with the
 * choice to stay or quit anyway, instead of an unhandled rejection and an app
 * that sat silent. Narrow ports, so it is unit-tested without Electron.
 */
export interface QuitAndStopPorts {
  readonly stopHost: () => Promise<{ readonly line: string; readonly exitCode: number }>;
  /** The window's busy state: title and progress bar while the agents stop. */
  readonly showProgress: (busy: boolean) => void;
  /** The outcome, said as the app goes. */
  readonly tellOutcome: (line: string) => void;
  /** Stopping threw: stay, or quit anyway (the quit step asks the host to stop once more, within its bound). */
  readonly askAfterFailure: (message: string) => Promise<'stay' | 'quit'>;
  /** Quit with the agents stopped. */
  readonly quit: () => void;
  readonly log: { info(msg: string, fields?: Record<string, unknown>): void; error(msg: string, fields?: Record<string, unknown>): void };
}

/** The menu item's click: never rejects; a click while it works is ignored. */
export function quitAndStopAgentsAction(ports: QuitAndStopPorts): () => Promise<void> {
  let busy = false;
  return async () => {
    if (busy) return;
    busy = true;
    ports.showProgress(true);
    try {
      const outcome = await ports.stopHost();
      ports.log.info('quit and stopped the agents', { line: outcome.line, exitCode: outcome.exitCode });
      ports.tellOutcome(outcome.line);
      ports.quit();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      ports.log.error('stopping the agents failed', { err });
      ports.showProgress(false);
      let choice: 'stay' | 'quit' = 'stay';
      try {
        choice = await ports.askAfterFailure(message);
      } catch (askErr) {
        ports.log.error('could not ask what to do after the failed stop', { err: askErr });
      }
      busy = false;
      if (choice === 'quit') ports.quit();
    }
  };
}

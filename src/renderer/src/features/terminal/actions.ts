import type { SessionId } from '../../../../shared/domain/session';
import type { ChannelOutput } from '../../../../shared/ipc/contract';
import type { EventPayload } from '../../../../shared/ipc/events';
import type { TerminalExit } from '../../../../shared/ipc/terminal';
import type { Result } from '../../../../shared/result';
import { api } from '../../bridge';

/**
 * A terminal pane's calls to main: open the session's PTY (screen and
 * scrollback first), keystrokes, size, Stop, links, and its output and exit as
 * they are pushed.
 */

export interface TerminalSize {
  cols: number;
  rows: number;
}

/** xterm may report 0 columns or rows before it is laid out; main wants at least 2 × 1. */
function bounded({ cols, rows }: TerminalSize): TerminalSize {
  return { cols: Math.max(2, cols), rows: Math.max(1, rows) };
}

/** `screenOnly`: the visible screen without its scrollback (a pane paints it first, then opens again for the rest). */
export function openTerminal(id: SessionId, size: TerminalSize, restart: boolean, screenOnly = false): Promise<Result<ChannelOutput<'terminal:open'>>> {
  return api().invoke('terminal:open', { id, ...bounded(size), restart, screenOnly });
}

export function sendTerminalInput(id: SessionId, data: string): void {
  void api().invoke('terminal:input', { id, data });
}

export function resizeTerminal(id: SessionId, size: TerminalSize): void {
  void api().invoke('terminal:resize', { id, ...bounded(size) });
}

/** Stop: interrupt the command running in the terminal (Ctrl-C to its job); the shell stays. */
export function interruptTerminal(id: SessionId): void {
  void api().invoke('terminal:interrupt', { id });
}

/** The pane closed (or opens again): this window stops getting the terminal's output until it opens it again. */
export function closeTerminal(id: SessionId): void {
  void api().invoke('terminal:close', { id });
}

/** A link clicked in a terminal's output: only http(s) leaves the app, through the OS browser. */
export function openTerminalLink(url: string): void {
  if (/^https?:\/\//i.test(url)) void api().invoke('app:openExternal', { url });
}

export type TerminalOutput = Pick<EventPayload<'terminal:data'>, 'data' | 'offset'>;

/** This session's output and exit as main pushes them. Returns the unsubscribe. */
export function watchTerminal(id: SessionId, on: { data: (output: TerminalOutput) => void; exit: (exit: TerminalExit) => void }): () => void {
  const offs = [
    api().on('terminal:data', (payload) => {
      if (payload.sessionId === id) on.data({ data: payload.data, offset: payload.offset });
    }),
    api().on('terminal:exit', (payload) => {
      if (payload.sessionId === id) on.exit({ exitCode: payload.exitCode, signal: payload.signal });
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}

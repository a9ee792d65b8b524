import type { Handler } from '../../router/router';
import type { TerminalContext } from '../context';

/** Nothing for the core to do: the transports stop sending that window the terminal's output (`openedSessions.ts`). */
export const terminalClose: Handler<'terminal:close', TerminalContext> = async () => ({});

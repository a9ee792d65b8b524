import type { Handler } from '../../router/router';
import type { TerminalContext } from '../context';

export const terminalInterrupt: Handler<'terminal:interrupt', TerminalContext> = async (input, s) => {
  await s.terminals.interrupt(input.id);
  return {};
};

import type { Handler } from '../../router/router';
import type { TerminalContext } from '../context';

export const terminalResize: Handler<'terminal:resize', TerminalContext> = (input, s) => {
  s.terminals.resize(input.id, input.cols, input.rows);
  return {};
};

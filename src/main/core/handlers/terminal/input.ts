import type { Handler } from '../../router/router';
import type { TerminalContext } from '../context';

export const terminalInput: Handler<'terminal:input', TerminalContext> = async (input, s) => {
  await s.terminals.input(input.id, input.data);
  return {};
};

import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { terminalsOf } from './service';

export const terminalInput: Handler<'terminal:input', Services> = async (input, s) => {
  await terminalsOf(s).input(input.id, input.data);
  return {};
};

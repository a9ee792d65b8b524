import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { terminalsOf } from './service';

export const terminalInterrupt: Handler<'terminal:interrupt', Services> = async (input, s) => {
  await terminalsOf(s).interrupt(input.id);
  return {};
};

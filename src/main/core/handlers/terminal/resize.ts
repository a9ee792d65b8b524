import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { terminalsOf } from './service';

export const terminalResize: Handler<'terminal:resize', Services> = (input, s) => {
  terminalsOf(s).resize(input.id, input.cols, input.rows);
  return {};
};

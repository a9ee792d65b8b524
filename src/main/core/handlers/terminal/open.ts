import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { terminalsOf } from './service';

export const terminalOpen: Handler<'terminal:open', Services> = (input, s) =>
  terminalsOf(s).open(input.id, input.cols, input.rows, input.restart);

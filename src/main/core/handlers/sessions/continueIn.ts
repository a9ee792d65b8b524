import type { Handler } from '../../router/router';
import type { Services } from '../../services';
import { continueIn } from '../../usecases/continueIn';

export const sessionsContinueIn: Handler<'sessions:continueIn', Services> = (input, s) => continueIn(s, input);

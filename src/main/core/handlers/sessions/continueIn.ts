import type { Handler } from '../../router/router';
import type { SessionsContext } from '../context';
import { continueIn } from '../../usecases/continueIn';

export const sessionsContinueIn: Handler<'sessions:continueIn', SessionsContext> = (input, s) => continueIn(s, input);

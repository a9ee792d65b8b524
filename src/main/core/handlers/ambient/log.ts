import type { Handler } from '../../router/router';
import type { AmbientContext } from '../context';

export const ambientLog: Handler<'ambient:log', AmbientContext> = (input, s) => s.ambient.engine.callLog(input.sessionId, input.limit);

import type { Handler } from '../../router/router';
import type { HostContext } from '../context';

/** Fronts answer this themselves (they start hosts); reaching the core means a host is running. */
export const hostStart: Handler<'host:start', HostContext> = () => ({ started: false, message: 'The session host is running.' });

import type { Handler } from '../../router/router';
import type { HostsContext } from '../context';
import { AppError } from '../../../../shared/result';

/*
 * Remote hosts are the session host's federation's (src/main/host/federation/): it answers
 * `hosts:*` before the core's router is asked. Reaching the core means this core is served
 * without the session host (a test, a bench), where no remote host can be reached.
 */
const unserved = (): never => {
  throw new AppError('UNAVAILABLE', 'Remote hosts are reached through the session host, which is not running here.');
};

export const hostsList: Handler<'hosts:list', HostsContext> = unserved;
export const hostsAdd: Handler<'hosts:add', HostsContext> = unserved;
export const hostsRemove: Handler<'hosts:remove', HostsContext> = unserved;
export const hostsReconnect: Handler<'hosts:reconnect', HostsContext> = unserved;
export const hostsSetSshConfig: Handler<'hosts:setSshConfig', HostsContext> = unserved;

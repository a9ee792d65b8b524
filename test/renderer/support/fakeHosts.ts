import type { HostsView, RemoteHostInfo, SshConfig } from '../../../src/shared/ipc/hosts';
import type { FakeApi } from './fakeApi';

/**
 * The session host's federation as a test stands it in (renderer tests only): `hosts:*` keep a
 * `HostsView` as the federation does (add answers `connecting`, remove forgets, reconnect answers
 * `connecting`; a change that saves drops `fileProblem`), and `set` changes it and pushes `hosts:changed`,
 * as a link's state change would.
 */
export class FakeHosts {
  view: HostsView;

  constructor(
    private readonly api: FakeApi,
    hosts: RemoteHostInfo[] = [],
    sshConfig: SshConfig = { path: null, source: null },
  ) {
    this.view = { hosts, sshConfig };
    api.override('hosts:list', () => ({ ok: true, value: this.view }));
    api.override('hosts:add', ({ destination }) => {
      if (this.view.hosts.some((h) => h.name === destination)) return { ok: false, error: { code: 'BAD_INPUT', message: `A host named ${destination} is added already.` } };
      this.view = { ...this.saved(), hosts: [...this.view.hosts, host(destination, 'connecting')] };
      return { ok: true, value: this.view };
    });
    api.override('hosts:remove', ({ name }) => {
      this.view = { ...this.saved(), hosts: this.view.hosts.filter((h) => h.name !== name) };
      return { ok: true, value: this.view };
    });
    api.override('hosts:reconnect', ({ name }) => {
      this.view = { ...this.view, hosts: this.view.hosts.map((h) => (h.name === name ? host(name, 'connecting') : h)) };
      return { ok: true, value: this.view };
    });
    api.override('hosts:setSshConfig', ({ path }) => {
      if (this.view.sshConfig.source !== 'env') this.view = { ...this.saved(), sshConfig: { path, source: path === null ? null : 'setting' } };
      return { ok: true, value: this.view };
    });
  }

  /** The view once a change saved a fresh hosts.json: no file problem any more. */
  private saved(): HostsView {
    const { fileProblem: _gone, ...rest } = this.view;
    return rest;
  }

  /** A host's link changed state: kept and pushed. */
  set(info: RemoteHostInfo): void {
    const known = this.view.hosts.some((h) => h.name === info.name);
    this.view = { ...this.view, hosts: known ? this.view.hosts.map((h) => (h.name === info.name ? info : h)) : [...this.view.hosts, info] };
    this.api.push('hosts:changed', this.view);
  }
}

/** A host in a state, with the federation's kind of message. */
export function host(name: string, state: RemoteHostInfo['state'], message?: string, hint: string | null = null): RemoteHostInfo {
  const said: Record<RemoteHostInfo['state'], string> = {
    connecting: `Connecting to ${name}…`,
    connected: `Connected to ${name}.`,
    reconnecting: `Reconnecting to ${name}…`,
    unreachable: `ssh: connect to host ${name} port 22: Connection refused`,
  };
  return { name, state, message: message ?? said[state], hint };
}

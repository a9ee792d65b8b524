import { HostNameSchema, type HostName, type HostsView } from '../../../../shared/ipc/hosts';
import type { Result } from '../../../../shared/result';
import { api } from '../../bridge';
import { setHostsUnavailable, setHostsView } from './store';

/** Remote hosts' calls to the session host's federation: the list, add, remove, try again, the ssh config file. */

/** What Settings → Hosts says when the core runs without the session host (it answers UNAVAILABLE). */
export const NEEDS_SESSION_HOST = 'Remote hosts need the session host, which is not running here.';

/** An action's outcome for the form that asked: done, or why not in words. */
export type HostsOutcome = { ok: true } | { ok: false; message: string };

function failed(code: string, message: string): string {
  return code === 'UNAVAILABLE' ? NEEDS_SESSION_HOST : message;
}

/** The hosts at start (and after a reconnect): a refusal leaves none, with why. */
export async function loadHosts(): Promise<void> {
  const result = await api().invoke('hosts:list', {});
  if (result.ok) setHostsView(result.value);
  else setHostsUnavailable(failed(result.error.code, result.error.message));
}

/** The `hosts:changed` push: a host was added or removed, or its link's state changed. */
export function hostsPushed(view: HostsView): void {
  setHostsView(view);
}

/** Whether `text` can be a host's name (an SSH destination): null when it can, else why not. */
export function destinationProblem(text: string): string | null {
  if (text.trim() === '') return 'Type an SSH destination: user@box, or a Host alias from your ssh config.';
  const parsed = HostNameSchema.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Not an SSH destination.');
}

async function apply(result: Promise<Result<HostsView>>): Promise<HostsOutcome> {
  const reply = await result;
  if (reply.ok) {
    setHostsView(reply.value);
    return { ok: true };
  }
  return { ok: false, message: failed(reply.error.code, reply.error.message) };
}

/** Adds a host by its SSH destination (checked here first); it starts connecting, pushes follow. */
export async function addHost(destination: string): Promise<HostsOutcome> {
  const problem = destinationProblem(destination);
  if (problem) return { ok: false, message: problem };
  return apply(api().invoke('hosts:add', { destination: destination.trim() }));
}

/** Forgets a host; its sessions stay on that machine. */
export function removeHost(name: HostName): Promise<HostsOutcome> {
  return apply(api().invoke('hosts:remove', { name }));
}

/** "Try again" on an unreachable host. */
export function reconnectHost(name: HostName): Promise<HostsOutcome> {
  return apply(api().invoke('hosts:reconnect', { name }));
}

/** The ssh config file to pass as `ssh -F` (blank: ssh's own). */
export function setSshConfigFile(path: string): Promise<HostsOutcome> {
  const trimmed = path.trim();
  return apply(api().invoke('hosts:setSshConfig', { path: trimmed === '' ? null : trimmed }));
}

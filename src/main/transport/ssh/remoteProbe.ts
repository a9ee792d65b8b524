import { remoteSh, type SshOptions } from './sshArgs';
import { isSuitableNode } from './hostBundle';
import { runSsh } from './sshRun';
import { RemoteHostError } from './sshErrors';

/** What one ssh command learns of a remote before Swarmdesk starts its host there. */
export interface RemoteProbe {
  /** The remote's Swarmdesk home: `$SWARMDESK_REMOTE_HOME`, else `~/.swarmdesk` (absolute, as the remote says it). */
  readonly home: string;
  /** `uname -s` and `uname -m`, as the remote says them. */
  readonly os: string;
  readonly arch: string;
  /** `node --version` on the remote's PATH, or null. */
  readonly systemNode: string | null;
  /** `<home>/<installId>/` holds a complete install (its install.json, written last, before the rename). */
  readonly installed: boolean;
  /** That install brought its own Node (`node/bin/node`). */
  readonly bundledNode: boolean;
}

const BEGIN = 'swarmdesk-probe-begin';
const END = 'swarmdesk-probe-end';
const PROBE_TIMEOUT_MS = 30_000;

/** The probe's script for the remote's sh; `id` is checked by the caller to be a plain name. */
export function probeScript(installId: string): string {
  return [
    'home="${SWARMDESK_REMOTE_HOME:-$HOME/.swarmdesk}"',
    `echo ${BEGIN}`,
    'echo "home=$home"',
    'echo "os=$(uname -s 2>/dev/null)"',
    'echo "arch=$(uname -m 2>/dev/null)"',
    'echo "node=$(node --version 2>/dev/null)"',
    `if [ -f "$home/${installId}/install.json" ]; then echo installed=yes; fi`,
    `if [ -x "$home/${installId}/node/bin/node" ]; then echo bundledNode=yes; fi`,
    `echo ${END}`,
  ].join('\n');
}

/** Reads the probe's lines between its markers (a login script may print before them). */
export function parseProbe(destination: string, stdout: string): RemoteProbe {
  const begin = stdout.lastIndexOf(`${BEGIN}\n`);
  const end = stdout.indexOf(END, begin);
  if (begin < 0 || end < 0) throw new RemoteHostError('BRIDGE', destination, '', `${destination} did not run Swarmdesk's check of the remote (no POSIX sh?).`);
  const values = new Map<string, string>();
  for (const line of stdout.slice(begin + BEGIN.length + 1, end).split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) values.set(line.slice(0, eq), line.slice(eq + 1).trim());
  }
  const node = values.get('node') ?? '';
  return {
    home: values.get('home') ?? '',
    os: values.get('os') ?? '',
    arch: values.get('arch') ?? '',
    systemNode: node.length > 0 ? node : null,
    installed: values.get('installed') === 'yes',
    bundledNode: values.get('bundledNode') === 'yes',
  };
}

export async function probeRemote(destination: string, installId: string, ssh: SshOptions): Promise<RemoteProbe> {
  if (!/^[A-Za-z0-9._-]+$/.test(installId)) throw new Error(`Not an install name: ${installId}`);
  const result = await runSsh(destination, remoteSh(probeScript(installId)), ssh, { timeoutMs: PROBE_TIMEOUT_MS });
  const probe = parseProbe(destination, result.stdout);
  if (!probe.home.startsWith('/')) throw new RemoteHostError('BRIDGE', destination, '', `${destination} gave no absolute home folder for Swarmdesk (is $HOME set there?).`);
  return probe;
}

/** The platforms whose native parts (node-pty, better-sqlite3, Node itself) Swarmdesk can bring today. */
export function isServablePlatform(probe: Pick<RemoteProbe, 'os' | 'arch'>): boolean {
  return probe.os === 'Linux' && probe.arch === 'x86_64';
}

/** The remote's Node for the host: the one the install brought, else its own when new enough; null: bring one. */
export function remoteNodeOf(probe: RemoteProbe, installDir: string): string | null {
  if (probe.installed && probe.bundledNode) return `${installDir}/node/bin/node`;
  return isSuitableNode(probe.systemNode) ? 'node' : null;
}

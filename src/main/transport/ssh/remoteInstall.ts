import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { HostBundle } from './hostBundle';
import { remoteSh, shQuote, type SshOptions } from './sshArgs';
import { RemoteHostError } from './sshErrors';
import { runSsh } from './sshRun';

/** An install streams tens of MB (a hundred more with Node): bounded, generously. */
const INSTALL_TIMEOUT_MS = 5 * 60_000;
const DONE = 'swarmdesk-installed';

/** Never loaded at run time: types, source maps, sources of prebuilt binaries, other platforms' binaries. */
const EXCLUDE = ['*.d.ts', '*.d.mts', '*.d.cts', '*.map', 'node_modules/better-sqlite3/deps', 'node_modules/better-sqlite3/src', '*/prebuilds/darwin-*', '*/prebuilds/win32-*', '*/prebuilds/*arm64*'];

/**
 * A tar.gz of the bundle as the remote folder will hold it, streamed (never
 * written locally): a staging folder of symlinks, read through (`tar -h`).
 * `node` is a Node binary to bring along as `node/bin/node`.
 */
function bundleStream(bundle: HostBundle, node: string | null): { stream: Readable; done: Promise<string | null>; cleanup: () => void } {
  const stage = mkdtempSync(join(tmpdir(), 'swarmdesk-bundle-'));
  const link = (target: string, path: string): void => {
    mkdirSync(dirname(join(stage, path)), { recursive: true });
    symlinkSync(target, join(stage, path));
  };
  for (const path of bundle.paths) link(join(bundle.root, path), path);
  if (node !== null) link(node, 'node/bin/node');
  const tops = [...new Set([...bundle.paths.map((p) => p.split('/')[0] as string), ...(node !== null ? ['node'] : [])])];
  const tar = spawn('tar', ['-c', '-h', '-f', '-', '-C', stage, ...EXCLUDE.map((e) => `--exclude=${e}`), ...tops], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  tar.stderr.setEncoding('utf8').on('data', (c: string) => {
    stderr = (stderr + c).slice(-4_000);
  });
  const done = new Promise<string | null>((resolve) => {
    tar.once('error', (err) => resolve(err.message));
    tar.once('exit', (code) => resolve(code === 0 ? null : `tar ended with ${code}: ${stderr.trim()}`));
  });
  const gzip = createGzip({ level: 1 });
  tar.stdout.pipe(gzip);
  return {
    stream: gzip,
    done,
    cleanup: () => {
      tar.kill();
      rmSync(stage, { recursive: true, force: true });
    },
  };
}

/**
 * The remote half: unpack into `<id>.partial-<pid>/`, mark it complete, rename it to `<id>/` (a reader sees
 * all or nothing). Two fronts installing at once each unpack their own; the second to finish keeps the
 * first's, unless `replace` (the install there lacks what this remote needs now: the Node it used is gone).
 * What an interrupted install left (a partial folder over an hour old) is removed, and so are other
 * versions' installs no running process uses (PRUNE_OLD_INSTALLS).
 */
export function installScript(home: string, installId: string, manifest: string, replace = false): string {
  return [
    'set -e',
    `home=${shQuote(home)}`,
    `id=${shQuote(installId)}`,
    // Explicit modes, not a umask: the home (the data folder's parent) and each install are the user's only.
    'mkdir -p -m 700 "$home"',
    'find "$home" -maxdepth 1 -name "$id.partial*" -mmin +60 -exec rm -rf {} + 2>/dev/null || true',
    'part="$home/$id.partial-$$"',
    'rm -rf "$part"',
    'mkdir -m 700 "$part"',
    'tar -xzf - -C "$part"',
    `printf '%s\\n' ${shQuote(manifest)} > "$part/install.json"`,
    'chmod -R go= "$part"',
    replace
      ? 'rm -rf "$home/$id.old-$$"; if [ -d "$home/$id" ]; then mv "$home/$id" "$home/$id.old-$$"; fi; mv "$part" "$home/$id"; rm -rf "$home/$id.old-$$"'
      : 'if [ -f "$home/$id/install.json" ]; then rm -rf "$part"; else rm -rf "$home/$id"; mv "$part" "$home/$id"; fi',
    ...PRUNE_OLD_INSTALLS,
    `echo ${DONE}`,
  ].join('\n');
}

/**
 * After an install: the other complete installs under the home (`<home>/<id>/install.json`) go,
 * except one a running process uses (its command line names the folder: an older host still serving
 * its agents, its bridge). Partial and replaced folders are the installs' own business; `data` has no
 * install.json. One grep over /proc per old install; where there is no /proc nothing is removed.
 */
const PRUNE_OLD_INSTALLS = [
  'if [ -d /proc/self ]; then',
  '  for old in "$home"/*/install.json; do',
  '    [ -f "$old" ] || continue',
  '    dir="${old%/install.json}"',
  '    name="${dir##*/}"',
  '    case "$name" in "$id"|*.partial*|*.old-*) continue ;; esac',
  // The glob is expanded before grep starts: grep's own command line (which names the folder) is not read.
  '    if grep -qsF "$dir/" /proc/[0-9]*/cmdline; then continue; fi',
  '    rm -rf "$dir" || true',
  '  done',
  'fi',
];

/**
 * Installs the host bundle on the remote over the destination's SSH
 * connection into `<home>/<installId>/` (atomic: unpacked beside it, then
 * renamed), with a Node binary when `node` names one. Returns the folder.
 */
export async function installHost(destination: string, home: string, bundle: HostBundle, node: string | null, ssh: SshOptions, replace = false): Promise<string> {
  const tar = bundleStream(bundle, node);
  const manifest = JSON.stringify({ installId: bundle.installId, node: node !== null ? 'bundled' : 'system', installedAt: new Date().toISOString() });
  try {
    const result = await runSsh(destination, remoteSh(installScript(home, bundle.installId, manifest, replace)), ssh, { input: tar.stream, timeoutMs: INSTALL_TIMEOUT_MS });
    const tarError = await tar.done;
    if (tarError !== null) throw new RemoteHostError('INSTALL', destination, '', `Swarmdesk could not pack its host for ${destination}: ${tarError}`);
    if (result.code !== 0 || !result.stdout.includes(DONE)) {
      throw new RemoteHostError('INSTALL', destination, result.stderr.trim(), `Installing Swarmdesk's host in ${home} on ${destination} failed (exit ${result.code}); is there room, and tar on the remote?`);
    }
    return `${home}/${bundle.installId}`;
  } finally {
    tar.cleanup();
  }
}

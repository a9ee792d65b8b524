import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * scripts/node24.mjs under a Node older than the project needs. The "old node" is a tiny `node` script
 * first on PATH that runs this Node with process.versions.node reporting 18.19.1 (what Debian 12 ships);
 * the Node 24 cache is a temp folder holding a link to this Node, or an empty one with npm offline, so
 * nothing is downloaded.
 */
const root = resolve(import.meta.dirname, '../..');
const launcher = (await import(pathToFileURL(join(root, 'scripts/node24.mjs')).href)) as {
  isSupported(v: string): boolean;
  nodePackageName(platform: string, arch: string): string | null;
};
const work = mkdtempSync(join(tmpdir(), 'swarmdesk-node24-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const fakeBin = join(work, 'bin');
mkdirSync(fakeBin);
writeFileSync(join(work, 'pretend18.mjs'), "Object.defineProperty(process.versions, 'node', { value: '18.19.1' });\n");
writeFileSync(join(fakeBin, 'node'), `#!/bin/sh\nexec "${process.execPath}" --import "${pathToFileURL(join(work, 'pretend18.mjs')).href}" "$@"\n`);
chmodSync(join(fakeBin, 'node'), 0o755);

/** A script that goes through the launcher, then says which Node it ended up on. */
const probe = join(work, 'probe.mjs');
writeFileSync(
  probe,
  `import { runOnSupportedNode } from ${JSON.stringify(pathToFileURL(join(root, 'scripts/node24.mjs')).href)};\n` +
    `await runOnSupportedNode();\nconsole.log(JSON.stringify({ node: process.versions.node, args: process.argv.slice(2) }));\n`,
);

const pkg = launcher.nodePackageName(process.platform, process.arch);
const filledCache = join(work, 'cache-filled');
if (pkg) {
  mkdirSync(join(filledCache, 'node_modules', pkg, 'bin'), { recursive: true });
  symlinkSync(process.execPath, join(filledCache, 'node_modules', pkg, 'bin', 'node'));
}

function runOld(args: string[], env: Record<string, string>) {
  const r = spawnSync('node', args, {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, PATH: fakeBin + delimiter + (process.env.PATH ?? ''), SWARMDESK_NODE_RELAUNCHED: '', ...env },
  });
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

describe('the Node launcher', () => {
  it('knows which versions the project runs on', () => {
    expect(['18.19.1', 'v20.20.2', '22.11.0'].map(launcher.isSupported)).toEqual([false, false, false]);
    expect(['22.12.0', 'v24.1.0', '25.0.0'].map(launcher.isSupported)).toEqual([true, true, true]);
  });

  it.skipIf(pkg === null)('relaunches a script started on an old Node on the cached Node 24, saying so in one line', () => {
    const r = runOld([probe, '--port', '0'], { SWARMDESK_NODE_CACHE: filledCache });
    expect(r.signal).toBeNull();
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout.trim())).toEqual({ node: process.versions.node, args: ['--port', '0'] });
    expect(r.stderr.trim().split('\n')).toEqual([`Node 18.19.1 is older than Swarmdesk needs (22.12+): running on Node 24 from ${filledCache}.`]);
  });

  it.skipIf(pkg === null)('takes `npm run bench` (scripts/bench.mjs) through the same relaunch', () => {
    const r = runOld(['scripts/bench.mjs', 'no-such-bench'], { SWARMDESK_NODE_CACHE: filledCache });
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('Node 18.19.1 is older than Swarmdesk needs (22.12+): running on Node 24');
    expect(r.stdout).toContain('0 rows (0 held against a floor in the same run, 0 absolute), 0 within budget, 0 over');
  });

  it.skipIf(pkg === null)('stops at once with a message naming the version when Node 24 cannot be fetched', () => {
    const emptyCache = join(work, 'cache-empty');
    const r = runOld([probe], {
      SWARMDESK_NODE_CACHE: emptyCache,
      npm_config_offline: 'true',
      npm_config_cache: join(work, 'npm-cache'),
      npm_config_registry: 'http://127.0.0.1:9/',
    });
    expect(r.signal).toBeNull();
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`(fetching ${pkg}@24 from the npm registry once)`);
    expect(r.stderr).toMatch(/Swarmdesk needs Node 22\.12 or newer; this is Node 18\.19\.1, and Node 24 could not be fetched \(.+\)\. Install Node 22\.12 or newer and try again\./);
  });
});

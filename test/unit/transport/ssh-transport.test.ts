import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installScript } from '../../../src/main/transport/ssh/remoteInstall';
import { importedPackages, isSuitableNode } from '../../../src/main/transport/ssh/hostBundle';
import { isServablePlatform, parseProbe } from '../../../src/main/transport/ssh/remoteProbe';
import { BadDestinationError, checkDestination, shQuote, sshArgs, sshConfigFile } from '../../../src/main/transport/ssh/sshArgs';
import { classifySshFailure, RemoteHostError, sshFailure } from '../../../src/main/transport/ssh/sshErrors';

// The pure parts of the SSH transport (issue 17); the whole of it runs against a real sshd in
// test/integration/remote-ssh.test.ts.

const ssh = { configFile: '/tmp/cfg', controlDir: '/tmp/cm' };

describe('how ssh is run', () => {
  it('passes the destination as typed, after --, with -F, BatchMode, keep-alives and one multiplexed connection', () => {
    const args = sshArgs('dev@box', 'echo hi', ssh);
    expect(args.slice(0, 3)).toEqual(['-F', '/tmp/cfg', '-T']);
    expect(args).toEqual(expect.arrayContaining(['BatchMode=yes', 'ServerAliveInterval=15', 'ServerAliveCountMax=3', 'ControlMaster=auto', 'ControlPersist=60']));
    // One master connection per destination as typed: two aliases of one server do not share one (nor its SetEnv).
    const path = (dest: string): string | undefined => sshArgs(dest, 'true', ssh).find((a) => a.startsWith('ControlPath='));
    expect(path('dev@box')).toMatch(/^ControlPath=\/tmp\/cm\/[0-9a-f]{16}$/);
    expect(path('box')).not.toBe(path('oldbox'));
    expect(path('box')).toBe(path('box'));
    expect(args.slice(-3)).toEqual(['--', 'dev@box', 'echo hi']);
    expect(sshArgs('box', 'true', { ...ssh, configFile: null })).not.toContain('-F');
  });

  it('refuses a destination ssh could read as an option or as more than one word', () => {
    for (const bad of ['-oProxyCommand=touch /tmp/x', 'box extra', 'box\nHost *', '']) expect(() => checkDestination(bad)).toThrow(BadDestinationError);
    expect(checkDestination('user@gpu-01.example.com')).toBe('user@gpu-01.example.com');
  });

  it('takes the config file from SWARMDESK_SSH_CONFIG over the setting, else the user\'s own', () => {
    expect(sshConfigFile({ SWARMDESK_SSH_CONFIG: '/a' }, '/b')).toBe('/a');
    expect(sshConfigFile({}, '/b')).toBe('/b');
    expect(sshConfigFile({}, null)).toBeNull();
  });

  it('quotes for a POSIX shell', () => {
    expect(shQuote("it's")).toBe(`'it'\\''s'`);
  });
});

describe("OpenSSH's failures", () => {
  const cases: Array<[string, string]> = [
    ['HOST_KEY_CHANGED', '@@@@\n@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @\n@@@@\nHost key verification failed.\n'],
    ['HOST_KEY_UNKNOWN', 'No ED25519 host key is known for [127.0.0.1]:2222 and you have requested strict checking.\r\nHost key verification failed.\r\n'],
    ['AUTH_REFUSED', 'root@127.0.0.1: Permission denied (publickey).\n'],
    ['UNRESOLVED', 'ssh: Could not resolve hostname nowhere.invalid: Name or service not known\n'],
    ['CONNECTION_REFUSED', 'ssh: connect to host 127.0.0.1 port 1: Connection refused\n'],
    ['UNREACHABLE', 'ssh: connect to host 10.255.255.1 port 22: Connection timed out\n'],
  ];
  it.each(cases)('%s keeps OpenSSH\'s words and adds one line of what to do', (code, stderr) => {
    const error = classifySshFailure('box', stderr);
    expect(error?.code).toBe(code);
    expect(error?.sshSays).toBe(stderr.split(/\r?\n/).filter((l) => l.trim()).join('\n'));
    expect(error?.advice.split('\n')).toHaveLength(1);
    expect(error?.message).toBe(`${error?.sshSays}\n${error?.advice}`);
  });

  it('anything else is a plain failure that still shows what ssh printed', () => {
    const error = sshFailure('box', 'kex_exchange_identification: read: Connection reset\n', 255);
    expect(error).toBeInstanceOf(RemoteHostError);
    expect(error.code).toBe('UNREACHABLE');
    expect(sshFailure('box', 'something new\n', 255)).toMatchObject({ code: 'SSH_FAILED', sshSays: 'something new' });
  });
});

describe('the remote probe and the bundle', () => {
  it('reads the probe between its markers, past what a login script printed', () => {
    const out = 'Welcome to box!\nswarmdesk-probe-begin\nhome=/home/dev/.swarmdesk\nos=Linux\narch=x86_64\nnode=v20.1.0\ninstalled=yes\nswarmdesk-probe-end\n';
    expect(parseProbe('box', out)).toEqual({ home: '/home/dev/.swarmdesk', os: 'Linux', arch: 'x86_64', systemNode: 'v20.1.0', installed: true, bundledNode: false });
    expect(() => parseProbe('box', 'fish: Unknown command\n')).toThrow(RemoteHostError);
  });

  it('serves Linux x64 only, and wants Node 22.12 or newer', () => {
    expect(isServablePlatform({ os: 'Linux', arch: 'x86_64' })).toBe(true);
    expect(isServablePlatform({ os: 'Linux', arch: 'aarch64' })).toBe(false);
    expect(isServablePlatform({ os: 'FreeBSD', arch: 'amd64' })).toBe(false);
    expect(['v22.12.0', 'v23.0.1', 'v24.1.0'].map(isSuitableNode)).toEqual([true, true, true]);
    expect(['v22.11.9', 'v20.20.2', '', null].map(isSuitableNode)).toEqual([false, false, false, false]);
  });

  it('finds the packages built code loads: imports, dynamic imports and createRequire calls, by package', () => {
    const code = 'import { z } from "zod";\nimport Database from "better-sqlite3";\nimport { x } from "./chunks/a.js";\nimport { readFileSync } from "node:fs";\n' +
      'const m = await import("@anthropic-ai/sdk/core");\nvar requireCjs = createRequire(import.meta.url);\nvar { Terminal } = requireCjs("@xterm/headless");\nconst t = `from "${out.trim()}"`;';
    expect([...importedPackages(code)].sort()).toEqual(['@anthropic-ai/sdk', '@xterm/headless', 'better-sqlite3', 'zod']);
  });
});

describe("the install's remote half (sh and tar, run here)", () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  /** Runs the install script with a tar of `files` on stdin, as ssh would run it on the remote. */
  function install(home: string, id: string, files: Record<string, string>, replace = false, umask = '022'): Promise<number | null> {
    const src = mkdtempSync(join(tmpdir(), 'swarmdesk-install-src-'));
    dirs.push(src);
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(src, name, '..'), { recursive: true });
      writeFileSync(join(src, name), text, { mode: name.includes('/bin/') ? 0o755 : 0o644 });
    }
    const tar = spawnSync('tar', ['-cz', '-f', '-', '-C', src, '.']);
    return new Promise((resolve) => {
      // The login's umask, as ssh's session hands it over (a permissive one unless told).
      const sh = spawn('sh', ['-c', `umask ${umask}\n${installScript(home, id, JSON.stringify({ installId: id }), replace)}`], { stdio: ['pipe', 'ignore', 'inherit'] });
      sh.once('exit', resolve);
      sh.stdin.end(tar.stdout);
    });
  }

  it('two installs at once leave one whole folder and no partial one', async () => {
    const home = mkdtempSync(join(tmpdir(), 'swarmdesk-remote-home-'));
    dirs.push(home);
    const codes = await Promise.all([install(home, '0.1.0-abc', { 'out/main/host.js': 'first' }), install(home, '0.1.0-abc', { 'out/main/host.js': 'second' })]);
    expect(codes).toEqual([0, 0]);
    expect(readdirSync(home)).toEqual(['0.1.0-abc']);
    expect(['first', 'second']).toContain(readFileSync(join(home, '0.1.0-abc', 'out', 'main', 'host.js'), 'utf8'));
    expect(JSON.parse(readFileSync(join(home, '0.1.0-abc', 'install.json'), 'utf8'))).toEqual({ installId: '0.1.0-abc' });
    // A complete install is kept as it is by a later one of the same id.
    expect(await install(home, '0.1.0-abc', { 'out/main/host.js': 'third' })).toBe(0);
    expect(readFileSync(join(home, '0.1.0-abc', 'out', 'main', 'host.js'), 'utf8')).not.toBe('third');
    // Unless it must be replaced (it lacks the Node this remote now needs).
    expect(await install(home, '0.1.0-abc', { 'out/main/host.js': 'fourth', 'node/bin/node': '' }, true)).toBe(0);
    expect(readFileSync(join(home, '0.1.0-abc', 'out', 'main', 'host.js'), 'utf8')).toBe('fourth');
    expect(readdirSync(home)).toEqual(['0.1.0-abc']);
  });

  it('a new install removes other versions’ installs, never one a running process uses, nor the data or a partial install', async () => {
    const home = mkdtempSync(join(tmpdir(), 'swarmdesk-remote-home-'));
    dirs.push(home);
    for (const [dir, files] of Object.entries({ '0.0.9-old': ['install.json', 'out/main/host.js'], '0.0.8-busy': ['install.json', 'out/main/host.js'], data: ['swarmdesk.db'], '0.2.0-new.partial-77': ['install.json'] })) {
      for (const f of files) {
        mkdirSync(join(home, dir, f, '..'), { recursive: true });
        writeFileSync(join(home, dir, f), '');
      }
    }
    // An older host still running from its install (its command line names the folder).
    const busy = spawn('sh', ['-c', 'sleep 600', join(home, '0.0.8-busy', 'out', 'main', 'host.js')], { stdio: 'ignore' });
    try {
      expect(await install(home, '0.1.0-abc', { 'out/main/host.js': 'new' })).toBe(0);
      expect(readdirSync(home).sort()).toEqual(['0.0.8-busy', '0.1.0-abc', '0.2.0-new.partial-77', 'data']);
      expect(readdirSync(join(home, 'data'))).toEqual(['swarmdesk.db']);
    } finally {
      busy.kill('SIGKILL');
    }
    // Once nothing runs from it, the next install takes it away too.
    await new Promise((resolve) => (busy.exitCode !== null || busy.signalCode !== null ? resolve(null) : busy.once('exit', resolve)));
    expect(await install(home, '0.1.1-def', { 'out/main/host.js': 'newer' })).toBe(0);
    expect(readdirSync(home).sort()).toEqual(['0.1.1-def', '0.2.0-new.partial-77', 'data']);
  });

  it("under a permissive umask (022) the home and the install are the user's only, by explicit modes; a program stays runnable", async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'swarmdesk-remote-parent-')), '.swarmdesk');
    dirs.push(join(home, '..'));
    expect(await install(home, '0.1.0-abc', { 'out/main/host.js': 'code', 'node/bin/node': '#!/bin/sh\n' })).toBe(0);
    const modeOf = (rel: string): number => statSync(join(home, rel)).mode & 0o777;
    expect(modeOf('.')).toBe(0o700);
    expect(modeOf('0.1.0-abc')).toBe(0o700);
    expect(modeOf('0.1.0-abc/out/main')).toBe(0o700);
    expect(modeOf('0.1.0-abc/out/main/host.js')).toBe(0o600);
    expect(modeOf('0.1.0-abc/install.json')).toBe(0o600);
    expect(modeOf('0.1.0-abc/node/bin/node')).toBe(0o700);
  });
});

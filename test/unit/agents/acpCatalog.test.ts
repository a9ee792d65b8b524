import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { AcpCatalog } from '../../../src/main/core/agents/acp/catalog';
import { envSettings } from '../../../src/main/core/services/preferences';
import type { AcpSettings } from '../../../src/shared/ipc/acp';
import { tempDataDir } from '../store/tempDir';

let root: string;
const none: AcpSettings = { geminiPath: null, codexAcpPath: null, qwenPath: null, custom: [], mcpServers: {} };

function exe(path: string): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, 0o755);
  return path;
}

beforeEach(() => {
  root = tempDataDir();
});

describe('AcpCatalog', () => {
  it('finds a built-in agent at its setting, then its SWARMDESK_*_PATH, then on PATH', () => {
    const onPath = exe(join(root, 'bin', 'gemini'));
    const fromEnv = exe(join(root, 'env', 'gemini'));
    const fromSettings = exe(join(root, 'settings', 'gemini'));
    const env = { PATH: join(root, 'bin'), SWARMDESK_GEMINI_PATH: fromEnv };
    expect(new AcpCatalog({ settings: () => none, env: { PATH: join(root, 'bin') } }).launch('gemini')).toMatchObject({ command: onPath, args: ['--acp'], audience: 'acp-gemini' });
    expect(new AcpCatalog({ settings: () => none, env }).launch('gemini').command).toBe(fromEnv);
    expect(new AcpCatalog({ settings: () => ({ ...none, geminiPath: fromSettings }), env }).launch('gemini').command).toBe(fromSettings);
  });

  it('lists a missing built-in agent as unavailable with its install hint; launching it is UNAVAILABLE with the hint', () => {
    const c = new AcpCatalog({ settings: () => none, env: { PATH: join(root, 'empty'), SWARMDESK_CODEX_ACP_PATH: join(root, 'nope', 'codex-acp') } });
    const list = c.list();
    expect(list.map((a) => [a.id, a.name, a.available, a.installHint])).toEqual([
      ['gemini', 'Gemini CLI', false, 'npm install -g @google/gemini-cli'],
      ['codex', 'Codex', false, 'npm install -g @zed-industries/codex-acp'],
      ['qwen', 'Qwen Code', false, 'npm install -g @qwen-code/qwen-code'],
    ]);
    expect(list[1]?.reason).toBe(`Codex (SWARMDESK_CODEX_ACP_PATH) was not found at ${join(root, 'nope', 'codex-acp')}.`);
    expect(() => c.launch('codex')).toThrow(expect.objectContaining({ code: 'UNAVAILABLE', message: expect.stringContaining('npm install -g @zed-industries/codex-acp') }));
  });

  it("a user's own agent: its command (a path or a name on PATH), arguments and environment; an unknown id is BAD_INPUT", () => {
    const tool = exe(join(root, 'bin', 'my-agent'));
    const settings: AcpSettings = { ...none, custom: [{ id: 'custom-mine', name: 'Mine', command: 'my-agent', args: ['--acp', '-v'], env: { MY_KEY: 'k' } }] };
    const c = new AcpCatalog({ settings: () => settings, env: { PATH: join(root, 'bin') } });
    expect(c.launch('custom-mine')).toEqual({ agentId: 'custom-mine', name: 'Mine', command: tool, args: ['--acp', '-v'], audience: 'acp-custom', ownEnv: { MY_KEY: 'k' }, offersFileReads: true, mcpServers: [] });
    expect(c.list().at(-1)).toEqual({ id: 'custom-mine', name: 'Mine', builtIn: false, available: true, reason: null, installHint: null });
    expect(() => c.launch('custom-other')).toThrow(expect.objectContaining({ code: 'BAD_INPUT' }));
    const missing = new AcpCatalog({ settings: () => ({ ...none, custom: [{ id: 'custom-x', name: 'X', command: 'relative/x', args: [], env: {} }] }), env: {} });
    expect(missing.list().at(-1)).toMatchObject({ available: false, reason: 'X (relative/x): "relative/x" is not a full path.' });
  });

  it('a path that is a folder or not executable is not an agent', () => {
    mkdirSync(join(root, 'dir'));
    writeFileSync(join(root, 'plain'), 'x');
    const c = new AcpCatalog({ settings: () => ({ ...none, geminiPath: join(root, 'dir'), qwenPath: join(root, 'plain') }), env: { PATH: join(root, 'empty') } });
    expect(c.list().filter((a) => a.available)).toEqual([]);
  });
});

describe('ACP paths among the settings the environment decides', () => {
  it('shows SWARMDESK_GEMINI_PATH and SWARMDESK_CODEX_ACP_PATH read-only with their values', () => {
    expect(envSettings({ SWARMDESK_GEMINI_PATH: '/opt/gemini', SWARMDESK_CODEX_ACP_PATH: '/opt/codex-acp', GEMINI_API_KEY: 'g' })).toEqual([
      { field: 'geminiPath', variable: 'SWARMDESK_GEMINI_PATH', value: '/opt/gemini' },
      { field: 'codexAcpPath', variable: 'SWARMDESK_CODEX_ACP_PATH', value: '/opt/codex-acp' },
    ]);
  });
});

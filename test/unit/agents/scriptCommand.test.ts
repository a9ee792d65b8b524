import { describe, expect, it } from 'vitest';
import { RUN_SCRIPT_FLAG, scriptCommand, shellLine } from '../../../src/main/core/agents/sessionReports/scriptCommand';

/** A bundle's main entry: the scripts lie beside it. */
const BUNDLE = 'file:///opt/Swarmdesk/resources/app.asar/out/main/index.js';
const exists = (file: string) => file.startsWith('/opt/Swarmdesk/resources/app.asar/out/main/');

describe('how an agent runs a bundled script (the hook reporter, the MCP server)', () => {
  it('plain Node (web mode, a remote host): the absolute node and the script', () => {
    expect(scriptCommand('mcp-server', { here: BUNDLE, exists, execPath: '/usr/bin/node', electron: undefined, argv: ['/usr/bin/node', '/x/out/main/serve.js'] })).toEqual({
      argv: ['/usr/bin/node', '/opt/Swarmdesk/resources/app.asar/out/main/mcp-server.js'],
      env: {},
    });
  });

  it('Electron in development: the binary, the app path and the switches the host was started with, then --swarmdesk-run <name>', () => {
    const argv = ['electron', '/work/app', '--no-sandbox', '--js-flags=--max-semi-space-size=4', '--swarmdesk-host', '--data-dir', '/d'];
    const command = scriptCommand('hook-reporter', { here: BUNDLE, exists, execPath: '/work/app/node_modules/electron/dist/electron', electron: '39.0.0', argv });
    expect(command).toEqual({
      argv: ['/work/app/node_modules/electron/dist/electron', '/work/app', '--no-sandbox', '--js-flags=--max-semi-space-size=4', RUN_SCRIPT_FLAG, 'hook-reporter'],
      env: {},
    });
    // No ELECTRON_RUN_AS_NODE: the release build's fuse ignores it, and the app's entry runs the script itself.
    expect(command && shellLine(command, 'claude')).toBe(`'/work/app/node_modules/electron/dist/electron' '/work/app' '--no-sandbox' '--js-flags=--max-semi-space-size=4' '--swarmdesk-run' 'hook-reporter' 'claude'`);
  });

  it('the packaged app: its own binary (absolute, whatever argv[0] says), then --swarmdesk-run <name>', () => {
    const argv = ['./swarmdesk', '--swarmdesk-host', '--data-dir', '/d'];
    expect(scriptCommand('mcp-server', { here: BUNDLE, exists, execPath: '/opt/Swarmdesk/swarmdesk', electron: '39.0.0', argv })).toEqual({
      argv: ['/opt/Swarmdesk/swarmdesk', RUN_SCRIPT_FLAG, 'mcp-server'],
      env: {},
    });
  });

  it('Electron but not the host (no host flag): Electron’s Node; no script in this build: null', () => {
    expect(scriptCommand('mcp-server', { here: BUNDLE, exists, execPath: '/e/electron', electron: '39.0.0', argv: ['/e/electron', 'x.js'] })).toEqual({
      argv: ['/e/electron', '/opt/Swarmdesk/resources/app.asar/out/main/mcp-server.js'],
      env: { ELECTRON_RUN_AS_NODE: '1' },
    });
    expect(scriptCommand('mcp-server', { here: 'file:///elsewhere/out/main/index.js', exists, execPath: '/usr/bin/node', electron: undefined, argv: [] })).toBeNull();
  });

  it('from sources: the TypeScript file itself, by Node', () => {
    const here = new URL('../../../src/main/core/agents/sessionReports/scriptCommand.ts', import.meta.url).href;
    expect(scriptCommand('mcp-server', { here, execPath: '/usr/bin/node', electron: undefined, argv: [] })?.argv[1]).toMatch(/sessionReports\/mcpServer\.ts$/);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { startAgentProcess } from '../../../src/main/core/agents/acp/agentProcess';
import type { AcpLaunch } from '../../../src/main/core/agents/acp/catalog';
import { startCliProcess } from '../../../src/main/core/agents/claude/cliProcess';
import { REPORT_ENV, SessionReports } from '../../../src/main/core/agents/sessionReports/reportEndpoint';
import { SessionTokens } from '../../../src/main/core/agents/sessionReports/sessionTokens';
import { until } from '../../support/until';

/** Prints its report variables as one JSON line, then lives until its stdin closes. */
const PRINT_ENV = `process.stdout.write(JSON.stringify({ id: process.env.${REPORT_ENV.sessionId}, token: process.env.${REPORT_ENV.token}, url: process.env.${REPORT_ENV.url} }) + '\\n'); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));`;

interface Seen {
  readonly id?: string;
  readonly token?: string;
  readonly url?: string;
}

/**
 * Claude Code and ACP agent processes carry a report token of their own session (issue 31, for issue 33's
 * MCP server), live while the process runs and revoked once it is gone; a real child process each.
 */
describe('a report token in every agent process (real child processes)', () => {
  let reports: SessionReports | null = null;
  afterEach(async () => {
    await reports?.close();
    reports = null;
  });

  async function endpoint() {
    reports = new SessionReports(new SessionTokens());
    const url = await reports.listen();
    return { reports, url };
  }

  it("the Claude Code CLI's process: its session's token, revoked when it ends", async () => {
    const { reports: r, url } = await endpoint();
    let line = '';
    const cli = startCliProcess(
      { path: process.execPath, args: ['-e', PRINT_ENV], cwd: process.cwd(), env: { [REPORT_ENV.token]: 'smuggled' }, maxLineBytes: 1 << 20, report: { port: r, sessionId: 'cc-1' } },
      { onActivity: () => undefined, onLine: (l) => (line = l), onOversize: () => undefined, onExit: () => undefined },
    );
    await until(() => line !== '', { message: 'the child printed its environment' });
    const seen = JSON.parse(line) as Seen;
    expect(seen).toMatchObject({ id: 'cc-1', url });
    expect(seen.token).not.toBe('smuggled');
    expect(r.tokens.verify('cc-1', seen.token ?? '')).toBe(true);
    cli.child.stdin?.end();
    await cli.exited;
    expect(r.tokens.verify('cc-1', seen.token ?? '')).toBe(false);
    expect(r.tokens.size).toBe(0);
  });

  it('an ACP agent process: likewise', async () => {
    const { reports: r, url } = await endpoint();
    const launch: AcpLaunch = { agentId: 'stand-in', name: 'Stand-in', command: process.execPath, args: ['-e', PRINT_ENV], audience: 'acp-custom', mcpServers: [], ownEnv: {}, offersFileReads: false } as AcpLaunch;
    const proc = startAgentProcess(launch, process.cwd(), { PATH: process.env.PATH ?? '' }, {}, {
      onActivity: () => undefined,
      onGarbage: () => undefined,
      onUnknownUpdate: () => undefined,
      onExit: () => undefined,
    }, undefined, { port: r, sessionId: 'acp-1' });
    const reader = proc.stream.readable.getReader();
    const { value } = await reader.read();
    const seen = value as unknown as Seen;
    expect(seen).toMatchObject({ id: 'acp-1', url });
    expect(r.tokens.verify('acp-1', seen.token ?? '')).toBe(true);
    proc.child.stdin?.end();
    await proc.exited;
    expect(r.tokens.verify('acp-1', seen.token ?? '')).toBe(false);
  });
});

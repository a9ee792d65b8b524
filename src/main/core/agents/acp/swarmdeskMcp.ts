import { MCP_SERVER_NAME } from '../sessionReports/agentShims';
import type { ScriptCommand } from '../sessionReports/scriptCommand';

/** An MCP stdio server as ACP's `session/new` and `session/load` take it. */
export interface AcpStdioServer {
  readonly name: string;
  readonly command: string;
  readonly args: string[];
  readonly env: Array<{ name: string; value: string }>;
}

/**
 * Swarmdesk's `set_session_title` server (issue 33) for an ACP agent, beside the user's own servers: stdio (every
 * agent takes it), with the session's report variables in its own environment, since an agent need not pass its
 * environment on to the servers it starts. None when there is no server in this build, no token (the endpoint
 * is not listening), or the user configured a server of that name already (theirs is kept).
 */
export function acpSwarmdeskServer(server: ScriptCommand | null, reportEnv: Readonly<Record<string, string>>, users: ReadonlyArray<{ readonly name: string }>): AcpStdioServer[] {
  const [command, ...args] = server?.argv ?? [];
  if (!server || command === undefined || Object.keys(reportEnv).length === 0 || users.some((u) => u.name === MCP_SERVER_NAME)) return [];
  const env = Object.entries({ ...server.env, ...reportEnv }).map(([name, value]) => ({ name, value }));
  return [{ name: MCP_SERVER_NAME, command, args, env }];
}

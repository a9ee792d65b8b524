/**
 * The CLI's command line for one run (observed with CLI 2.1.332): headless, streaming
 * JSON both ways, partial messages on, resumed by the CLI's own session id.
 */
import { PERMISSION_MODES, type PermissionMode } from '../../../../shared/ipc/agents';

export { PERMISSION_MODES, type PermissionMode };

export function isPermissionMode(value: unknown): value is PermissionMode {
  return typeof value === 'string' && (PERMISSION_MODES as readonly string[]).includes(value);
}

export interface ClaudeArgsInput {
  readonly resumeId: string | null;
  readonly permissionMode: string | null;
  readonly model?: string | null;
  /** `--mcp-config`'s JSON (Swarmdesk's MCP server, issue 33); its tool is pre-allowed. */
  readonly mcpConfig?: string | null;
  /** The tool `--allowedTools` lets the CLI call without asking (without it, `-p` never calls it). */
  readonly allowedTool?: string | null;
}

export function claudeArgs(input: ClaudeArgsInput): string[] {
  const args = ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose', '--include-partial-messages'];
  // `default` is what the CLI does without the flag; an unknown value is never passed through.
  if (input.permissionMode && input.permissionMode !== 'default' && isPermissionMode(input.permissionMode)) {
    args.push('--permission-mode', input.permissionMode);
  }
  if (input.model) args.push('--model', input.model);
  if (input.resumeId) args.push('--resume', input.resumeId);
  // `--flag=value`: both flags take several values, and a separate word would take the next argument too.
  if (input.mcpConfig) args.push(`--mcp-config=${input.mcpConfig}`);
  if (input.mcpConfig && input.allowedTool) args.push(`--allowedTools=${input.allowedTool}`);
  return args;
}

/** One user message on the CLI's stdin (stream-json input). */
export function userMessageLine(text: string): string {
  return `${JSON.stringify({ type: 'user', message: { role: 'user', content: text } })}\n`;
}

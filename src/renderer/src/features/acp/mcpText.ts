import { z } from 'zod';
import { McpStdioServerSchema, type McpStdioServer } from '../../../../shared/ipc/acp';

/*
 * An agent's MCP servers as the user edits them in Settings → Agents: JSON, an array of stdio
 * servers `{ "name", "command", "args": [], "env": {} }`. A secret's value shows masked (main
 * keeps the stored one when it comes back masked).
 */

const ListSchema = z.array(McpStdioServerSchema).max(20);

export function formatMcpServers(list: readonly McpStdioServer[] | undefined): string {
  return list && list.length > 0 ? JSON.stringify(list, null, 2) : '';
}

/** The servers typed, or what is wrong in words (empty: none). */
export function parseMcpServers(text: string): { ok: true; servers: McpStdioServer[] } | { ok: false; message: string } {
  if (!text.trim()) return { ok: true, servers: [] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { ok: false, message: `This is not valid JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  const parsed = ListSchema.safeParse(json);
  if (parsed.success) {
    const names = parsed.data.map((s) => s.name);
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    return twice ? { ok: false, message: `Two servers are named “${twice}”; each needs its own name.` } : { ok: true, servers: parsed.data };
  }
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` (at ${issue.path.join('.')})` : '';
  const hint = Array.isArray(json) ? '' : ' Give an array of servers: [{ "name", "command", "args": [], "env": {} }].';
  return { ok: false, message: `${issue?.message ?? 'Not a list of MCP servers'}${where}.${hint}` };
}

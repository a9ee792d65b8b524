import { z } from 'zod';
import { McpStdioServerSchema, type McpStdioServer } from '../../../../shared/ipc/acp';

/*
 * An agent's MCP servers as the user edits them in Settings → Agents: JSON, an array of stdio
 * servers `{ "name", "command", "args": [], "env": {} }`. A secret's value shows masked (main
 * keeps the stored one when it comes back masked).
 */

const ListSchema = z.array(McpStdioServerSchema).max(20);

export function formatMcpServers(list: readonly McpStdioServer[] | undefined): string {
  // One server a line: short enough to read at a glance, still JSON.
  return list && list.length > 0 ? `[\n${list.map((server) => `  ${JSON.stringify(server)}`).join(',\n')}\n]` : '';
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
  const hint = Array.isArray(json) ? '' : ' Give an array of servers: [{ "name", "command", "args": [], "env": {} }].';
  if (!issue || issue.path.length === 0) return { ok: false, message: `Not a list of MCP servers.${hint}` };
  // "Server 1: “command” is missing." rather than the schema's own words.
  const [index, field, ...rest] = issue.path;
  const where = typeof index === 'number' ? `Server ${index + 1}` : 'A server';
  const what = field === undefined ? '' : `: “${[field, ...rest].join('.')}”`;
  const why = /received undefined/.test(issue.message) ? 'is missing' : issue.message.replace(/^Invalid input: /, '').toLowerCase();
  return { ok: false, message: `${where}${what} ${why}.` };
}

import { describe, expect, it } from 'vitest';
import type { GeminiRequest } from '../support/geminiStandIn';
import { entryOf, ok } from './acp/harness';
import { TURN_MS, useGeminiCore } from './acp-gemini-harness';

/**
 * An ACP session is offered Swarmdesk's set_session_title MCP server (issue 33) in `session/new`'s
 * `mcpServers`: the real Gemini CLI 0.61 starts it (stdio) and lists its tool to the model, so the
 * stand-in's model request declares it, beside gemini's own tools.
 */
const g = useGeminiCore();

/** The function declarations a model request offers: name and description. */
function declarations(r: GeminiRequest): Array<{ name: string; description: string }> {
  const tools = (r.body?.tools ?? []) as Array<{ functionDeclarations?: Array<{ name?: string; description?: string }> }>;
  return tools.flatMap((t) => t.functionDeclarations ?? []).map((d) => ({ name: d.name ?? '', description: d.description ?? '' }));
}

describe('Swarmdesk’s MCP server offered to an ACP agent (real Gemini CLI)', () => {
  it('gemini starts it from session/new’s mcpServers and declares set_session_title to the model', async () => {
    const { h, standIn } = g;
    const { id } = await g.session();
    await ok(h, 'sessions:send', { id, text: 'tell me about marmalade' });
    await g.pid(id);
    await entryOf(h, id, 'assistant', /marmaladeanswer/, TURN_MS);
    const turn = standIn.turns().at(-1);
    expect(turn).toBeDefined();
    const ours = declarations(turn as GeminiRequest).filter((d) => /set_session_title/.test(d.name));
    expect(ours).toHaveLength(1);
    expect(ours[0]?.description).toMatch(/Names this Swarmdesk session/);
  });
});

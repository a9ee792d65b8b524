import { describe, expect, it } from 'vitest';
import { entryOf, ok, pushed, statusBecomes } from './acp/harness';
import { TURN_MS, useGeminiCore } from './acp-gemini-harness';

/**
 * The real Gemini CLI 0.61's modes and models through the core (issue 16): listed from its
 * `session/new` (ACP `modes`; models as the older `models` draft, set with `session/set_model`),
 * a mode set on the live agent (`session/set_mode` accepted). (Applied again at a restart: test/integration/acp/modes.test.ts, with the project's own agent.)
 */

const g = useGeminiCore();

describe('Gemini CLI modes and models through the core (stand-in Gemini API)', () => {
  it('lists its modes and models from session/new; set_mode and set_model are accepted live then it still answers', { timeout: 180_000 }, async () => {
    const { h } = g;
    const { id } = await g.session();
    await ok(h, 'sessions:send', { id, text: 'tell me about quince' });
    await entryOf(h, id, 'assistant', /quince/, TURN_MS);
    await statusBecomes(h, id, 'idle', TURN_MS);

    const options = await ok(h, 'acp:sessionOptions', { id });
    expect(options.modes?.current).toBe('default');
    expect(options.modes?.available.map((m) => [m.id, m.name])).toEqual(expect.arrayContaining([['default', 'Default'], ['autoEdit', 'Auto Edit'], ['yolo', 'YOLO']]));
    expect(options.modes?.available.find((m) => m.id === 'yolo')?.description).toBe('Auto-approves all tools');
    expect(pushed(h, 'acp:sessionOptions').some((p) => p.sessionId === id && p.modes !== null)).toBe(true);

    const set = await ok(h, 'acp:setMode', { id, modeId: 'autoEdit' });
    expect(set.modes?.current).toBe('autoEdit');
    // Its models come as the older `models` draft; a choice goes by `session/set_model`.
    expect(options.models?.current).toBe('auto');
    expect(options.models?.available.map((m) => m.id)).toContain('gemini-2.5-pro');
    expect((await ok(h, 'acp:setModel', { id, modelId: 'gemini-2.5-pro' })).models?.current).toBe('gemini-2.5-pro');
    // Still answers in the new mode.
    await ok(h, 'sessions:send', { id, text: 'tell me about medlar' });
    await entryOf(h, id, 'assistant', /medlar/, TURN_MS);
    await statusBecomes(h, id, 'idle', TURN_MS);

  });
});

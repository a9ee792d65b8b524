import { describe, expect, it } from 'vitest';
import { choicesFromResponse, NO_CHOICES, withConfigOptions, withCurrentMode } from '../../../src/main/core/agents/acp/choices';

// What an agent's session/new or session/load response offers as modes and models (issue 16).

describe('ACP choices', () => {
  it('reads modes and the model config option (grouped values flattened; other categories ignored); codex-acp’s shape', () => {
    const state = choicesFromResponse({
      sessionId: 's',
      modes: { currentModeId: 'auto', availableModes: [{ id: 'read-only', name: 'Read Only', description: 'Asks first' }, { id: 'auto', name: 'Default' }, { id: '', name: 'broken' }] },
      configOptions: [
        { id: 'reasoning_effort', name: 'Reasoning', category: 'thought_level', type: 'select', currentValue: 'medium', options: [{ value: 'medium', name: 'Medium' }] },
        { id: 'model', name: 'Model', category: 'model', type: 'select', currentValue: 'gpt-5', options: [{ group: 'g', name: 'OpenAI', options: [{ value: 'gpt-5', name: 'gpt-5' }, { value: 'gpt-5-mini', name: 'gpt-5 mini', description: 'fast' }] }] },
      ],
    });
    expect(state.options.modes).toEqual({ current: 'auto', available: [{ id: 'read-only', name: 'Read Only', description: 'Asks first' }, { id: 'auto', name: 'Default', description: null }] });
    expect(state.options.models).toEqual({ current: 'gpt-5', available: [{ id: 'gpt-5', name: 'gpt-5', description: null }, { id: 'gpt-5-mini', name: 'gpt-5 mini', description: 'fast' }] });
    expect(state.modelSource).toEqual({ kind: 'config', configId: 'model' });
    expect(withCurrentMode(state, 'read-only').options.modes?.current).toBe('read-only');
    // A config update without a model option: no models any more.
    expect(withConfigOptions(state, []).options.models).toBeNull();
  });

  it('without ACP modes, a config option of category mode is the modes (set through session/set_config_option)', () => {
    const state = choicesFromResponse({ configOptions: [{ id: 'approval', name: 'Approval', category: 'mode', type: 'select', currentValue: 'auto', options: [{ value: 'read-only', name: 'Read Only' }, { value: 'auto', name: 'Default' }] }] });
    expect(state.modeSource).toEqual({ kind: 'config', configId: 'approval' });
    expect(state.options.modes?.available.map((m) => m.name)).toEqual(['Read Only', 'Default']);
    expect(state.options.models).toBeNull();
  });

  it('reads the older models draft (Gemini CLI); nothing offered is null; junk is no choice', () => {
    const state = choicesFromResponse({ models: { currentModelId: 'auto', availableModels: [{ modelId: 'auto', name: 'Auto', description: 'Let it pick' }, { modelId: 'pro' }] } });
    expect(state.options).toEqual({ modes: null, models: { current: 'auto', available: [{ id: 'auto', name: 'Auto', description: 'Let it pick' }, { id: 'pro', name: 'pro', description: null }] } });
    expect(state.modelSource).toEqual({ kind: 'legacy' });
    // A config update does not take away the draft's models.
    expect(withConfigOptions(state, []).options.models?.current).toBe('auto');
    expect(choicesFromResponse({ sessionId: 's' })).toEqual(NO_CHOICES);
    expect(choicesFromResponse({ modes: { availableModes: 'nope' }, configOptions: [{ category: 'model', type: 'select', id: 'm', options: [] }] })).toEqual(NO_CHOICES);
    expect(choicesFromResponse(null)).toEqual(NO_CHOICES);
  });
});

describe('AcpChoiceBook', () => {
  it('forgets what a deleted session’s agent offered (memory held per session)', async () => {
    const { AcpChoiceBook } = await import('../../../src/main/core/agents/acp/choiceBook');
    const { CoreEvents } = await import('../../../src/main/core/events');
    const events = new CoreEvents();
    const pushed: string[] = [];
    const store = { sessionOptions: { get: () => null, set: () => undefined, remove: () => undefined } } as never;
    const book = new AcpChoiceBook(store, events, (id) => pushed.push(id));
    const offer = { modes: { current: 'a', available: [{ id: 'a', name: 'A', description: null }] }, models: null };
    book.reported('s1', offer);
    book.reported('s2', offer);
    expect(book.size()).toBe(2);
    expect(pushed).toEqual(['s1', 's2']);
    events.emit('session:removed', { id: 's1' });
    expect(book.size()).toBe(1);
    expect(book.options('s1')).toEqual({ modes: null, models: null });
    expect(book.options('s2')).toEqual(offer);
  });
});

import { describe, expect, it } from 'vitest';
import { AcpTranslator, MAX_STREAM_CHARS } from '../../../src/main/core/agents/acp/translate';
import { rawOutputText, renderToolContent } from '../../../src/main/core/agents/acp/toolContent';
import type { AgentEvent } from '../../../src/main/core/agents/types';

function translator() {
  const events: AgentEvent[] = [];
  const t = new AcpTranslator((e) => events.push(e), '/w');
  const entries = () => events.flatMap((e) => (e.type === 'entry' ? [[e.entry.kind, e.entry.text, e.entry.meta ?? null]] : []));
  return { t, events, entries };
}

const text = (t: string) => ({ type: 'text', text: t });

describe('AcpTranslator (session/update → events)', () => {
  it('streams chunks and commits one entry when the message ends; a thought after a message commits the message', () => {
    const { t, events, entries } = translator();
    t.update({ sessionUpdate: 'agent_message_chunk', content: text('Hel') });
    t.update({ sessionUpdate: 'agent_message_chunk', content: text('lo') });
    expect(events.filter((e) => e.type === 'streaming').map((e) => (e as { text: string }).text)).toEqual(['Hel', 'Hello']);
    expect(entries()).toEqual([]);
    t.update({ sessionUpdate: 'agent_thought_chunk', content: text('hmm') });
    t.update({ sessionUpdate: 'agent_message_chunk', content: { type: 'image', data: 'x', mimeType: 'image/png' } });
    t.endTurn();
    expect(entries()).toEqual([
      ['assistant', 'Hello', null],
      ['thinking', 'hmm', null],
    ]);
  });

  it('a new message id starts a new message', () => {
    const { t, entries } = translator();
    t.update({ sessionUpdate: 'agent_message_chunk', content: text('A warning.'), messageId: 'm1' });
    t.update({ sessionUpdate: 'agent_message_chunk', content: text('The '), messageId: 'm2' });
    t.update({ sessionUpdate: 'agent_message_chunk', content: text('answer.'), messageId: 'm2' });
    t.endTurn();
    expect(entries().map((e) => e[1])).toEqual(['A warning.', 'The answer.']);
  });

  it('a tool call is a tool-use entry at once; updates are held until it completes, then a tool-result with the diff', () => {
    const { t, entries } = translator();
    t.update({ sessionUpdate: 'agent_message_chunk', content: text('Let me edit.') });
    t.update({ sessionUpdate: 'tool_call', toolCallId: 'c1', title: 'Edit a.ts', kind: 'edit', status: 'pending', locations: [{ path: '/w/src/a.ts' }], rawInput: { x: 1 } });
    t.update({ sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'in_progress' });
    expect(entries().map((e) => e[0])).toEqual(['assistant', 'tool-use']);
    t.update({ sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'completed', content: [{ type: 'content', content: text('done') }, { type: 'diff', path: '/w/src/a.ts', oldText: 'a\nb', newText: 'a\nc\n' }] });
    expect(entries()).toEqual([
      ['assistant', 'Let me edit.', null],
      ['tool-use', 'Edit a.ts\nkind: edit\nlocations: src/a.ts\ninput: {"x":1}', { toolCallId: 'c1', tool: 'edit', summary: 'Edit a.ts', status: 'pending' }],
      ['tool-result', 'done\n--- a/src/a.ts\n+++ b/src/a.ts\n-a\n-b\n+a\n+c', { toolCallId: 'c1', isError: false, diffPaths: 'src/a.ts' }],
    ]);
  });

  it('a failed call is an error result; raw input is clipped to 8 KB', () => {
    const { t, entries } = translator();
    t.update({ sessionUpdate: 'tool_call', toolCallId: 'c2', title: 'Run', kind: 'execute', rawInput: { cmd: 'z'.repeat(20_000) } });
    t.update({ sessionUpdate: 'tool_call_update', toolCallId: 'c2', status: 'failed', rawOutput: { error: 'boom' } });
    const [use, result] = entries();
    expect((use?.[1] as string).length).toBeLessThan(8 * 1024 + 200);
    expect(use?.[1]).toMatch(/more characters\)$/);
    expect(result).toEqual(['tool-result', '{"error":"boom"}', { toolCallId: 'c2', isError: true, diffPaths: null }]);
  });

  it('a plan is a checklist note; an unknown kind is one note per kind; quiet kinds add nothing', () => {
    const { t, entries } = translator();
    t.update({ sessionUpdate: 'plan', entries: [{ content: 'a', status: 'completed' }, { content: 'b', status: 'in_progress' }, { content: 'c', status: 'pending' }] });
    t.update({ sessionUpdate: 'mystery' });
    t.update({ sessionUpdate: 'mystery' });
    t.update({ sessionUpdate: 'available_commands_update', availableCommands: [] });
    t.update({ sessionUpdate: 'usage_update', used: 1, size: 2 });
    expect(entries()).toEqual([
      ['note', '[x] a\n[~] b\n[ ] c', { plan: true }],
      ['note', 'The agent sent an update Swarmdesk does not know (“mystery”); it was skipped.', { unknownUpdate: 'mystery' }],
    ]);
  });

  it('a streaming message over 1 MB is committed in parts', () => {
    const { t, entries } = translator();
    t.update({ sessionUpdate: 'agent_message_chunk', content: text('a'.repeat(MAX_STREAM_CHARS + 10)) });
    t.endTurn();
    expect(entries().map((e) => [e[0], (e[1] as string).length, e[2]])).toEqual([
      ['assistant', MAX_STREAM_CHARS, { part: true }],
      ['assistant', 10, null],
    ]);
  });

  it('tool output is clipped to the budget with a last line saying how much was left out', () => {
    const r = renderToolContent([{ type: 'content', content: text('x'.repeat(300)) }], undefined, (p) => p, 100);
    expect(r.text).toBe(`${'x'.repeat(100)}\n… 200 more characters of tool output were left out.`);
  });
});

describe('a tool result sent only as raw output', () => {
  it("shows a command's output (codex-acp's exec result object), its failing exit code, or the value as JSON", () => {
    const exec = { call_id: 'call_1', command: ['/bin/bash', '-lc', 'ls'], stdout: 'a\nb\n', aggregated_output: 'a\nb\n', formatted_output: 'a\nb\n', exit_code: 0 };
    expect(rawOutputText(exec)).toBe('a\nb\n');
    expect(rawOutputText({ ...exec, formatted_output: '', aggregated_output: 'oops\n', exit_code: 2 })).toBe('oops\n\n(exit code 2)');
    expect(rawOutputText({ call_id: 'call_1', stdout: '', formatted_output: '', exit_code: 0 })).toBe('(no output; exit code 0)');
    expect(rawOutputText({ files: 3 })).toBe('{"files":3}');
    expect(rawOutputText('plain')).toBe('plain');
    expect(renderToolContent([], exec, (p) => p).text).toBe('a\nb\n');
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCliLine } from '../../../src/main/core/agents/claude/streamJson';
import { ClaudeStreamTranslator } from '../../../src/main/core/agents/claude/translate';
import { toolResultSummary, toolUseBody, toolUseDetail } from '../../../src/main/core/agents/claude/toolSummary';
import type { AgentEvent } from '../../../src/main/core/agents/types';

/** Lines the real CLI 2.1.332 printed against a stand-in server (init and result trimmed). */
function fixture(name: string): string[] {
  return readFileSync(join(__dirname, 'fixtures', `${name}.jsonl`), 'utf8').split('\n').filter((l) => l.trim() !== '');
}

function translate(lines: string[], backendId: string | null = null): AgentEvent[] {
  const events: AgentEvent[] = [];
  const t = new ClaudeStreamTranslator((e) => events.push(e), backendId);
  for (const line of lines) t.handle(parseCliLine(line));
  return events;
}

const entries = (events: AgentEvent[]) => events.filter((e): e is Extract<AgentEvent, { type: 'entry' }> => e.type === 'entry');

describe('parseCliLine', () => {
  it('never throws: non-JSON, non-objects and unknown types are classified, not fatal', () => {
    expect(parseCliLine('not json at all')).toEqual({ type: 'invalid', reason: 'not JSON' });
    expect(parseCliLine('[1,2]')).toEqual({ type: 'invalid', reason: 'not an object' });
    expect(parseCliLine('"text"')).toEqual({ type: 'invalid', reason: 'not an object' });
    expect(parseCliLine('{"type":"hologram","x":1}')).toEqual({ type: 'unknown', what: 'hologram' });
    expect(parseCliLine('{"type":"system","subtype":"init"}')).toEqual({ type: 'invalid', reason: 'init without session_id' });
    expect(parseCliLine('{"type":"stream_event","event":{"type":"mystery"}}')).toEqual({ type: 'unknown', what: 'stream:mystery' });
    expect(parseCliLine('{"type":"assistant","message":"odd"}')).toMatchObject({ type: 'message', blocks: [] });
  });

  it('refuses a line nested deeper than an agent line may be (a tool input 5,000 or 200,000 levels deep) before parsing it', () => {
    for (const depth of [5_000, 200_000]) {
      const input = '['.repeat(depth) + ']'.repeat(depth);
      const line = `{"type":"assistant","message":{"id":"m","content":[{"type":"tool_use","id":"t","name":"Bash","input":{"command":${input}}}]}}`;
      expect(parseCliLine(line)).toEqual({ type: 'invalid', reason: 'nested too deeply' });
    }
    // Brackets inside a string are text, however many.
    const text = JSON.stringify({ type: 'assistant', message: { id: 'm', content: [{ type: 'text', text: '['.repeat(5_000) }] } });
    expect(parseCliLine(text)).toMatchObject({ type: 'message', blocks: [{ type: 'text' }] });
  });

  it('reads the init, deltas, the stop reason and the result of a real run', () => {
    const events = fixture('claude-bash-two-turns').map(parseCliLine);
    expect(events[0]).toMatchObject({ type: 'init', permissionMode: 'default' });
    expect(events.some((e) => e.type === 'delta' && e.kind === 'text')).toBe(true);
    expect(events.some((e) => e.type === 'stop-reason' && e.stopReason === 'tool_use')).toBe(true);
    const results = events.filter((e) => e.type === 'result');
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({ isError: false, subtype: 'success', outputTokens: 5 });
    expect(events.filter((e) => e.type === 'unknown' || e.type === 'invalid')).toEqual([]);
  });
});

describe('ClaudeStreamTranslator', () => {
  it('turns a two-turn run with a Bash call into entries with one-line summaries', () => {
    const events = translate(fixture('claude-bash-two-turns'));
    expect(events.find((e) => e.type === 'backend-id')).toEqual({ type: 'backend-id', backendId: '963b9dd4-4736-4251-a201-40c809103893' });
    expect(events.filter((e) => e.type === 'backend-id')).toHaveLength(1); // init repeats per turn; the id is reported once
    expect(entries(events).map((e) => [e.entry.kind, e.entry.text])).toEqual([
      ['assistant', 'Hello from the stand-in, request 1'],
      ['tool-use', '# say hi\necho hi'],
      ['tool-result', 'hi'],
      ['assistant', 'Hello from the stand-in, request 3'],
    ]);
    const use = entries(events)[1]?.entry;
    expect(use?.meta).toMatchObject({ tool: 'Bash', toolUseId: 'toolu_2', summary: 'echo hi' });
    expect(entries(events)[2]?.entry.meta).toMatchObject({ toolUseId: 'toolu_2', tool: 'Bash', isError: false, summary: 'hi' });
    const streamed = events.filter((e) => e.type === 'streaming');
    expect(streamed.at(0)).toEqual({ type: 'streaming', kind: 'assistant', text: 'Hello' });
    expect(streamed.map((e) => (e.type === 'streaming' ? e.text : '')).at(-1)).toBe('Hello from the stand-in, request 3');
    expect(events.filter((e) => e.type === 'usage')).toHaveLength(2);
    expect(events.filter((e) => e.type === 'status' && e.status === 'error')).toEqual([]);
  });

  it("reports each turn's tokens and the CLI's running cost total (the usage service takes each turn's share)", () => {
    const usage = translate(fixture('claude-bash-two-turns')).filter((e): e is Extract<AgentEvent, { type: 'usage' }> => e.type === 'usage');
    // total_cost_usd was 0.00014 after the first turn and 0.00042 after the second (one process, three requests).
    expect(usage.map(({ inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens }) => ({ inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens }))).toEqual([
      { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 },
      { inputTokens: 20, outputTokens: 10, cacheReadTokens: 0, cacheWriteTokens: 0 },
    ]);
    expect(usage.map((u) => [u.costUsd, u.costTotalUsd])).toEqual([
      [null, 0.00014000000000000001],
      [null, 0.00042],
    ]);
  });

  it('a subscription login (apiKeySource none) reports tokens but no money; cache tokens are broken out', () => {
    const lines = [
      '{"type":"system","subtype":"init","session_id":"abc","model":"claude-x","apiKeySource":"none"}',
      '{"type":"result","subtype":"success","is_error":false,"total_cost_usd":0.5,"usage":{"input_tokens":3,"cache_read_input_tokens":1000,"cache_creation_input_tokens":200,"output_tokens":40}}',
    ];
    expect(translate(lines).filter((e) => e.type === 'usage')).toEqual([
      { type: 'usage', inputTokens: 1203, outputTokens: 40, cacheReadTokens: 1000, cacheWriteTokens: 200, costUsd: null, costTotalUsd: null },
    ]);
  });

  it('does not report the backend id it was resumed with again', () => {
    const events = translate(fixture('claude-bash-two-turns'), '963b9dd4-4736-4251-a201-40c809103893');
    expect(events.filter((e) => e.type === 'backend-id')).toEqual([]);
  });

  it('makes a Task tool use a subagent whose messages go to the child, ended by its notification', () => {
    const events = translate(fixture('claude-task-subagent'));
    const sub = events.find((e) => e.type === 'subagent');
    expect(sub).toEqual({ type: 'subagent', child: 'toolu_1', description: 'Find callers', prompt: 'find the callers', agentType: 'general-purpose' });
    const childEntries = entries(events).filter((e) => e.child === 'toolu_1');
    expect(childEntries.map((e) => e.entry.text)).toEqual(['Hello from the stand-in, request 3']);
    // The launch result ("Async agent launched") does not end a backgrounded subagent; its notification does.
    const childStatus = events.filter((e) => e.type === 'status' && e.child === 'toolu_1');
    expect(childStatus).toEqual([{ type: 'status', status: 'idle', child: 'toolu_1' }]);
    const order = events.map((e) => e.type);
    expect(order.indexOf('subagent')).toBeLessThan(order.lastIndexOf('usage'));
  });

  it('a foreground Bash command the CLI reports as a task is not a background task', () => {
    // CLI 2.1.332 prints this ~3 s into a foreground command (seen live; the stop test in claudeLive covers it).
    const line = JSON.stringify({ type: 'system', subtype: 'task_started', task_id: 'b1', tool_use_id: 'toolu_fg', description: 'wait', is_backgrounded: false, task_type: 'local_bash' });
    const events = translate([line]);
    expect(events.filter((e) => e.type === 'background-task')).toEqual([]);
  });

  it('raises a background task for Bash with run_in_background, once', () => {
    const events = translate(fixture('claude-background-bash'));
    expect(events.filter((e) => e.type === 'background-task')).toEqual([{ type: 'background-task', command: 'sleep 30', description: 'sleep' }]);
  });

  it('commits a repeated message only once', () => {
    const line = '{"type":"assistant","message":{"id":"m1","content":[{"type":"text","text":"once"}]},"parent_tool_use_id":null}';
    expect(entries(translate([line, line]))).toHaveLength(1);
  });

  it('reports a failed result as an error entry and status', () => {
    const events = translate(['{"type":"result","subtype":"error_during_execution","is_error":true,"result":"API Error: 500","usage":{}}']);
    expect(entries(events)[0]?.entry).toMatchObject({ kind: 'error' });
    expect(entries(events)[0]?.entry.text).toContain('API Error: 500');
    expect(events).toContainEqual({ type: 'status', status: 'error', reason: 'API Error: 500' });
  });

  it('clips a huge tool result and keeps its summary short', () => {
    const big = 'x'.repeat(400_000);
    const line = JSON.stringify({ type: 'user', message: { content: [{ type: 'tool_result', tool_use_id: 't', content: big }] }, parent_tool_use_id: null });
    const e = entries(translate([line]))[0]?.entry;
    expect(e?.text.length).toBeLessThan(270_000);
    expect(e?.text).toContain('[clipped by Swarmdesk');
    expect(String(e?.meta?.summary).length).toBeLessThanOrEqual(120);
  });
});

describe('tool summaries', () => {
  it('says what a tool did in one line', () => {
    expect(toolUseDetail('Bash', { command: 'npm test\n  --watch=false' })).toBe('npm test --watch=false');
    expect(toolUseDetail('Edit', { file_path: 'src/retry.ts', old_string: 'a', new_string: 'b' })).toBe('src/retry.ts');
    expect(toolUseDetail('Grep', { pattern: 'TODO', path: 'src' })).toBe('TODO in src');
    expect(toolUseDetail('Task', { description: 'Find callers', prompt: 'long' })).toBe('Find callers');
    expect(toolUseDetail('mcp__x__y', { query: 'q' })).toBe('q');
    expect(toolUseDetail('Bash', { command: 'y'.repeat(500) }).length).toBe(120);
    expect(toolUseBody('Bash', { command: 'ls -la', description: 'List files' })).toBe('# List files\nls -la');
    expect(toolUseBody('Edit', { file_path: 'a.ts' })).toBe('{\n  "file_path": "a.ts"\n}');
    expect(toolResultSummary('line one\nline two\n', false)).toBe('line one (+1 line)');
    expect(toolResultSummary('one\ntwo\nthree', false)).toBe('one (+2 lines)');
    expect(toolResultSummary('boom', true)).toBe('Error: boom');
    expect(toolResultSummary('', false)).toBe('(no output)');
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allEntries, runImport } from './helpers';

const ROLLOUT = join(__dirname, '../../fixtures/import/codex-rollout.jsonl');

describe('Codex rollout import', () => {
  it('reads session_meta, user and assistant messages, tool calls and reasoning', async () => {
    const r = await runImport(ROLLOUT, 'codex');
    // The injected <environment_context> is context, not the user's words; the user_message event repeats the words.
    expect(allEntries(r).map((e) => e.kind)).toEqual(['context', 'user', 'thinking', 'tool-use', 'tool-result', 'assistant']);
    const [context, user, , call, output, answer] = allEntries(r);
    expect(context?.meta).toMatchObject({ label: 'Environment context' });
    expect(context?.text).toContain('<cwd>/home/dev/src/billing</cwd>');
    expect(user?.text).toBe('why does the invoice total round down?');
    expect(call?.meta).toMatchObject({ tool: 'shell', toolUseId: 'call_1', summary: 'rg Math.floor' });
    expect(output?.meta).toMatchObject({ toolUseId: 'call_1', tool: 'shell', isError: false });
    expect(output?.text).toContain('Math.floor(total)');
    expect(answer?.text).toContain('round half up');
    expect(r.cursor?.facts).toMatchObject({
      backendId: '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      cwd: '/home/dev/src/billing',
      firstUserLine: 'why does the invoice total round down?',
      customTitle: null,
      toolTitle: null,
    });
    expect(r.counts.skippedRecords).toBe(2); // event_msg token_count, turn_context (the user_message event is the same message)
    expect(r.counts.badLines).toBe(0);
  });

  it('reads the older layout: meta first, items unwrapped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sd-codex-'));
    const file = join(dir, 'rollout-old.jsonl');
    writeFileSync(file, [
      JSON.stringify({ id: 'old-123', timestamp: '2025-05-01T08:00:00Z', instructions: null }),
      JSON.stringify({ record_type: 'state' }),
      JSON.stringify({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'port the parser to rust' }] }),
      JSON.stringify({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Started with the lexer.' }] }),
    ].join('\n') + '\n');
    const r = await runImport(file, 'codex');
    expect(allEntries(r).map((e) => [e.kind, e.text])).toEqual([
      ['user', 'port the parser to rust'],
      ['assistant', 'Started with the lexer.'],
    ]);
    expect(r.cursor?.facts.backendId).toBe('old-123');
  });

  it('keeps the first REAL user line: a compaction hand-over or markup before it is skipped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sd-codex-'));
    const file = join(dir, 'rollout-2026-12-02T09-00-00-abc.jsonl');
    const msg = (text: string, ts: string) =>
      JSON.stringify({ timestamp: ts, type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] } });
    writeFileSync(
      file,
      [
        JSON.stringify({ timestamp: '2026-12-02T09:00:00.000Z', type: 'session_meta', payload: { id: 'c-1', cwd: '/w' } }),
        msg('<user_instructions>\nAlways run the tests.\n</user_instructions>', '2026-12-02T09:00:00.100Z'),
        msg('Another language model started to solve this problem and produced a summary of its thinking process. Summary: invoices.', '2026-12-02T09:00:01.000Z'),
        msg('<turn_aborted>interrupted</turn_aborted>', '2026-12-02T09:00:01.500Z'),
        msg('make invoice totals round half up', '2026-12-02T09:00:02.000Z'),
      ].join('\n') + '\n',
    );
    const r = await runImport(file, 'codex');
    expect(r.cursor?.facts.firstUserLine).toBe('make invoice totals round half up');
  });
});

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allEntries, runImport } from './helpers';

const EXAMPLE = join(__dirname, '../../fixtures/import/claude-code-transcript-example.jsonl');

function tmpFile(content: string | Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'sd-import-'));
  const file = join(dir, 'session.jsonl');
  writeFileSync(file, content);
  return file;
}

const userLine = (text: string, ts = '2026-12-02T09:00:00.000Z') =>
  JSON.stringify({ type: 'user', isSidechain: false, sessionId: 's-1', cwd: '/w', timestamp: ts, message: { role: 'user', content: text }, uuid: text }) + '\n';

describe('Claude Code transcript import', () => {
  it('reads the real CLI example: chain, tool use and result, title, ids', async () => {
    const r = await runImport(EXAMPLE, 'claude-code');
    const entries = allEntries(r);
    expect(entries.map((e) => e.kind)).toEqual(['user', 'tool-use', 'tool-result', 'assistant']);
    expect(entries[0]?.text).toBe('please run ls and explain the notes file');
    // Shaped like the live claude-code backend's entries: readable body, tool and one-line detail.
    expect(entries[1]?.meta).toMatchObject({ tool: 'Bash', toolUseId: 'toolu_standin_3', summary: 'ls -la' });
    expect(entries[1]?.text).toBe('# List files in the folder\nls -la');
    expect(entries[2]?.meta).toMatchObject({ toolUseId: 'toolu_standin_3', tool: 'Bash', isError: false });
    expect(entries[3]?.text).toBe('The folder holds notes.txt and nothing else.');
    expect(entries[0]?.createdAt).toBe(Date.parse('2026-12-02T09:37:18.666Z'));
    const facts = r.cursor?.facts;
    expect(facts).toMatchObject({
      backendId: '745adb4f-5e02-4f90-a416-84c0d0843717',
      cwd: '/home/dev/src/demo',
      customTitle: 'Notes folder check',
      firstUserLine: 'please run ls and explain the notes file',
      entryCount: 4,
    });
    expect(r.cursor?.offset).toBe(readFileSync(EXAMPLE).length);
    expect(r.counts.badLines).toBe(0);
    expect(r.counts.skippedRecords).toBe(4); // mode, file-history-snapshot, last-prompt, agent-name
  });

  it('keeps thinking, skips meta and sidechain records, and lets the last title record win', async () => {
    const lines = [
      JSON.stringify({ type: 'user', isMeta: true, sessionId: 's', message: { role: 'user', content: 'Caveat: injected' } }),
      userLine('fix the flaky login test'),
      JSON.stringify({ type: 'assistant', sessionId: 's', message: { role: 'assistant', content: [{ type: 'thinking', thinking: 'hmm' }, { type: 'text', text: 'done' }] } }),
      JSON.stringify({ type: 'assistant', isSidechain: true, sessionId: 's', message: { role: 'assistant', content: [{ type: 'text', text: 'subagent talk' }] } }),
      JSON.stringify({ type: 'ai-title', aiTitle: 'First generated title' }),
      JSON.stringify({ type: 'summary', summary: 'Flaky login test fixed', leafUuid: 'x' }),
      JSON.stringify({ type: 'custom-title', customTitle: 'Old rename' }),
      JSON.stringify({ type: 'custom-title', customTitle: 'Login test rename' }),
    ];
    const r = await runImport(tmpFile(lines.join('\n') + '\n'), 'claude-code');
    expect(allEntries(r).map((e) => [e.kind, e.text])).toEqual([
      ['user', 'fix the flaky login test'],
      ['thinking', 'hmm'],
      ['assistant', 'done'],
    ]);
    expect(r.counts.sidechainRecords).toBe(1);
    expect(r.cursor?.facts).toMatchObject({ customTitle: 'Login test rename', toolTitle: 'Flaky login test fixed' });
  });

  it('stops before a truncated last line and reads it once it is whole', async () => {
    const whole = userLine('first message');
    const second = userLine('second message');
    const file = tmpFile(whole + second.slice(0, 30));
    const r1 = await runImport(file, 'claude-code');
    expect(allEntries(r1).map((e) => e.text)).toEqual(['first message']);
    expect(r1.cursor?.offset).toBe(Buffer.byteLength(whole));
    expect(r1.counts.badLines).toBe(0);

    writeFileSync(file, whole + second);
    const r2 = await runImport(file, 'claude-code', r1.cursor);
    expect(allEntries(r2).map((e) => e.text)).toEqual(['second message']);
    expect(r2.counts.bytesRead).toBe(Buffer.byteLength(second));
  });

  it('counts malformed lines and binary garbage, and keeps reading after them', async () => {
    const garbage = Buffer.from([0x00, 0xff, 0xfe, 0x7b, 0x22, 0x0a, 0x80, 0x81, 0x0a]);
    const file = tmpFile(Buffer.concat([
      Buffer.from(userLine('before') + '{"type":"user", not json\n' + '42\n' + '[1,2]\n' + '\n'),
      garbage,
      Buffer.from(userLine('after')),
    ]));
    const r = await runImport(file, 'claude-code');
    expect(allEntries(r).map((e) => e.text)).toEqual(['before', 'after']);
    expect(r.counts.badLines).toBe(5); // bad JSON, a number, an array, two garbage lines
  });

  it('skips a 50 MB line without holding it and goes on', async () => {
    const huge = JSON.stringify({ type: 'attachment', attachment: { content: 'z'.repeat(50 * 1024 * 1024) } });
    const file = tmpFile(userLine('small one') + huge + '\n' + userLine('after the giant'));
    const before = process.memoryUsage().arrayBuffers;
    const r = await runImport(file, 'claude-code', undefined, { maxLineBytes: 1 << 20 });
    expect(allEntries(r).map((e) => e.text)).toEqual(['small one', 'after the giant']);
    expect(r.counts.oversizeLines).toBe(1);
    // The giant line was never assembled: at most a few read chunks were alive.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(20 * 1024 * 1024);
  });

  it('skips large records of unwanted types by peeking at their type', async () => {
    const attachment = JSON.stringify({ parentUuid: 'p', attachment: { type: 'file', content: 'q'.repeat(150_000) }, type: 'attachment' });
    const apiRequest = JSON.stringify({ type: 'api-request-body', body: 'r'.repeat(100_000) });
    const r = await runImport(tmpFile(attachment + '\n' + apiRequest + '\n' + userLine('hello')), 'claude-code');
    expect(r.counts.skippedRecords).toBe(2);
    expect(allEntries(r).map((e) => e.text)).toEqual(['hello']);
  });

  it('reads only the new bytes of a grown file', async () => {
    const file = tmpFile(userLine('one'));
    const r1 = await runImport(file, 'claude-code');
    writeFileSync(file, userLine('one') + userLine('two') + JSON.stringify({ type: 'custom-title', customTitle: 'Named later' }) + '\n');
    const r2 = await runImport(file, 'claude-code', r1.cursor);
    expect(r2.batches[0]?.reset).toBe(false);
    expect(allEntries(r2).map((e) => e.text)).toEqual(['two']);
    expect(r2.cursor?.facts).toMatchObject({ customTitle: 'Named later', firstUserLine: 'one', entryCount: 2 });
  });

  it('starts over when the file is replaced by a smaller one', async () => {
    const file = tmpFile(userLine('one') + userLine('two') + userLine('three'));
    const r1 = await runImport(file, 'claude-code');
    writeFileSync(file, userLine('fresh'));
    const r2 = await runImport(file, 'claude-code', r1.cursor);
    expect(r2.batches[0]?.reset).toBe(true);
    expect(r2.counts.filesReset).toBe(1);
    expect(allEntries(r2).map((e) => e.text)).toEqual(['fresh']);
    expect(r2.cursor?.facts).toMatchObject({ firstUserLine: 'fresh', entryCount: 1 });
  });

  it('splits a long file into bounded batches with a cursor each', async () => {
    const file = tmpFile(Array.from({ length: 25 }, (_, i) => userLine(`message ${i}`)).join(''));
    const r = await runImport(file, 'claude-code', undefined, { batchEntries: 10 });
    expect(r.batches.map((b) => b.entries.length)).toEqual([10, 10, 5]);
    expect(r.batches.map((b) => b.last)).toEqual([false, false, true]);
    expect(r.batches[0]!.cursor.offset).toBeLessThan(r.batches[1]!.cursor.offset);
  });

  it('clips a huge tool result but keeps its head and tail', async () => {
    const result = 'HEAD' + 'x'.repeat(100_000) + 'TAIL';
    const line = JSON.stringify({ type: 'user', sessionId: 's', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: result }] } });
    const r = await runImport(tmpFile(line + '\n'), 'claude-code');
    const text = allEntries(r)[0]?.text ?? '';
    expect(text.length).toBeLessThan(17_000);
    expect(text.startsWith('HEAD')).toBe(true);
    expect(text.endsWith('TAIL')).toBe(true);
    expect(text).toContain('not imported');
  });

  it('keeps the first REAL user line: continuation, command markup, caveat and interruptions are skipped', async () => {
    const file = tmpFile(
      userLine('This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\nAnalysis: invoices.', '2026-12-02T09:00:00.000Z') +
        userLine('Caveat: The messages below were generated by the user while running local commands. DO NOT respond to these messages.', '2026-12-02T09:00:01.000Z') +
        userLine('<command-name>/model</command-name>\n<command-message>model</command-message>\n<command-args>opus</command-args>', '2026-12-02T09:00:02.000Z') +
        userLine('<local-command-stdout>Set model to opus</local-command-stdout>', '2026-12-02T09:00:03.000Z') +
        userLine('[Request interrupted by user]', '2026-12-02T09:00:04.000Z') +
        userLine('round invoice totals half up', '2026-12-02T09:00:05.000Z'),
    );
    const r = await runImport(file, 'claude-code');
    expect(r.cursor?.facts.firstUserLine).toBe('round invoice totals half up');
  });
});


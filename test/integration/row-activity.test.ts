import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCore, type Harness } from '../unit/core/harness';

/*
 * A row's subtitle says what its agent last did where nobody narrates (SPEC §7, issue 32): the host keeps a
 * short, masked "activity" on the row as entries are appended (a real core on a real SQLite file), and every
 * list page, push and reopened store has it.
 */

let harness: Harness | null = null;
afterEach(async () => {
  await harness?.core.close();
  harness = null;
});

const FOLDER = mkdtempSync(join(tmpdir(), 'sd-activity-'));

const activityOf = async (h: Harness, id: string): Promise<string | undefined> =>
  (await h.ok('sessions:list', { includeArchived: false })).find((row) => row.id === id)?.activity;

describe("the host keeps what a session's agent last did on its row", () => {
  it('Claude Code: its last tool call, then the start of its answer; a user line or a tool result changes nothing', async () => {
    const h = (harness = startCore());
    const sessions = h.core.services.sessions;
    const row = await h.ok('sessions:create', { kind: 'claude-code', folder: FOLDER });
    expect(row.activity).toBeUndefined();
    sessions.recordEntry(row.id, 'tool-use', '{ "file_path": … }', { toolUseId: 't1', tool: 'Edit', summary: '/home/ada/src/billing-api/src/retry.ts', input: '{}' });
    expect(await activityOf(h, row.id)).toBe('edited src/retry.ts');
    sessions.recordEntry(row.id, 'tool-use', 'npm test', { toolUseId: 't2', tool: 'Bash', summary: 'npm test -- --run retry', input: '{}' });
    expect(await activityOf(h, row.id)).toBe('ran npm test -- --run retry');
    // The push that told the list said it too.
    expect(h.eventsOf('session:changed').filter((r) => r.id === row.id).at(-1)?.activity).toBe('ran npm test -- --run retry');
    sessions.recordEntry(row.id, 'tool-result', '12 passed', { toolUseId: 't2', summary: '12 passed' });
    await h.ok('sessions:send', { id: row.id, text: 'and the docs?' });
    expect(await activityOf(h, row.id)).toBe('ran npm test -- --run retry');
    sessions.recordEntry(row.id, 'assistant', 'The retry policy now backs off\nexponentially, capped at 30 s.', null);
    expect(await activityOf(h, row.id)).toBe('The retry policy now backs off exponentially, capped at 30 s.');
  });

  it('masked (a key in a command never reaches the row), one line, at most 120 characters cut at a word', async () => {
    const h = (harness = startCore());
    const sessions = h.core.services.sessions;
    const row = await h.ok('sessions:create', { kind: 'chat', folder: FOLDER });
    const key = 'sk-ant-api03-' + 'Zq7'.repeat(20);
    sessions.recordEntry(row.id, 'tool-use', 'curl', { toolUseId: 't1', tool: 'Bash', summary: `ANTHROPIC_API_KEY=${key} curl https://api.example.test`, input: '{}' });
    const masked = await activityOf(h, row.id);
    expect(masked).toMatch(/^ran ANTHROPIC_API_KEY=\[secret\] curl/);
    expect(masked).not.toContain('Zq7Zq7');
    sessions.recordEntry(row.id, 'assistant', `${'word '.repeat(60)}end`, null);
    const long = (await activityOf(h, row.id))!;
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long).toMatch(/^word( word)+…$/);
  });

  it('ACP: the call kind and its first file ("edited notes.txt"); kept across a restart of the store', async () => {
    const first = startCore();
    harness = first;
    const row = await first.ok('sessions:create', { kind: 'acp', folder: FOLDER, agent: 'gemini' });
    first.core.services.sessions.recordEntry(row.id, 'tool-use', 'WriteFile notes.txt\nkind: edit\nlocations: /home/ada/docs/release/notes.txt', {
      toolCallId: 'c1',
      tool: 'edit',
      summary: 'WriteFile notes.txt',
      status: 'pending',
    });
    expect(await activityOf(first, row.id)).toBe('edited release/notes.txt');
    await first.core.close();
    harness = startCore({ dataDir: first.dataDir });
    expect(await activityOf(harness, row.id)).toBe('edited release/notes.txt');
  });

  it('a terminal keeps none (its last line says it)', async () => {
    const h = (harness = startCore());
    const row = await h.ok('sessions:create', { kind: 'terminal', folder: FOLDER });
    h.core.services.sessions.recordEntry(row.id, 'assistant', 'not from a terminal, but kept out anyway', null);
    expect(await activityOf(h, row.id)).toBeUndefined();
  });
});

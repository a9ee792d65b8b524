import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chainLink, CHAIN_TAIL } from '../../../src/main/core/agents/import/chain';
import { allEntries, runImport } from './helpers';

const FIXTURES = join(__dirname, '../../fixtures/import');

function tmpFile(content: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'sd-chain-')), 'session.jsonl');
  writeFileSync(file, content);
  return file;
}

const at = (n: number) => new Date(Date.UTC(2026, 11, 1, 10, 0, n)).toISOString();
const record = (uuid: string, parentUuid: string | null, type: string, content: unknown, n: number) =>
  JSON.stringify({ parentUuid, isSidechain: false, sessionId: 's-1', cwd: '/w', type, message: { role: type, content }, uuid, timestamp: at(n) }) + '\n';
const user = (uuid: string, parent: string | null, text: string, n: number) => record(uuid, parent, 'user', text, n);
const agent = (uuid: string, parent: string | null, text: string, n: number) => record(uuid, parent, 'assistant', [{ type: 'text', text }], n);
/** Each entry as `kind: text`, an abandoned branch's marked `rewound kind: text`. */
const texts = (r: Awaited<ReturnType<typeof runImport>>) => allEntries(r).map((e) => `${e.meta?.['rewoundBranch'] === true ? 'rewound ' : ''}${e.kind}: ${e.text}`);

describe('the conversation Claude Code resumes (parentUuid chain)', () => {
  it('shows a rewound conversation once, with one note where the abandoned attempt was and that attempt marked rewound, across a compact boundary', async () => {
    const r = await runImport(join(FIXTURES, 'claude-code-rewound.jsonl'), 'claude-code');
    const kinds = allEntries(r).map((e) => e.kind);
    expect(texts(r).slice(0, 7)).toEqual([
      'user: the websocket drops every few minutes, find out why',
      "assistant: The client never answers the server's ping, so the proxy closes idle sockets after 60 s.",
      'note: Rewound: 2 messages not kept',
      // Issue 28: the abandoned attempt stays, marked, after its note (its words are still found by search).
      'rewound user: rewrite the whole client in rust',
      'rewound assistant: Starting the Rust port: a tokio runtime and tungstenite for the socket.',
      'user: just raise the ping interval instead',
      "assistant: I set PING_MS to 25 s, below the proxy's 60 s idle timeout.",
    ]);
    expect(allEntries(r)[2]?.meta).toEqual({ rewound: 2 });
    expect(allEntries(r)[3]?.meta).toEqual({ rewoundBranch: true });
    // After the compact boundary (parentUuid null, logicalParentUuid set) the chain goes on.
    expect(kinds.slice(7)).toEqual(['summary', 'context', 'user', 'context', 'assistant', 'context', 'context']);
    expect(r.counts.rewoundRecords).toBe(2);
    expect(r.cursor?.facts.firstUserLine).toBe('the websocket drops every few minutes, find out why');
  });

  it('reads a file whose records all carry parentUuid null as one transcript in file order, no rewind (issue 28)', async () => {
    const r = await runImport(join(FIXTURES, 'claude-code-null-parents.jsonl'), 'claude-code');
    expect(texts(r)).toHaveLength(10);
    expect(texts(r)[0]).toBe('user: why does the invoice exporter skip the marmalade customer');
    expect(texts(r)[9]).toBe('assistant: All 118 tests pass, including the new pelican fixtures.');
    expect(allEntries(r).map((e) => e.kind)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(r.counts.rewoundRecords).toBe(0);

    // Read in two parts: what the second brings follows the first, without a note.
    const content = readFileSync(join(FIXTURES, 'claude-code-null-parents.jsonl'), 'utf8').split('\n');
    const file = tmpFile(content.slice(0, 5).join('\n') + '\n');
    const r1 = await runImport(file, 'claude-code');
    expect(texts(r1)).toHaveLength(4);
    appendFileSync(file, content.slice(5).join('\n'));
    const r2 = await runImport(file, 'claude-code', r1.cursor);
    expect(texts(r2)).toEqual(texts(r).slice(4));
  });

  it('still reads a new root after a linked record (a rewind to the first message) as a rewind', async () => {
    const file = tmpFile(user('r1', null, 'first try', 1) + agent('r2', 'r1', 'answer to the first try', 2) + user('r3', null, 'second try', 3) + agent('r4', 'r3', 'answer to the second try', 4));
    const r = await runImport(file, 'claude-code');
    expect(texts(r)).toEqual(['note: Rewound: 2 messages not kept', 'rewound user: first try', 'rewound assistant: answer to the first try', 'user: second try', 'assistant: answer to the second try']);
    // The session's first line is the kept conversation's.
    expect(r.cursor?.facts.firstUserLine).toBe('second try');
  });

  it('appends what continues the chain, and marks a rewind found in a later read with a note, never rewriting', async () => {
    const first = user('u1', null, 'find the slow query', 1) + agent('a1', 'u1', 'It is the report join.', 2) + user('u2', 'a1', 'add an index on orders', 3) + agent('a2', 'u2', 'Index added.', 4);
    const file = tmpFile(first);
    const r1 = await runImport(file, 'claude-code');
    expect(texts(r1)).toEqual(['user: find the slow query', 'assistant: It is the report join.', 'user: add an index on orders', 'assistant: Index added.']);

    appendFileSync(file, user('u3', 'a2', 'now run the benchmark', 5));
    const r2 = await runImport(file, 'claude-code', r1.cursor);
    expect(texts(r2)).toEqual(['user: now run the benchmark']);

    // The user rewinds to before "add an index" and asks something else.
    appendFileSync(file, user('u2b', 'a1', 'rewrite the join as a CTE', 6) + agent('a2b', 'u2b', 'Rewritten.', 7));
    const r3 = await runImport(file, 'claude-code', r2.cursor);
    expect(texts(r3)).toEqual(['note: Rewound: 3 messages not kept', 'user: rewrite the join as a CTE', 'assistant: Rewritten.']);

    // And the chain goes on from the new branch.
    appendFileSync(file, user('u4', 'a2b', 'ship it', 8));
    const r4 = await runImport(file, 'claude-code', r3.cursor);
    expect(texts(r4)).toEqual(['user: ship it']);
  });

  it('says a rewind went further back than it remembers without a count', async () => {
    let content = user('m0', null, 'start', 0);
    for (let i = 1; i <= CHAIN_TAIL + 4; i += 1) content += agent(`m${i}`, `m${i - 1}`, `step ${i}`, i);
    const file = tmpFile(content);
    const r1 = await runImport(file, 'claude-code');
    appendFileSync(file, user('late', 'm0', 'go back to the start', 99));
    const r2 = await runImport(file, 'claude-code', r1.cursor);
    expect(texts(r2)).toEqual(['note: Rewound to an earlier message: the messages after it, above, were not kept.', 'user: go back to the start']);
    expect(allEntries(r2)[0]?.meta).toEqual({ rewound: null });
  });

  it('continues correctly from the cursor of a batch in the middle of a part (a stop mid-file)', async () => {
    let content = '';
    for (let i = 0; i < 30; i += 1) content += user(`c${i}`, i === 0 ? null : `c${i - 1}`, `line ${i}`, i);
    const file = tmpFile(content);
    const r1 = await runImport(file, 'claude-code', undefined, { batchEntries: 10 });
    const middle = r1.batches[0]?.cursor;
    expect(middle?.offset).toBeLessThan(readFileSync(file).length);
    const r2 = await runImport(file, 'claude-code', middle);
    expect(texts(r2)).toEqual(Array.from({ length: 20 }, (_, i) => `user: line ${i + 10}`));
  });

  it('continues from a progress record a running tool wrote after the last message', async () => {
    const progress = JSON.stringify({ parentUuid: 'a1', isSidechain: false, type: 'progress', data: { type: 'bash_progress' }, uuid: 'p1', timestamp: at(3) }) + '\n';
    const file = tmpFile(user('u1', null, 'run the tests', 1) + agent('a1', 'u1', 'Running them.', 2) + progress);
    const r1 = await runImport(file, 'claude-code');
    appendFileSync(file, agent('a2', 'p1', 'All 40 pass.', 4));
    const r2 = await runImport(file, 'claude-code', r1.cursor);
    expect(texts(r2)).toEqual(['assistant: All 40 pass.']);
  });

  it('a part over 8 MB (read twice, not held) gives the same conversation and note', async () => {
    const attachment = (uuid: string, parent: string, n: number) =>
      JSON.stringify({ parentUuid: parent, isSidechain: false, type: 'attachment', attachment: { type: 'file', content: 'x'.repeat(1_000_000) }, uuid, timestamp: at(n) }) + '\n';
    let content = user('u1', null, 'first question', 1) + agent('a1', 'u1', 'first answer', 2);
    for (let i = 0; i < 9; i += 1) content += attachment(`att${i}`, i === 0 ? 'a1' : `att${i - 1}`, 3);
    content += user('u2', 'att8', 'abandoned attempt', 4) + user('u2b', 'att8', 'kept attempt', 5);
    const file = tmpFile(content);
    expect(readFileSync(file).length).toBeGreaterThan(8 << 20);
    const r = await runImport(file, 'claude-code');
    expect(texts(r)).toEqual(['user: first question', 'assistant: first answer', 'note: Rewound: 1 message not kept', 'rewound user: abandoned attempt', 'user: kept attempt']);
  });

  it('imports a record written twice once', async () => {
    const line = user('u1', null, 'hello there', 1);
    const r = await runImport(tmpFile(line + line + agent('a1', 'u1', 'Hi.', 2)), 'claude-code');
    expect(texts(r)).toEqual(['user: hello there', 'assistant: Hi.']);
    expect(r.counts.rewoundRecords).toBe(0);
  });

  it('records whose uuids collide but whose parents differ are different records: the chain stays whole', async () => {
    const r = await runImport(tmpFile(user('x', null, 'one', 1) + agent('y', 'x', 'two', 2) + user('x', 'y', 'three', 3) + agent('z', 'x', 'four', 4)), 'claude-code');
    expect(texts(r)).toEqual(['user: one', 'assistant: two', 'user: three', 'assistant: four']);
    expect(r.counts.rewoundRecords).toBe(0);
  });

  it('a record whose parent is missing from the file follows the record before it', async () => {
    const r = await runImport(tmpFile(user('u1', null, 'one', 1) + agent('a1', 'not-in-file', 'two', 2) + user('u2', 'a1', 'three', 3)), 'claude-code');
    expect(texts(r)).toEqual(['user: one', 'assistant: two', 'user: three']);
  });

  it('reads a record\'s link without parsing it, and the logical parent of a compact boundary', () => {
    const boundary = Buffer.from(JSON.stringify({ parentUuid: null, logicalParentUuid: 'x', type: 'system', subtype: 'compact_boundary', uuid: 'b' }));
    const plain = Buffer.from(JSON.stringify({ parentUuid: null, type: 'system', uuid: 'b' }));
    const boundaryLink = chainLink(boundary);
    const plainLink = chainLink(plain);
    expect(boundaryLink?.parent).not.toBeNull();
    expect(plainLink?.parent).toBeNull();
    expect(boundaryLink?.id).toBe(plainLink?.id);
    // A uuid only inside the message is not the record's.
    expect(chainLink(Buffer.from(JSON.stringify({ type: 'summary', message: { uuid: 'inner' } })))).toBeNull();
    expect(chainLink(Buffer.from('{"uuid":"a", broken'))).toBeNull();
  });
});

describe('every file with a good line becomes a session', () => {
  it('a Codex rollout cut after its user_message event keeps the words, counts the cut line, and does not repeat them once whole', async () => {
    const fixture = join(FIXTURES, 'codex-cut.jsonl');
    const file = tmpFile(readFileSync(fixture, 'utf8'));
    const r1 = await runImport(file, 'codex');
    expect(texts(r1)).toEqual(['user: why is the ledger balance off by one cent?']);
    expect(r1.cursor?.facts).toMatchObject({ backendId: '019a7c2e-5d41-7b3a-9f10-2c3d4e5f6a7b', firstUserLine: 'why is the ledger balance off by one cent?' });
    expect(r1.counts.cutLines).toBe(1);
    expect(r1.counts.badLines).toBe(0);

    // The tool finishes the line: the response item carries the same words, already imported.
    const whole = JSON.stringify({ timestamp: '2026-12-03T08:00:01.000Z', type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'why is the ledger balance off by one cent?' }] } });
    const content = readFileSync(fixture, 'utf8');
    writeFileSync(file, content.slice(0, content.lastIndexOf('\n') + 1) + whole + '\n');
    const r2 = await runImport(file, 'codex', r1.cursor);
    expect(texts(r2)).toEqual([]);
    expect(r2.counts.cutLines).toBe(0);
  });

  it('a garbage line in the middle is skipped and counted, the lines around it are kept', async () => {
    const r = await runImport(join(FIXTURES, 'claude-code-garbage.jsonl'), 'claude-code');
    expect(texts(r)).toEqual(['user: list the flaky tests', 'assistant: Two are flaky: login.spec and upload.spec.', 'user: fix upload.spec first']);
    expect(r.counts.badLines).toBe(2);
  });
});

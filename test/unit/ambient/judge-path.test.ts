import { describe, expect, it } from 'vitest';
import { runAmbientCall } from '../../../src/main/core/ambient/call';
import { judgeAmbientReply } from '../../../src/main/core/ambient/judge-reply';
import { ModelError, type AmbientProvider } from '../../../src/main/core/ambient/providers/types';
import { buildTitlePrompt } from '../../../src/shared/ambient/prompts/builders';
import type { AmbientCallRecord } from '../../../src/main/core/store/repos/ambientCalls';

describe('the path after the model', () => {
  it.each([
    ['ANSWER: Fix the login race', 'use'],
    ['SKIP', 'skip'],
    ['', 'reject'],
    ['Fix the login race', 'reject'],
    ['ANSWER: (none yet)', 'reject'],
    ["ANSWER: I'm sorry, I cannot help with that", 'reject'],
    ['ANSWER: Fix login\nand more', 'reject'],
    ['```\nANSWER: x\n```', 'reject'],
    ['{"answer": "Fix login"}', 'reject'],
    ['ANSWER: "Fix the login race"', 'use'],
    ['ANSWER: ' + 'word '.repeat(40), 'reject'],
  ])('title reply %j → %s', (raw, verdict) => {
    expect(judgeAmbientReply(raw, 'title-create').verdict).toBe(verdict);
  });

  it('a pick-up note must end with exactly "How can I help?"', () => {
    expect(judgeAmbientReply('ANSWER: I picked up where we left off. The tests pass. How can I help?', 'pickup-note').verdict).toBe('use');
    expect(judgeAmbientReply('ANSWER: I picked up where we left off. The tests pass.', 'pickup-note')).toMatchObject({ verdict: 'reject', reason: 'no-closing-question' });
  });

  it('a name equal to a sibling\'s is rejected', () => {
    expect(judgeAmbientReply('ANSWER: Search for callers', 'subagent-name', { takenNames: ['search for callers'] })).toMatchObject({ verdict: 'reject', reason: 'duplicate' });
    expect(judgeAmbientReply('ANSWER: Update the tests', 'subagent-name', { takenNames: ['Search for callers'] }).verdict).toBe('use');
  });

  it('risky or questioning next prompts are rejected', () => {
    expect(judgeAmbientReply('ANSWER: Force push the branch', 'next-prompt').verdict).toBe('reject');
    expect(judgeAmbientReply('ANSWER: Should I run the tests?', 'next-prompt').verdict).toBe('reject');
    expect(judgeAmbientReply('ANSWER: Run the tests', 'next-prompt').verdict).toBe('use');
  });
});

function fake(id: AmbientProvider['id'], replies: Array<string | Error>): AmbientProvider & { calls: number } {
  const p = {
    id,
    model: `${id}-model`,
    calls: 0,
    supports: () => true,
    complete: async () => {
      const r = replies[p.calls] ?? replies[replies.length - 1];
      p.calls += 1;
      if (r instanceof Error) throw r;
      return { text: r ?? '', model: `${id}-model`, tokensIn: 10, tokensOut: 2 };
    },
  };
  return p;
}

describe('one call through the chain', () => {
  const prompt = buildTitlePrompt({ userMessage: 'fix the login race' });
  if (!prompt) throw new Error('prompt');
  const run = (providers: AmbientProvider[], records: AmbientCallRecord[]) =>
    runAmbientCall({ prompt, sessionId: 's1', providers, bounds: { connectMs: 1, idleMs: 1, totalMs: 1 }, now: () => 0, record: (c) => records.push(c) });

  it('a good first answer is used and logged once', async () => {
    const records: AmbientCallRecord[] = [];
    const out = await run([fake('anthropic', ['ANSWER: Fix the login race'])], records);
    expect(out).toMatchObject({ verdict: 'use', text: 'Fix the login race', attempts: 1 });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ kind: 'title-create', verdict: 'use', tokensIn: 10, tokensOut: 2, replyExcerpt: 'ANSWER: Fix the login race' });
  });

  it('SKIP is final: no second attempt', async () => {
    const p = fake('anthropic', ['SKIP']);
    const out = await run([p, fake('offline', ['ANSWER: Other'])], []);
    expect(out.verdict).toBe('skip');
    expect(p.calls).toBe(1);
  });

  it('an error, then the next provider; two failures give no value', async () => {
    const records: AmbientCallRecord[] = [];
    const out = await run([fake('anthropic', [new ModelError('timeout', 'slow')]), fake('offline', ['SKIP'])], records);
    expect(out.verdict).toBe('skip');
    // The second attempt's record says why it was made.
    expect(records.map((r) => [r.verdict, r.retryOf])).toEqual([
      ['error', null],
      ['skip', 'error'],
    ]);
    const rejected: AmbientCallRecord[] = [];
    const bad = await run([fake('openai', ['ANSWER: Untitled', 'ANSWER: n/a'])], rejected);
    expect(bad).toMatchObject({ verdict: 'reject', text: null, attempts: 2 });
    expect(rejected.map((r) => r.retryOf)).toEqual([null, 'reject']);
  });
});

describe('a reply in a script the session does not use', () => {
  const english = buildTitlePrompt({ userMessage: 'the websocket drops every few minutes' });
  const japanese = buildTitlePrompt({ userMessage: 'ログイン画面が真っ白になる' });

  it('is rejected as other-script; the same script, or one the material uses, passes', () => {
    expect(judgeAmbientReply('ANSWER: 修复WebSocket重连', 'title-create', { material: english?.material ?? '' })).toMatchObject({ verdict: 'reject', reason: 'other-script' });
    expect(judgeAmbientReply('ANSWER: Fix websocket drops', 'title-create', { material: english?.material ?? '' }).verdict).toBe('use');
    expect(judgeAmbientReply('ANSWER: ログイン画面の修正', 'title-create', { material: japanese?.material ?? '' }).verdict).toBe('use');
  });

  it('the material is the blocks only, not the English instruction', () => {
    expect(japanese?.material).toBe('ログイン画面が真っ白になる');
    expect(judgeAmbientReply('ANSWER: Fix the blank login screen', 'title-create', { material: japanese?.material ?? '' })).toMatchObject({ verdict: 'reject', reason: 'other-script' });
  });

  it('the pick-up note\'s fixed English closing does not count', () => {
    expect(judgeAmbientReply('ANSWER: 前回の続きです。ログイン画面を直しました。How can I help?', 'pickup-note', { material: 'ログイン画面' }).verdict).toBe('use');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Entry, EntryKind } from '../../../src/shared/domain/session';
import { COMPACTION_SUMMARY_PREFIX } from '../../../src/shared/compaction';
import { USER, historyProblem, renderSpeech, APP } from '../../../src/main/core/agents/chat/conversation';
import { conversationFromEntries, lastReplySeq } from '../../../src/main/core/agents/chat/history';

function entries(items: Array<{ kind: EntryKind; text: string; meta?: Entry['meta'] }>): Entry[] {
  return items.map((it, seq) => ({ sessionId: 's', seq, kind: it.kind, text: it.text, meta: it.meta ?? null, createdAt: 0 }));
}

const kind = fc.constantFrom<EntryKind>('user', 'steer', 'assistant', 'thinking', 'tool-use', 'tool-result', 'note', 'error', 'summary');
const item = fc.record({ kind, text: fc.oneof(fc.constant(''), fc.constant('  '), fc.stringMatching(/^[a-z ]{1,10}$/)), n: fc.nat({ max: 20 }) }).map(({ kind: k, text, n }) => ({
  kind: k,
  text: k === 'summary' ? `${COMPACTION_SUMMARY_PREFIX}\n${text}` : text,
  meta: (k === 'tool-use' || k === 'tool-result' ? { toolUseId: `t${n}`, tool: 'Bash', input: '{"command":"ls"}' } : k === 'summary' ? { coversThroughSeq: n } : null) as Entry['meta'],
}));

describe('conversationFromEntries', () => {
  it('any stored transcript rebuilds into a history a provider accepts once the user speaks', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), (items) => {
        const c = conversationFromEntries(entries(items));
        c.pushText(USER, 'and now?');
        expect(c.canRequest()).toBe(true);
        expect(historyProblem(c.assemble())).toBeNull();
      }),
      { numRuns: 800 },
    );
  });

  it('rebuilds a turn with a tool call in order', () => {
    const c = conversationFromEntries(
      entries([
        { kind: 'user', text: 'list files' },
        { kind: 'thinking', text: 'hmm' },
        { kind: 'assistant', text: 'Looking.' },
        { kind: 'tool-use', text: 'ls', meta: { toolUseId: 'a', tool: 'Bash', input: '{"command":"ls"}' } },
        { kind: 'tool-result', text: 'notes.txt', meta: { toolUseId: 'a', isError: false } },
        { kind: 'assistant', text: 'One file.' },
        { kind: 'error', text: 'a later request failed' },
        { kind: 'user', text: 'thanks' },
      ]),
    );
    expect(c.assemble()).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'list files' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Looking.' }, { type: 'tool_use', id: 'a', name: 'Bash', input: { command: 'ls' } }] },
      { role: 'user', content: [{ type: 'tool_result', toolUseId: 'a', content: 'notes.txt', isError: false }] },
      { role: 'assistant', content: [{ type: 'text', text: 'One file.' }] },
      { role: 'user', content: [{ type: 'text', text: 'thanks' }] },
    ]);
  });

  it('starts from the last summary, keeping the user text it left open', () => {
    const summary = `${COMPACTION_SUMMARY_PREFIX}\nWe fixed the port.`;
    const list = entries([
      { kind: 'user', text: 'old question' },
      { kind: 'assistant', text: 'old answer' },
      { kind: 'user', text: 'open question' },
      { kind: 'summary', text: summary, meta: { coversThroughSeq: 1 } },
      { kind: 'assistant', text: 'new answer' },
    ]);
    expect(lastReplySeq(list.slice(0, 3))).toBe(1);
    const c = conversationFromEntries(list);
    expect(c.messages()).toEqual([
      { role: 'user', content: [{ type: 'text', text: renderSpeech(APP, summary) }, { type: 'text', text: 'open question' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'new answer' }] },
    ]);
  });
});

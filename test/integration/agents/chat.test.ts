import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPACTION_SUMMARY_PREFIX } from '../../../src/shared/compaction';
import { ENVELOPE_TAG } from '../../../src/main/core/agents/chat/conversation';
import { startModelServer, type ModelServer } from '../../support/model-server';
import { EntryLog, chatSession, provider, say, settle } from './chatHarness';

/** The chat backend with the real SDKs against the stand-in model server, both wire protocols. */
let server: ModelServer;
beforeEach(async () => {
  server = await startModelServer();
});
afterEach(async () => {
  await server.close();
});

type Msg = { role: string; content: unknown };
const messagesOf = (i: number): Msg[] => (server.requests[i]?.body?.messages as Msg[] | undefined) ?? [];
const rolesOf = (i: number): string[] => messagesOf(i).map((m) => m.role);

describe.each(['anthropic', 'openai'] as const)('chat over %s', (api) => {
  const nonSystem = (i: number) => rolesOf(i).filter((r) => r !== 'system');

  it('holds a multi-turn conversation: entries committed, live text pushed, statuses, history sent back', async () => {
    server.enqueue({ text: 'Kumquats are small citrus fruits.', chunkDelayMs: 30 }, { text: 'They taste sweet and sour.' });
    const log = new EntryLog();
    const s = chatSession(provider(server, api), log);
    await say(s, log, 'what is a kumquat?');
    expect(s.working).toBe(true);
    await settle(s);
    await say(s, log, 'how do they taste?');
    await settle(s);
    expect(log.committed.map((e) => [e.kind, e.text])).toEqual([
      ['user', 'what is a kumquat?'],
      ['assistant', 'Kumquats are small citrus fruits.'],
      ['user', 'how do they taste?'],
      ['assistant', 'They taste sweet and sour.'],
    ]);
    expect(log.events.some((e) => e.type === 'streaming' && e.text.startsWith('Kumquats'))).toBe(true);
    expect(log.statuses()).toEqual(['working', 'answered', 'working', 'answered']);
    expect(log.events.filter((e) => e.type === 'turn-completed')).toHaveLength(2);
    expect(nonSystem(1)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(messagesOf(1))).toContain('Kumquats are small citrus fruits.');
    // Each text exactly once, though the runtime commits it before the backend sees it.
    expect(JSON.stringify(messagesOf(1)).split('what is a kumquat?')).toHaveLength(2);
    expect(JSON.stringify(messagesOf(1)).split('how do they taste?')).toHaveLength(2);
  });

  it('typing while the model streams steers it: the held text is the next user turn, nothing rewritten', async () => {
    server.enqueue({ text: 'A long answer that streams slowly over a second or so.', chunkDelayMs: 120 }, { text: 'Adjusted answer.' });
    const log = new EntryLog();
    const s = chatSession(provider(server, api), log);
    await say(s, log, 'explain websockets');
    await log.waitFor((e) => e.type === 'streaming', 5_000);
    await say(s, log, 'keep it short');
    await settle(s);
    expect(log.committed.map((e) => e.kind)).toEqual(['user', 'steer', 'assistant', 'assistant']);
    expect(server.requests).toHaveLength(2);
    expect(nonSystem(0)).toEqual(['user']);
    expect(nonSystem(1)).toEqual(['user', 'assistant', 'user']);
    // The first request's message went out again unchanged; the steer came after the reply.
    expect(messagesOf(1)[rolesOf(1).indexOf('user')]).toEqual(messagesOf(0)[rolesOf(0).indexOf('user')]);
    expect(JSON.stringify(messagesOf(1).at(-1))).toContain('keep it short');
  });

  it('stop aborts the stream at once: nothing half-written, live text cleared, idle', async () => {
    server.enqueue({ text: 'This answer dribbles out slowly and should never be committed.', chunkDelayMs: 200 });
    const log = new EntryLog();
    const s = chatSession(provider(server, api), log);
    await say(s, log, 'go slowly');
    await log.waitFor((e) => e.type === 'streaming' && e.text !== '', 5_000);
    const t0 = Date.now();
    await s.stop();
    expect(Date.now() - t0).toBeLessThan(500);
    expect(log.committed.map((e) => [e.kind, e.text])).toEqual([['user', 'go slowly'], ['note', 'Stopped by you.']]);
    expect(log.events.filter((e) => e.type === 'streaming').at(-1)).toMatchObject({ text: '' });
    expect(log.statuses().at(-1)).toBe('idle');
    // The unanswered message is open again: the next text joins it in one user message.
    server.enqueue({ text: 'Fine.' });
    await say(s, log, 'actually, quickly');
    await settle(s);
    expect(nonSystem(1)).toEqual(['user']);
    expect(JSON.stringify(messagesOf(1))).toContain('go slowly');
    expect(JSON.stringify(messagesOf(1))).toContain('actually, quickly');
  });

  it('a tool use (there are no tools) is answered with an error result right after it, then the model answers', async () => {
    server.enqueue({ content: [{ type: 'tool_use', name: 'Bash', input: { command: 'ls' } }] }, { text: 'I cannot run commands here.' });
    const log = new EntryLog();
    const s = chatSession(provider(server, api), log);
    await say(s, log, 'list the files');
    await settle(s);
    expect(log.committed.map((e) => e.kind)).toEqual(['user', 'tool-use', 'tool-result', 'assistant']);
    if (api === 'anthropic') {
      expect(rolesOf(1)).toEqual(['user', 'assistant', 'user']);
      const results = messagesOf(1)[2]?.content as Array<{ type: string; is_error?: boolean }>;
      expect(results[0]).toMatchObject({ type: 'tool_result', is_error: true });
    } else {
      expect(rolesOf(1)).toEqual(['system', 'user', 'assistant', 'tool']);
    }
  });
});

describe.each(['anthropic', 'openai'] as const)('chat faults over %s, each ending in bounded time with a clear status', (api) => {
  async function run(faults: Parameters<ModelServer['enqueue']>, limits = {}) {
    server.enqueue(...faults);
    const log = new EntryLog();
    const s = chatSession(provider(server, api), log, limits);
    const t0 = Date.now();
    await say(s, log, 'hello');
    await settle(s);
    return { log, ms: Date.now() - t0, kinds: log.committed.map((e) => e.kind), status: log.statuses().at(-1) };
  }

  it('429 with retry-after: waits as told, then answers', async () => {
    const r = await run([{ fault: 'rate-limit', retryAfterSeconds: 1 }, { text: 'after the wait' }]);
    expect(r.kinds).toEqual(['user', 'assistant']);
    expect(r.ms).toBeGreaterThanOrEqual(950);
    expect(r.ms).toBeLessThan(4_000);
    expect(server.requests).toHaveLength(2);
  });

  it('429 asking for longer than we wait: fails at once and says when', async () => {
    const r = await run([{ fault: 'rate-limit', retryAfterSeconds: 120 }]);
    expect(r.status).toBe('error');
    expect(r.log.committed.at(-1)?.text).toMatch(/rate limiting.*120 s/);
    expect(r.ms).toBeLessThan(2_000);
  });

  it('529 twice, then an answer (backoff)', async () => {
    const r = await run([{ fault: 'overloaded' }, { fault: 'overloaded' }, { text: 'ok now' }]);
    expect(r.kinds).toEqual(['user', 'assistant']);
    expect(server.requests).toHaveLength(3);
    expect(r.ms).toBeLessThan(4_000);
  });

  it('500 on every attempt: gives up after the bounded retries', async () => {
    const r = await run([{ fault: 'server-error' }, { fault: 'server-error' }, { fault: 'server-error' }, { fault: 'server-error' }, { text: 'never' }]);
    expect(r.status).toBe('error');
    expect(r.kinds).toEqual(['user', 'error']);
    expect(r.log.committed.at(-1)?.text).toMatch(/server error \(HTTP 500\).*Gave up after 4 attempts/);
    expect(server.requests).toHaveLength(4);
    expect(r.ms).toBeLessThan(3_000);
  });

  it('an error event after a 200: the partial text is discarded and the request retried', async () => {
    const r = await run([{ fault: 'error-after-200' }, { text: 'clean answer' }]);
    expect(r.log.committed.map((e) => e.text)).toEqual(['hello', 'clean answer']);
    expect(r.status).toBe('answered');
  });

  it('a stream gone silent after its headers: the idle watchdog ends it with an error', async () => {
    const r = await run([{ fault: 'silence-after-headers' }]);
    expect(r.status).toBe('error');
    expect(r.kinds).toEqual(['user', 'error']);
    expect(r.log.committed.at(-1)?.text).toMatch(/went silent for \d+ s/);
    expect(r.ms).toBeGreaterThanOrEqual(1_400);
    expect(r.ms).toBeLessThan(3_000);
  });

  it('a dribbling stream: the attempt deadline ends it even though bytes keep coming', async () => {
    const r = await run([{ fault: 'dribble', intervalMs: 20, bytesPerPiece: 6 }]);
    expect(r.status).toBe('error');
    expect(r.log.committed.at(-1)?.text).toMatch(/took longer than 4 s/);
    expect(r.ms).toBeGreaterThanOrEqual(3_900);
    expect(r.ms).toBeLessThan(6_000);
    expect(r.kinds).toEqual(['user', 'error']);
  });

  it('a truncated body: retried, and an error when it keeps happening', async () => {
    const once = await run([{ fault: 'truncated' }, { text: 'whole answer' }]);
    expect(once.log.committed.map((e) => e.text)).toEqual(['hello', 'whole answer']);
    const always = await run([{ fault: 'truncated' }, { fault: 'truncated' }, { fault: 'truncated' }, { fault: 'truncated' }]);
    expect(always.status).toBe('error');
    expect(always.log.committed.at(-1)?.text).toMatch(/cut off.*Gave up after 4 attempts/);
    expect(always.ms).toBeLessThan(3_000);
  });

  it('a reset connection: retried, then an error after the bounded attempts', async () => {
    const r = await run([{ fault: 'reset' }, { fault: 'reset' }, { fault: 'reset' }, { fault: 'reset' }]);
    expect(r.status).toBe('error');
    expect(r.log.committed.at(-1)?.text).toMatch(/connection failed.*Gave up after 4 attempts/);
    expect(r.ms).toBeLessThan(3_000);
  });
});

describe('chat history across restarts and compaction', () => {
  it('a new session object rebuilds the history from committed entries', async () => {
    server.enqueue({ text: 'Noted: the port is 8443.' }, { text: 'It was 8443.' });
    const log = new EntryLog();
    const first = chatSession(provider(server, 'anthropic'), log);
    await say(first, log, 'the port is 8443');
    await settle(first);
    const second = chatSession(provider(server, 'anthropic'), log);
    await say(second, log, 'which port?');
    await settle(second);
    expect(rolesOf(1)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(messagesOf(1))).toContain('the port is 8443');
  });

  it('past the token budget the history is compacted into a summary entry with the fixed prefix', async () => {
    const long = 'word '.repeat(200);
    server.enqueue({ text: `First reply. ${long}` }, { text: 'The user asked a long question; it was answered.' }, { text: 'Second reply.' });
    const log = new EntryLog();
    const s = chatSession(provider(server, 'anthropic'), log, { compactAtTokens: 400 });
    await say(s, log, `first question ${long}`);
    await settle(s);
    await say(s, log, 'second question');
    await settle(s);
    expect(log.committed.map((e) => e.kind)).toEqual(['user', 'assistant', 'user', 'summary', 'assistant']);
    const summary = log.committed.find((e) => e.kind === 'summary');
    expect(summary?.text.startsWith(`${COMPACTION_SUMMARY_PREFIX}\n`)).toBe(true);
    expect(summary?.text).toContain('it was answered');
    expect(summary?.meta).toMatchObject({ coversThroughSeq: 1 });
    // The summary call saw the conversation as escaped data, and was not streamed into the pane.
    expect(server.requests[1]?.lastUserText).toContain('<conversation>');
    expect(log.events.some((e) => e.type === 'streaming' && e.text.includes('it was answered'))).toBe(false);
    // The request after compaction: one user message, the summary in Swarmdesk's envelope, then the new text.
    expect(rolesOf(2)).toEqual(['user']);
    const text = JSON.stringify(messagesOf(2));
    expect(text).toContain(`<${ENVELOPE_TAG} from=\\"swarmdesk\\">${COMPACTION_SUMMARY_PREFIX}`);
    expect(text).toContain('second question');
    expect(text).not.toContain('first question');
    // A restart rebuilds from the summary on, with the text it left open.
    server.enqueue({ text: 'ok' });
    const again = chatSession(provider(server, 'anthropic'), log, { compactAtTokens: 100_000 });
    await say(again, log, 'third');
    await settle(again);
    expect(rolesOf(3)).toEqual(['user', 'assistant', 'user']);
    const rebuilt = JSON.stringify(messagesOf(3));
    expect(rebuilt).not.toContain('first question');
    expect(rebuilt).toContain(COMPACTION_SUMMARY_PREFIX);
    expect(rebuilt).toContain('second question');
    expect(rebuilt).toContain('Second reply.');
  });
});

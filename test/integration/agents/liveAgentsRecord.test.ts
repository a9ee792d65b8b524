import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ClaudeCodeBackend, type ClaudeCodeSession } from '../../../src/main/core/agents/claude/backend';
import { LiveAgentsRecord } from '../../../src/main/core/agents/liveAgentsRecord';
import { createLogger, setLogSink } from '../../../src/main/core/logger';
import { ok, startCore, useFakeAgent, live } from '../acp/harness';
import { until } from '../../support/until';
import { FAKE_CLAUDE, Recorder, groupAlive, makeRow, tempDir } from './helpers';

/*
 * Both spawners keep the live agents record true: a Claude Code CLI and an ACP agent are in it
 * while they run, and out of it once they are gone; a core that closes normally leaves it empty.
 */
setLogSink(() => {});
const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

function onDisk(file: string): Array<{ pid: number; kind: string; sessionId: string }> {
  return (JSON.parse(readFileSync(file, 'utf8')) as { agents: Array<{ pid: number; kind: string; sessionId: string }> }).agents;
}

describe('the live agents record, kept by the spawners', () => {
  it('holds a Claude Code CLI while it lives and drops it once a stop has ended it', async () => {
    const dir = tempDir('live-claude');
    cleanup.push(dir.remove);
    const file = join(dir.path, 'agents.json');
    const record = new LiveAgentsRecord({ file, log: createLogger('test') });
    const rec = new Recorder();
    const s = new ClaudeCodeBackend({ claudePath: FAKE_CLAUDE, env: { FAKE_CLAUDE_MODE: 'ok' }, liveAgents: record }).open(
      { row: makeRow({ id: 'sess-live' }), entries: () => [], permissionMode: () => null },
      rec.sink,
    ) as ClaudeCodeSession;
    cleanup.push(() => s.dispose());
    await s.send('go');
    await rec.waitFor((e) => e.type === 'turn-completed', 10_000);
    const pid = s.pid as number;
    expect(onDisk(file)).toMatchObject([{ pid, kind: 'claude-code', sessionId: 'sess-live' }]);
    await s.stop();
    expect(groupAlive(pid)).toBe(false);
    await until(() => onDisk(file).length === 0, { timeoutMs: 5_000, message: 'the CLI out of the record' });
  });

  it('holds an ACP agent while it lives; a core that closes normally leaves an empty record', async () => {
    const dir = tempDir('live-acp');
    cleanup.push(dir.remove);
    const h = startCore(dir.path);
    let closed = false;
    cleanup.push(() => (closed ? undefined : h.core.close()));
    await useFakeAgent(h);
    const row = await ok(h, 'sessions:create', { kind: 'acp', agent: 'custom-fake' });
    await ok(h, 'sessions:send', { id: row.id, text: 'say hello' });
    const file = join(dir.path, 'data', 'agents.json');
    const pid = await until(() => live(h, row.id)?.pid, { timeoutMs: 10_000, message: 'the agent process' });
    await until(() => onDisk(file).some((e) => e.pid === pid && e.kind === 'acp' && e.sessionId === row.id), { timeoutMs: 10_000, message: 'the agent in the record' });
    await h.core.close();
    closed = true;
    expect(groupAlive(pid)).toBe(false);
    expect(onDisk(file)).toEqual([]);
  });
});

import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClientFrameSchema, FrameReader } from '../../../src/main/transport/socket/frames';
import { envDifferences, hostSocketPath, settingsEnvDigest } from '../../../src/main/transport/socket/hostFiles';

function reader(max = 100): { frames: unknown[]; errors: string[]; r: FrameReader } {
  const frames: unknown[] = [];
  const errors: string[] = [];
  return { frames, errors, r: new FrameReader(max, (f) => frames.push(f), (e) => errors.push(e)) };
}

describe('the session host socket frames', () => {
  it('splits a stream into JSON lines, across chunks and several per chunk', () => {
    const { frames, errors, r } = reader();
    r.push('{"a":1}\n{"b"');
    r.push(':2}\n\n{"c":');
    expect(frames).toEqual([{ a: 1 }, { b: 2 }]);
    r.push('3}\n');
    expect(frames).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
    expect(errors).toEqual([]);
  });

  it('stops at a line that is not JSON, and at one past the limit (even before its newline)', () => {
    const bad = reader();
    bad.r.push('nope\n{"a":1}\n');
    expect(bad.errors).toEqual(['a frame that is not JSON']);
    expect(bad.frames).toEqual([]);
    const long = reader(10);
    long.r.push('{"a":"0123456789');
    expect(long.errors).toEqual(['a frame longer than the limit']);
    long.r.push('"}\n');
    expect(long.frames).toEqual([]);
  });

  it('sets a frame nested deeper than its bound aside, parsed, and reads on (5,000 and 200,000 levels)', () => {
    const frames: unknown[] = [];
    const deep: unknown[] = [];
    const errors: string[] = [];
    const r = new FrameReader(1_000_000, (f) => frames.push(f), (e) => errors.push(e), { maxDepth: 65, onTooDeep: (f) => deep.push(f) });
    for (const depth of [5_000, 200_000]) {
      r.push(`{"t":"req","id":${depth},"channel":"sessions:list","input":${'['.repeat(depth)}${']'.repeat(depth)}}\n`);
    }
    r.push('{"t":"req","id":1,"channel":"sessions:list","input":{"a":[[1]]}}\n');
    expect(deep.map((f) => (f as { id: number }).id)).toEqual([5_000, 200_000]);
    expect(frames).toEqual([{ t: 'req', id: 1, channel: 'sessions:list', input: { a: [[1]] } }]);
    expect(errors).toEqual([]);
  });

  it('a client frame is one of the known shapes; anything else does not parse', () => {
    expect(ClientFrameSchema.safeParse({ t: 'req', id: 1, channel: 'sessions:list', input: {} }).success).toBe(true);
    expect(ClientFrameSchema.safeParse({ t: 'req', id: -1, channel: 'x' }).success).toBe(false);
    expect(ClientFrameSchema.safeParse({ t: 'eval', code: 'x' }).success).toBe(false);
  });

  it('settings variables travel as digests, never values; differences are named', () => {
    const host = settingsEnvDigest({ ANTHROPIC_API_KEY: 'sk-secret', SWARMDESK_CHAT_MODEL: 'a', PATH: '/bin' });
    expect(Object.keys(host).sort()).toEqual(['ANTHROPIC_API_KEY', 'SWARMDESK_CHAT_MODEL']);
    expect(JSON.stringify(host)).not.toContain('sk-secret');
    const front = settingsEnvDigest({ ANTHROPIC_API_KEY: 'sk-secret', SWARMDESK_CHAT_MODEL: 'b', OPENAI_BASE_URL: 'http://x' });
    expect(envDifferences(host, front)).toEqual(['OPENAI_BASE_URL', 'SWARMDESK_CHAT_MODEL']);
  });

  it('the socket sits in the data folder unless that path is too long for the platform', () => {
    expect(hostSocketPath('/tmp/short')).toBe('/tmp/short/host.sock');
    const long = `/tmp/${'x'.repeat(120)}`;
    const base = mkdtempSync(join(tmpdir(), 'swarmdesk-rt-'));
    expect(hostSocketPath(long, { XDG_RUNTIME_DIR: base })).toMatch(/\/swarmdesk-\d+\/[0-9a-f]{16}\.sock$/);
    // A folder of that name that is not private (another user's, or opened up) is refused, not used.
    chmodSync(join(base, `swarmdesk-${process.getuid!()}`), 0o777);
    expect(() => hostSocketPath(long, { XDG_RUNTIME_DIR: base })).toThrow(/not a private folder/);
    rmSync(base, { recursive: true, force: true });
  });
});

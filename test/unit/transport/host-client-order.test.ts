import { duplexPair, type Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameReader, type HostFrame } from '../../../src/main/transport/socket/frames';
import { HostConnection } from '../../../src/main/transport/socket/hostClient';
import { until } from '../../support/until';

/*
 * A front hands a reply on through promise callbacks (its router, then a page's socket) and a push at
 * once. When the host's reply and a push right behind it arrive in one read, the push must still reach
 * the front's reader second: the page otherwise overwrites the newer push with the older reply (a
 * pick-up note shown, then blanked by the pane's `ambient:sessionState` snapshot).
 */

const ME = { kind: 'web' as const, version: '0', protocol: 'p', url: null, env: {} };

/** A front over one end of a pipe, and the other end playing the host: what the front asked, and a writer. */
async function connected(): Promise<{ front: HostConnection; asked: Array<{ t: string; id?: number }>; host: Duplex }> {
  const [frontSide, host] = duplexPair();
  const asked: Array<{ t: string; id?: number }> = [];
  host.setEncoding('utf8');
  const reader = new FrameReader(1_000_000, (f) => asked.push(f as { t: string }), () => {});
  host.on('data', (chunk: string) => reader.push(chunk));
  const opening = HostConnection.over(frontSide, 's', ME, null);
  const welcome: HostFrame = { t: 'welcome', pid: 1, version: '0', protocol: 'p', startedAt: '', envDiffers: [], liveAgents: 0 };
  host.write(encodeFrame(welcome));
  return { front: await opening, asked, host };
}

/** A reply's way to its reader: a few promise hops, as through the router and a socket's `.then`. */
function relayed(front: HostConnection, channel: string, seen: string[]): void {
  void front
    .handle(channel, {}, { transport: 'web' })
    .then((r) => r)
    .then(async (r) => await Promise.resolve(r))
    .then((r) => seen.push(`reply ${r.ok ? String(r.value) : 'failed'}`));
}

describe('a front keeps the host’s order of replies and pushes', () => {
  it('a push right behind a reply in one read reaches its reader after the reply', async () => {
    const { front, asked, host } = await connected();
    const seen: string[] = [];
    front.subscribe((name, payload) => seen.push(`push ${name} ${(payload as { text: string }).text}`));
    relayed(front, 'ambient:sessionState', seen);
    await until(() => asked.some((f) => f.t === 'req'));
    const id = asked.find((f) => f.t === 'req')?.id ?? -1;
    host.write(
      encodeFrame({ t: 'res', id, result: { ok: true, value: 'none yet' } }) +
        encodeFrame({ t: 'event', name: 'session:pickupNote', payload: { sessionId: 'a', text: 'note' } }),
    );
    await until(() => seen.length === 2);
    expect(seen).toEqual(['reply none yet', 'push session:pickupNote note']);
    front.close();
  });

  it('pushes and replies interleaved in one read all arrive in order', async () => {
    const { front, asked, host } = await connected();
    const seen: string[] = [];
    front.subscribe((_name, payload) => seen.push(`push ${(payload as { text: string }).text}`));
    relayed(front, 'ambient:sessionState', seen);
    relayed(front, 'ambient:sessionState', seen);
    await until(() => asked.filter((f) => f.t === 'req').length === 2);
    const [a, b] = asked.filter((f) => f.t === 'req').map((f) => f.id ?? -1);
    const push = (text: string): string => encodeFrame({ t: 'event', name: 'session:pickupNote', payload: { sessionId: 'a', text } });
    host.write(push('1') + encodeFrame({ t: 'res', id: a ?? -1, result: { ok: true, value: 'A' } }) + push('2') + encodeFrame({ t: 'res', id: b ?? -1, result: { ok: true, value: 'B' } }) + push('3'));
    await until(() => seen.length === 5);
    expect(seen).toEqual(['push 1', 'reply A', 'push 2', 'reply B', 'push 3']);
    front.close();
  });

  it('a reply held back behind another still answers when the connection ends meanwhile', async () => {
    const { front, asked, host } = await connected();
    const seen: string[] = [];
    // The first reply's reader ends the connection at once: the second reply had already arrived.
    void front.handle('sessions:list', {}, { transport: 'web' }).then((r) => {
      seen.push(`reply ${r.ok ? String(r.value) : 'failed'}`);
      front.close();
    });
    relayed(front, 'sessions:list', seen);
    await until(() => asked.filter((f) => f.t === 'req').length === 2);
    const [a, b] = asked.filter((f) => f.t === 'req').map((f) => f.id ?? -1);
    host.write(encodeFrame({ t: 'res', id: a ?? -1, result: { ok: true, value: 'A' } }) + encodeFrame({ t: 'res', id: b ?? -1, result: { ok: true, value: 'B' } }));
    await until(() => seen.length === 2);
    expect(seen).toEqual(['reply A', 'reply B']);
  });
});

describe('a front bounds how deeply what it sends and reads nests (issue 28)', () => {
  it('a request nested 5,000 levels is BAD_INPUT before it is written; a reply or push from the host nested 5,000 levels is not passed on, and the connection carries on', async () => {
    const { front, asked, host } = await connected();
    let deep: unknown = 'x';
    for (let i = 0; i < 5_000; i++) deep = [deep];
    expect(await front.handle('sessions:rename', { id: 'a', title: deep }, { transport: 'web' })).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    expect(asked.filter((f) => f.t === 'req')).toEqual([]);

    const pushes: string[] = [];
    front.subscribe((_name, payload) => pushes.push((payload as { text: string }).text));
    const reply = front.handle('sessions:get', { id: 'a' }, { transport: 'web' });
    await until(() => asked.some((f) => f.t === 'req'));
    const id = asked.find((f) => f.t === 'req')?.id ?? -1;
    const nested = '['.repeat(5_000) + ']'.repeat(5_000);
    host.write(`{"t":"event","name":"session:pickupNote","payload":{"sessionId":"a","text":${nested}}}\n`);
    host.write(`{"t":"res","id":${id},"result":{"ok":true,"value":${nested}}}\n`);
    expect(await reply).toMatchObject({ ok: false, error: { code: 'INTERNAL', message: expect.stringContaining('nested too deeply') } });
    host.write(encodeFrame({ t: 'event', name: 'session:pickupNote', payload: { sessionId: 'a', text: 'after' } }));
    await until(() => pushes.length > 0);
    expect(pushes).toEqual(['after']);
    expect(front.isOpen()).toBe(true);
    front.close();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { handlers } from '../../../src/main/core/handlers';
import { setLogSink } from '../../../src/main/core/logger';
import { Router } from '../../../src/main/core/router/router';
import { CHANNEL_NAMES } from '../../../src/shared/ipc/contract';
import { startCore, type Harness } from './harness';

let h: Harness;
afterEach(async () => {
  await h.core.close();
});

describe('router over the real core', () => {
  it('has a handler for every contract channel', () => {
    h = startCore();
    expect(Object.keys(handlers).sort()).toEqual([...CHANNEL_NAMES].sort());
  });

  it('bad input is BAD_INPUT naming the field, and nothing is written', async () => {
    h = startCore();
    const r = await h.core.router.handle('sessions:create', { kind: 'fax-machine' }, { transport: 'test' });
    expect(r).toEqual({ ok: false, error: { code: 'BAD_INPUT', message: expect.stringMatching(/sessions:create at kind/) } });
    const extra = await h.core.router.handle('sessions:list', { includeArchived: false, sql: 'DROP TABLE sessions' }, { transport: 'test' });
    expect(extra.ok).toBe(false);
    expect(await h.ok('sessions:list', {})).toEqual([]);
  });

  it('an unknown channel is UNKNOWN_CHANNEL', async () => {
    h = startCore();
    for (const name of ['sessions:drop', '__proto__', 'constructor', 42, null]) {
      const r = await h.core.router.handle(name, {}, { transport: 'test' });
      expect(r).toEqual({ ok: false, error: { code: 'UNKNOWN_CHANNEL', message: 'No such channel.' } });
    }
  });

  it('oversized input is refused before any handler runs', async () => {
    h = startCore();
    const row = await h.ok('sessions:create', { kind: 'chat' });
    const huge = 'x'.repeat(1_000_001);
    const r = await h.call('sessions:send', { id: row.id, text: huge });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('BAD_INPUT');
    expect((await h.ok('entries:page', { id: row.id })).entries).toEqual([]);
    const title = await h.call('sessions:rename', { id: row.id, title: 'y'.repeat(2_001) });
    expect(title.ok).toBe(false);
  });

  it('a handler that throws becomes INTERNAL with no stack or message text', async () => {
    h = startCore();
    const router = new Router(
      {
        ...handlers,
        'sessions:list': () => {
          throw new Error('SECRET at /home/me/.ssh/id_rsa line 3');
        },
      },
      h.core.services,
    );
    const r = await router.handle('sessions:list', {}, { transport: 'test' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('INTERNAL');
    expect(JSON.stringify(r)).not.toMatch(/SECRET|ssh|at \/|\.ts:\d+/);
  });

  it('a handler that throws on every call logs at most 20 errors a minute, then one "N more like this" line', async () => {
    h = startCore();
    const lines: string[] = [];
    const restore = setLogSink((line) => void lines.push(line));
    try {
      const router = new Router(
        {
          ...handlers,
          'sessions:list': () => {
            throw new Error('broken');
          },
        },
        h.core.services,
      );
      for (let i = 0; i < 300; i++) await router.handle('sessions:list', {}, { transport: 'test' });
      const errors = lines.filter((l) => / ERROR \[router\] handler threw/.test(l));
      expect(errors).toHaveLength(20);
      expect(lines.filter((l) => / ERROR /.test(l))).toHaveLength(20);
    } finally {
      restore();
    }
  });

  it('an output that fails its schema (a placeholder title) is INTERNAL and is not sent', async () => {
    h = startCore();
    const row = await h.ok('sessions:create', { kind: 'chat' });
    const router = new Router(
      { ...handlers, 'sessions:get': (input, s) => ({ ...s.sessions.get(input.id), title: 'Untitled' as never }) },
      h.core.services,
    );
    const r = await router.handle('sessions:get', { id: row.id }, { transport: 'test' });
    expect(r).toEqual({ ok: false, error: { code: 'INTERNAL', message: expect.any(String) } });
    expect(JSON.stringify(r)).not.toContain('Untitled');
  });

  it('a typed AppError keeps its code and message', async () => {
    h = startCore();
    const r = await h.call('sessions:get', { id: 'no-such-session' });
    expect(r).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: expect.stringMatching(/does not exist/) } });
  });
});

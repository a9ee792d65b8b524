import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createNoticeKeeper, type NoticeLike } from '../../../src/main/electron/noticeKeeper';
import { APP_USER_MODEL_ID } from '../../../src/main/electron/policy';

/** A Notification whose OS answer a test chooses: 'show', 'failed', or nothing (Linux). */
function fakeNotice(answer: 'show' | 'failed' | 'none') {
  const n = new EventEmitter();
  return Object.assign(n, {
    show: () =>
      queueMicrotask(() => {
        if (answer === 'show') n.emit('show');
        if (answer === 'failed') n.emit('failed', {}, 'Notifications are not allowed for this application');
      }),
  }) as unknown as NoticeLike & EventEmitter;
}

const log = { warn: () => undefined };

describe('OS notifications (issue 29)', () => {
  it('a refused notification resolves false (the window toasts it) and is let go', async () => {
    const keeper = createNoticeKeeper({ log });
    await expect(keeper.notify(fakeNotice('failed'), () => undefined)).resolves.toBe(false);
    expect(keeper.held()).toBe(0);
  });

  it('a shown one resolves true and is held until clicked (the click runs) or closed', async () => {
    const keeper = createNoticeKeeper({ log });
    const a = fakeNotice('show');
    const b = fakeNotice('show');
    let clicks = 0;
    await expect(keeper.notify(a, () => clicks++)).resolves.toBe(true);
    await expect(keeper.notify(b, () => undefined)).resolves.toBe(true);
    expect(keeper.held()).toBe(2);
    a.emit('click');
    expect(clicks).toBe(1);
    b.emit('close');
    expect(keeper.held()).toBe(0);
  });

  it('with no answer from the OS it is taken as shown after the settle time; at most maxHeld are held', async () => {
    const keeper = createNoticeKeeper({ log, settleMs: 10, maxHeld: 3 });
    const results = await Promise.all(Array.from({ length: 5 }, () => keeper.notify(fakeNotice('none'), () => undefined)));
    expect(results).toEqual([true, true, true, true, true]);
    expect(keeper.held()).toBe(3);
  });

  it('Windows toasts get the installer app id; the entry sets it', () => {
    expect(readFileSync('electron-builder.yml', 'utf8')).toMatch(new RegExp(`^appId: ${APP_USER_MODEL_ID.replace(/\./g, '\\.')}$`, 'm'));
    expect(readFileSync('src/main/index.ts', 'utf8')).toMatch(/process\.platform === 'win32'\) app\.setAppUserModelId\(APP_USER_MODEL_ID\)/);
  });

  it('no comment still speaks of Unity (Electron 44 removed it)', () => {
    expect(readFileSync('src/main/electron/notifications.ts', 'utf8')).not.toMatch(/Unity/);
  });
});

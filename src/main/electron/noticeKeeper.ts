/**
 * OS notifications (issue 29). A notification object is held until clicked,
 * closed or failed (a collected one loses its click handler), and at most
 * `maxHeld` are held: the oldest go first, so a long day of notices is not
 * kept forever. `notify` resolves whether the OS showed it: false on `failed`
 * (an unsigned macOS app's notifications fail since Electron 42; Windows
 * without an AppUserModelId), so the window shows its own toast instead.
 * Narrow port, so it is unit-tested without Electron.
 */
export interface NoticeLike {
  on(event: 'click' | 'close' | 'show', listener: () => void): unknown;
  on(event: 'failed', listener: (event: unknown, error: string) => void): unknown;
  show(): void;
}

export interface NoticeKeeperOptions {
  /** How long to wait for `show` or `failed` before taking the notice as shown (Linux sends neither reliably). */
  readonly settleMs?: number;
  readonly maxHeld?: number;
  readonly log: { warn(msg: string, fields?: Record<string, unknown>): void };
}

export interface NoticeKeeper {
  notify(notice: NoticeLike, onClick: () => void): Promise<boolean>;
  /** How many notices are held now. */
  held(): number;
}

export function createNoticeKeeper(opts: NoticeKeeperOptions): NoticeKeeper {
  const settleMs = opts.settleMs ?? 2_000;
  const maxHeld = opts.maxHeld ?? 20;
  const held = new Set<NoticeLike>(); // insertion order: the oldest first
  return {
    held: () => held.size,
    notify(notice, onClick) {
      held.add(notice);
      for (const old of held) {
        if (held.size <= maxHeld) break;
        held.delete(old);
      }
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(true), settleMs);
        const settle = (shown: boolean): void => {
          clearTimeout(timer);
          resolve(shown);
        };
        notice.on('show', () => settle(true));
        notice.on('failed', (_event, error) => {
          held.delete(notice);
          opts.log.warn('the OS refused a notification; the window shows it instead', { error });
          settle(false);
        });
        notice.on('click', () => {
          held.delete(notice);
          onClick();
        });
        notice.on('close', () => held.delete(notice));
        notice.show();
      });
    },
  };
}

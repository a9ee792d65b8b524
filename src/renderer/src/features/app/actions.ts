import type { AppInfo } from '../../../../shared/ipc/app';
import type { Result } from '../../../../shared/result';
import { api } from '../../bridge';
import { setAppInfo } from '../../stores/app';
import { applyTheme } from '../settings/actions';

/**
 * The app's own facts (version, transport, default folder, start-up notices), asked for once at start
 * (or taken from the early start's request, `asked`).
 */
export async function loadAppInfo(asked?: Promise<Result<AppInfo>>): Promise<AppInfo | null> {
  const result = await (asked ?? api().invoke('app:info', {}));
  if (!result.ok) return null;
  setAppInfo(result.value);
  applyTheme(result.value.theme ?? 'system');
  return result.value;
}

/*
 * A notice is said once per window, not again at every reload: `app:info` keeps the host's notices
 * (the first import's count, a repaired database) for a window that connects later, so the page
 * remembers, in localStorage per data folder, which ones it has shown (the newest few).
 */

const KEY = 'swarmdesk.shownNotices';
const KEEP = 20;

function read(): string[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

/** Marks these notices shown; returns those that had not been shown before, in order. */
export function firstShowings(dataDir: string, notices: readonly string[]): string[] {
  const shown = read();
  const fresh = notices.filter((n, i) => notices.indexOf(n) === i && !shown.includes(`${dataDir}\n${n}`));
  if (fresh.length > 0) {
    try {
      localStorage.setItem(KEY, JSON.stringify([...shown, ...fresh.map((n) => `${dataDir}\n${n}`)].slice(-KEEP)));
    } catch {
      // storage refused: the notice may show again after a reload
    }
  }
  return fresh;
}

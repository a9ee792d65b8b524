/**
 * The renderer's logger. There is no console in src (house rule); entries go to
 * a small bounded ring that a debugging session can read from
 * `window.__swarmdeskLog`, and warnings are also dispatched as a DOM event.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export interface LogRecord {
  at: number;
  level: LogLevel;
  scope: string;
  message: string;
  detail?: unknown;
}

const MAX_RECORDS = 200;
const records: LogRecord[] = [];

export function recentLog(): readonly LogRecord[] {
  return records;
}

export function createRendererLogger(scope: string) {
  const write = (level: LogLevel, message: string, detail?: unknown): void => {
    records.push({ at: Date.now(), level, scope, message, detail });
    if (records.length > MAX_RECORDS) records.splice(0, records.length - MAX_RECORDS);
    if ((level === 'warn' || level === 'error') && typeof window !== 'undefined') {
      window.dispatchEvent(new CustomEvent('swarmdesk:log', { detail: { level, scope, message } }));
    }
  };
  return {
    debug: (message: string, detail?: unknown) => write('debug', message, detail),
    info: (message: string, detail?: unknown) => write('info', message, detail),
    warn: (message: string, detail?: unknown) => write('warn', message, detail),
    error: (message: string, detail?: unknown) => write('error', message, detail),
  };
}

if (typeof window !== 'undefined') {
  Object.defineProperty(window, '__swarmdeskLog', { value: recentLog, configurable: true });
}

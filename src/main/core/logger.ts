/**
 * A scoped logger: one line per event, JSON fields, to stderr. App code uses
 * this, never `console`. Tests may swap the sink to capture lines.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;
export type LogSink = (line: string, level: LogLevel) => void;

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

let sink: LogSink = (line) => {
  process.stderr.write(line + '\n');
};
let threshold: LogLevel = (process.env.SWARMDESK_LOG_LEVEL as LogLevel | undefined) ?? 'info';

export function setLogSink(next: LogSink): () => void {
  const previous = sink;
  sink = next;
  return () => {
    sink = previous;
  };
}

export function setLogLevel(level: LogLevel): void {
  threshold = level;
}

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(scope: string): Logger;
}

function safeFields(fields: LogFields | undefined): string {
  if (!fields) return '';
  try {
    return ' ' + JSON.stringify(fields, (_k, v: unknown) => (v instanceof Error ? { name: v.name, message: v.message } : v));
  } catch {
    return ' {"unserialisable":true}';
  }
}

export function createLogger(scope: string): Logger {
  const write = (level: LogLevel, msg: string, fields?: LogFields): void => {
    if (ORDER[level] < ORDER[threshold]) return;
    sink(`${new Date().toISOString()} ${level.toUpperCase()} [${scope}] ${msg}${safeFields(fields)}`, level);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (sub) => createLogger(`${scope}:${sub}`),
  };
}

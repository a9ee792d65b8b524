import type { Db } from '../connection';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Key/value settings stored as JSON. Callers validate values with their own schema. */
export function createSettingsRepo(db: Db) {
  const s = {
    get: db.prepare<[string], { value: string }>(`SELECT value FROM settings WHERE key = ?`),
    set: db.prepare<[string, string]>(
      `INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    ),
    remove: db.prepare<[string]>(`DELETE FROM settings WHERE key = ?`),
    all: db.prepare<[], { key: string; value: string }>(`SELECT key, value FROM settings ORDER BY key`),
  };
  return {
    /** The stored value, or undefined when the key was never set. */
    get(key: string): unknown {
      const r = s.get.get(key);
      return r ? (JSON.parse(r.value) as unknown) : undefined;
    },
    set(key: string, value: JsonValue): void {
      s.set.run(key, JSON.stringify(value));
    },
    remove(key: string): void {
      s.remove.run(key);
    },
    all(): Record<string, unknown> {
      const out: Record<string, unknown> = {};
      for (const r of s.all.all()) out[r.key] = JSON.parse(r.value) as unknown;
      return out;
    },
  };
}

export type SettingsRepo = ReturnType<typeof createSettingsRepo>;

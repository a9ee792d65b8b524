import type { TitleHistoryItem, TitleSource } from '../../../../shared/domain/session';
import type { Db } from '../connection';
import { readSource, readTitle } from './mapping';

export interface TitleHistoryWrite {
  readonly sessionId: string;
  /** Null records "the title was cleared". */
  readonly value: string | null;
  readonly source: TitleSource;
  readonly model: string | null;
  readonly at: number;
}

/** Every title a session has had, oldest first; unusable stored values come out as null. */
export function createTitlesRepo(db: Db) {
  const s = {
    add: db.prepare<TitleHistoryWrite>(
      `INSERT INTO title_history (session_id, value, source, model, at) VALUES (@sessionId, @value, @source, @model, @at)`,
    ),
    history: db.prepare<[string], { value: string | null; source: string; model: string | null; at: number }>(
      `SELECT value, source, model, at FROM title_history WHERE session_id = ? ORDER BY at, id`,
    ),
  };
  return {
    add(item: TitleHistoryWrite): void {
      s.add.run(item);
    },
    history(sessionId: string): TitleHistoryItem[] {
      return s.history.all(sessionId).map((r) => ({
        value: readTitle(r.value, r.source),
        source: readSource(r.source) ?? 'auto',
        model: r.model,
        at: r.at,
      }));
    },
  };
}

export type TitlesRepo = ReturnType<typeof createTitlesRepo>;

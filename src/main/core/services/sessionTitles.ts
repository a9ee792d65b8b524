import type { SessionRow, TitleSource } from '../../../shared/domain/session';
import { judgeUserTitle, isUsableTitle, withoutControlCharacters } from '../../../shared/judge';
import { AppError } from '../../../shared/result';
import { mayReplaceTitle, writeTitleRecord, type SessionRowsPort } from './sessionRules';

/*
 * A session's title as the sessions service writes it: the user's (judged, pinned), an automatic one
 * (never over a pinned title), and the pin released; each kept in the title history, then told
 * (`session:changed`, the `titleChanged` hook).
 */

export interface AutoTitleInput {
  readonly value: string;
  readonly source: Exclude<TitleSource, 'user'>;
  readonly model: string | null;
}

/** A user rename: judged, stored pinned, kept in history. */
export function renameSession(s: SessionRowsPort, id: string, text: string): SessionRow {
  const judged = judgeUserTitle(text);
  if (!judged.ok) throw new AppError('TITLE_REJECTED', judged.message);
  return writeTitle(s, id, judged.text, 'user', null, true);
}

/** An automatic title; ignored while the user's title is pinned. */
export function setAutoTitle(s: SessionRowsPort, id: string, input: AutoTitleInput): { applied: boolean; row: SessionRow } {
  const current = s.get(id);
  if (!mayReplaceTitle(current, input.source)) return { applied: false, row: current };
  // A generated title (a subagent's name, a recovered first line) loses its control characters, as a typed one does.
  const value = withoutControlCharacters(input.value).trim();
  if (!isUsableTitle(value)) throw new AppError('TITLE_REJECTED', 'Not a usable title.');
  return { applied: true, row: writeTitle(s, id, value, input.source, input.model, false) };
}

/** The user's title no longer pinned: automatic titles may replace it again. */
export function releaseTitle(s: SessionRowsPort, id: string): SessionRow {
  const row = s.store.transaction(() => {
    s.get(id);
    s.store.sessions.setTitlePinned(id, false);
    return s.get(id);
  });
  s.changed(row);
  s.hooks.emit('titleChanged', row);
  return row;
}

function writeTitle(s: SessionRowsPort, id: string, value: string, source: TitleSource, model: string | null, pinned: boolean): SessionRow {
  const at = s.clock.now();
  const row = s.store.transaction(() => {
    s.get(id);
    writeTitleRecord(s.store, id, { value, source, model, pinned, at });
    return s.get(id);
  });
  s.changed(row);
  s.hooks.emit('titleChanged', row);
  return row;
}

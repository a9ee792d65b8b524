/**
 * Per project (a repository or a folder: the sidebar's project, `row.project ?? row.folder`),
 * the user's title hint ("use ticket ids like ABC-123"), kept under one settings key and
 * carried in that project's title prompts as data in its own tagged block (issue 33).
 */
import { z } from 'zod';
import { TITLE_HINT_MAX_CHARS, type TitleHint } from '../../../shared/ipc/settings';
import { withoutControlCharacters } from '../../../shared/judge';
import { AppError } from '../../../shared/result';
import type { SettingsRepo } from '../store/repos/settings';

const KEY = 'ambient.titleHints';
const Stored = z.record(z.string().min(1).max(4_096), z.string().min(1).max(TITLE_HINT_MAX_CHARS));

/** The hint as stored: control characters gone, spaces collapsed; one line within the limit, else a BAD_INPUT saying why. */
export function judgeTitleHint(text: string): string {
  if (/[\r\n\u2028\u2029]/u.test(text.trim())) throw new AppError('BAD_INPUT', 'A title hint is one line.');
  const clean = withoutControlCharacters(text).replace(/\s+/gu, ' ').trim();
  const length = [...clean].length;
  if (length > TITLE_HINT_MAX_CHARS) {
    throw new AppError('BAD_INPUT', `A title hint is at most ${TITLE_HINT_MAX_CHARS} characters; this one has ${length}.`);
  }
  return clean;
}

export class TitleHints {
  constructor(private readonly repo: SettingsRepo) {}

  private stored(): Record<string, string> {
    const parsed = Stored.safeParse(this.repo.get(KEY));
    return parsed.success ? parsed.data : {};
  }

  list(): TitleHint[] {
    return Object.entries(this.stored())
      .map(([project, hint]) => ({ project, hint }))
      .sort((a, b) => a.project.localeCompare(b.project));
  }

  /** The project's hint, or null. */
  for(project: string): string | null {
    return this.stored()[project] ?? null;
  }

  /** Sets (or, empty, clears) the project's hint. */
  set(project: string, hint: string): TitleHint[] {
    const clean = judgeTitleHint(hint);
    const next = { ...this.stored() };
    if (clean === '') delete next[project];
    else next[project] = clean;
    this.repo.set(KEY, next);
    return this.list();
  }
}

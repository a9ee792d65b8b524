/**
 * Size bounds for each kind of ambient reply (SPEC §9.1). Every ambient answer is
 * one line; these say how long that line may be before it stops being a title,
 * a name or a sentence and becomes a paragraph.
 */

export type AmbientKind = 'title' | 'name' | 'preview' | 'narration' | 'note' | 'nextPrompt';

export const AMBIENT_KINDS: readonly AmbientKind[] = ['title', 'name', 'preview', 'narration', 'note', 'nextPrompt'];

export interface Limits {
  readonly maxWords: number;
  readonly maxChars: number;
}

/** Bounds for a title that is already stored, or typed by the user as a rename. Generous:
 *  an older build or a larger word target may have written a longer one, and a user's own
 *  title deserves room. Every fresh title limit below fits inside these, so anything the
 *  judge accepts today is still a usable title when read back. */
export const STORED_TITLE_LIMITS: Limits = { maxWords: 28, maxChars: 200 };

/** The word target title prompts ask for when the caller does not say. */
export const DEFAULT_TITLE_WORD_TARGET = 7;

/**
 * A fresh title asked for `wordTarget` words. The slack of 8 words covers a model that
 * runs a little over; a paragraph is still turned away. Capped at the stored-title bounds
 * so a fresh title is always a usable stored one.
 */
export function titleLimits(wordTarget: number): Limits {
  const target = Number.isFinite(wordTarget) ? Math.max(1, Math.floor(wordTarget)) : DEFAULT_TITLE_WORD_TARGET;
  return {
    maxWords: Math.min(target + 8, STORED_TITLE_LIMITS.maxWords),
    maxChars: Math.min(160, STORED_TITLE_LIMITS.maxChars),
  };
}

/** A subagent or batch name (asked for about five words). */
export const NAME_LIMITS: Limits = { maxWords: 12, maxChars: 100 };
/** A preview of an imported session (asked for twelve words or fewer). */
export const PREVIEW_LIMITS: Limits = { maxWords: 24, maxChars: 240 };
/** One narration sentence (asked for under twenty words). */
export const NARRATION_LIMITS: Limits = { maxWords: 40, maxChars: 300 };
/** A pick-up note: two or three sentences (asked for under sixty words), still one line. */
export const NOTE_LIMITS: Limits = { maxWords: 80, maxChars: 520 };
/** A next-prompt suggestion is one short instruction; longer is an explanation. */
export const NEXT_PROMPT_LIMITS: Limits = { maxWords: 28, maxChars: 160 };

/** The limits a reply of `kind` is judged with. */
export function limitsFor(kind: AmbientKind, wordTarget: number = DEFAULT_TITLE_WORD_TARGET): Limits {
  switch (kind) {
    case 'title':
      return titleLimits(wordTarget);
    case 'name':
      return NAME_LIMITS;
    case 'preview':
      return PREVIEW_LIMITS;
    case 'narration':
      return NARRATION_LIMITS;
    case 'note':
      return NOTE_LIMITS;
    case 'nextPrompt':
      return NEXT_PROMPT_LIMITS;
  }
}

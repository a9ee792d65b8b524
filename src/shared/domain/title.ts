import { z } from 'zod';
import { isUsableTitleFrom, isUsableUserTitle } from '../judge/judge';

/**
 * A title the judge calls usable (SPEC §4, §9.1). Every title field of every output and event
 * schema is this type, and main parses outputs before sending, so a placeholder such as
 * "Untitled", "(none yet)", an error text or a default name can never leave main. The brand
 * keeps a plain string from being passed where a judged title is expected.
 *
 * On its own a string has no author, so this is the floor every title meets, a person's
 * included (`isUsableUserTitle`): "Worker 2" passes. Where the author is known (a row's
 * `titleSource`, a history item's `source`), `titleFitsSource` adds the stricter judgement of
 * text nobody typed (no generic-only names) — see SessionRowSchema.
 */
export const TitleSchema = z.string().refine(isUsableUserTitle, { message: 'not a usable title' }).brand<'Title'>();
export type Title = z.infer<typeof TitleSchema>;

/** Whether a parsed title suits who wrote it: a person's rename ('user') only needs the
 *  floor; anything else must also be more than generic words ("Agent 2"). */
export function titleFitsSource(title: string | null, source: string | null, pinned = false): boolean {
  return title === null || isUsableTitleFrom(title, source, pinned);
}

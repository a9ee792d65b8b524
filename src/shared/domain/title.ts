import { z } from 'zod';
import { isUsableTitle } from '../judge/judge';

/**
 * A title the judge calls usable (SPEC §4, §9.1). Every title field of every output and event
 * schema is this type, and main parses outputs before sending, so a placeholder such as
 * "Untitled" or "(none yet)" can never leave main. The brand keeps a plain string from being
 * passed where a judged title is expected.
 */
export const TitleSchema = z.string().refine(isUsableTitle, { message: 'not a usable title' }).brand<'Title'>();
export type Title = z.infer<typeof TitleSchema>;

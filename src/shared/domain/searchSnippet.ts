import { z } from 'zod';
import { EntryKindSchema, SessionIdSchema } from './session';

/** A snippet's text is at most this many UTF-16 code units, its "…" ends included. */
export const SNIPPET_MAX_CHARS = 140;
/** At most this many highlighted ranges in one snippet. */
export const SNIPPET_MAX_MARKS = 16;

/** A highlighted range of a snippet's text: [start, end) in UTF-16 code units (what `String.slice` takes). */
const MarkSchema = z.tuple([z.number().int().nonnegative(), z.number().int().positive()]);

/**
 * One search hit's matching text: a line around the newest entry that matched in that
 * session, the match positions as data (never markup: the renderer draws `<mark>`s from
 * `marks`), and who said it (`kind`). Marks are non-empty, in order, not overlapping and
 * inside `text`. `rewound`: the entry is in a branch of an imported conversation that was rewound
 * in its own tool (kept and found, shown as rewound).
 */
export const SearchSnippetSchema = z
  .object({
    id: SessionIdSchema,
    kind: EntryKindSchema,
    text: z.string().min(1).max(SNIPPET_MAX_CHARS),
    marks: z.array(MarkSchema).min(1).max(SNIPPET_MAX_MARKS),
    rewound: z.literal(true).optional(),
  })
  .strict()
  .refine((s) => s.marks.every(([start, end], i) => start < end && end <= s.text.length && (i === 0 || start >= (s.marks[i - 1]?.[1] ?? 0))), {
    message: 'marks must be in order, non-empty and inside the text',
    path: ['marks'],
  });
export type SearchSnippet = z.infer<typeof SearchSnippetSchema>;

import { z } from 'zod';
import { SessionIdSchema } from '../domain/session';
import { channel } from './channel';
import { clampSidebarWidth } from './sidebarWidth';

export { clampSidebarWidth, SIDEBAR_DEFAULT_WIDTH, SIDEBAR_MAX_WIDTH, SIDEBAR_MIN_WIDTH } from './sidebarWidth';

/*
 * What the window remembers across a restart of the core (issue 14 §5): the open panes with the
 * focused one, and the sidebar's layout. Kept in the core, not in the page's localStorage only,
 * because web mode's origin (a new port each start) empties that storage on every restart.
 */

/** At most this many pane ids are kept (the window shows fewer; the rest are ignored). */
export const MAX_SAVED_PANES = 12;
/** At most this many folded groups are kept. */
export const MAX_FOLDED_GROUPS = 500;

export const SavedPanesSchema = z
  .object({
    open: z.array(SessionIdSchema).max(MAX_SAVED_PANES),
    focused: SessionIdSchema.nullable(),
  })
  .strict()
  // A focused pane that is not open (or none while some are): the last one is focused.
  .transform(({ open, focused }) => {
    const unique = [...new Set(open)];
    return { open: unique, focused: focused !== null && unique.includes(focused) ? focused : (unique.at(-1) ?? null) };
  });
export type SavedPanes = z.output<typeof SavedPanesSchema>;

export const SidebarLayoutSchema = z
  .object({
    width: z.number().finite().transform(clampSidebarWidth),
    collapsed: z.boolean(),
    grouping: z.enum(['project', 'recency']),
    /** The folded groups' keys (a project folder, or a recency bucket). */
    collapsedGroups: z.record(z.string().min(1).max(4096), z.literal(true)).refine((groups) => Object.keys(groups).length <= MAX_FOLDED_GROUPS, {
      message: `at most ${MAX_FOLDED_GROUPS} folded groups`,
    }),
    /** The groups the user reordered by hand (drawn in their places, not by time); absent in a layout saved before them. */
    reorderedGroups: z
      .record(z.string().min(1).max(4096), z.literal(true))
      .refine((groups) => Object.keys(groups).length <= MAX_FOLDED_GROUPS, { message: `at most ${MAX_FOLDED_GROUPS} reordered groups` })
      .default({}),
  })
  .strict();
export type SavedSidebarLayout = z.output<typeof SidebarLayoutSchema>;

/** The window's state as the core keeps it; null: never saved (the renderer keeps its own guess). */
export const UiStateSchema = z.object({
  panes: SavedPanesSchema.nullable(),
  sidebar: SidebarLayoutSchema.nullable(),
});
export type UiState = z.output<typeof UiStateSchema>;

/** A change to the kept state: either part or both. */
export const UiStatePatchSchema = z
  .object({ panes: SavedPanesSchema.optional(), sidebar: SidebarLayoutSchema.optional() })
  .strict()
  .refine((patch) => patch.panes !== undefined || patch.sidebar !== undefined, { message: 'give panes, sidebar or both' });
export type UiStatePatch = z.output<typeof UiStatePatchSchema>;

export const uiChannels = {
  'ui:state': channel(z.object({}).strict(), UiStateSchema),
  /** Saves what is given (either part or both) and answers the whole state as now kept. */
  'ui:setState': channel(UiStatePatchSchema, UiStateSchema),
} as const;

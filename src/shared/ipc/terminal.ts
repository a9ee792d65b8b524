import { z } from 'zod';
import { SessionIdSchema } from '../domain/session';
import { channel } from './channel';

/** Bounds of a terminal's size, as the PTY accepts them. */
const Cols = z.number().int().min(2).max(1_000);
const Rows = z.number().int().min(1).max(500);
/** A position in a terminal's output stream, in characters since the core started showing it. */
const Offset = z.number().int().min(0);

export const TerminalExitSchema = z.object({
  exitCode: z.number().int(),
  /** The signal that ended it (SIGKILL...), or null when it exited by itself. */
  signal: z.string().max(32).nullable(),
  /** It ran under an earlier session host that is gone (stopped, or killed): its screen is kept, it is not started again by opening it. */
  endedWithHost: z.boolean().optional(),
});
export type TerminalExit = z.infer<typeof TerminalExitSchema>;

export const terminalChannels = {
  /**
   * Attach a pane to a terminal session: starts its command when it has not
   * run yet (or `restart`), resizes it when it runs; returns the screen and
   * scrollback to paint first (serialized from the core's headless terminal:
   * escape sequences, colours included) and the output `offset` it ends at.
   * Live `terminal:data` continues from that offset: a pane skips what the
   * snapshot already holds. With `screenOnly` the snapshot is the visible
   * screen alone (no scrollback): a pane paints that first, then opens again
   * for the whole scrollback behind it.
   */
  'terminal:open': channel(
    z.object({ id: SessionIdSchema, cols: Cols, rows: Rows, restart: z.boolean().default(false), screenOnly: z.boolean().default(false) }).strict(),
    z.object({ running: z.boolean(), scrollback: z.string(), offset: Offset, exit: TerminalExitSchema.nullable() }),
  ),
  /** Keystrokes and pastes from the pane. */
  'terminal:input': channel(z.object({ id: SessionIdSchema, data: z.string().min(1).max(65_536) }).strict(), z.object({})),
  'terminal:resize': channel(z.object({ id: SessionIdSchema, cols: Cols, rows: Rows }).strict(), z.object({})),
  /** The pane's Stop: interrupts the job in the terminal's foreground, as Ctrl-C does; the shell keeps running. */
  'terminal:interrupt': channel(z.object({ id: SessionIdSchema }).strict(), z.object({})),
  /**
   * The pane showing the terminal closed: this window no longer needs its output (its socket stops
   * getting the terminal's `terminal:data` until it opens it again). The PTY keeps running.
   */
  'terminal:close': channel(z.object({ id: SessionIdSchema }).strict(), z.object({})),
} as const;

/** Pushes of the terminal backend (merged into events.ts). */
export const terminalEvents = {
  /** Raw output of a session's PTY, in order; `offset` counts the characters of output before `data`. */
  'terminal:data': z.object({ sessionId: SessionIdSchema, data: z.string(), offset: Offset }),
  'terminal:exit': TerminalExitSchema.extend({ sessionId: SessionIdSchema }),
} as const;

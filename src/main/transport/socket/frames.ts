import { z } from 'zod';
import { valueDeeperThan } from '../../../shared/jsonDepth';

/**
 * The session host's socket protocol (SPEC §5.1): newline-delimited JSON
 * frames over a Unix domain socket. Requests carry the same channel names and
 * inputs as the other transports and get the router's own envelopes back;
 * pushes carry the core's events as they are. Only this envelope is new: the
 * contract itself is not copied here.
 */

/** Bumped when a frame below changes shape; the contract's own changes are caught by its fingerprint. */
export const HOST_FRAMES_VERSION = 1;

/** A front's kind: what `RequestContext.transport` says for its requests. */
export const FrontKindSchema = z.enum(['electron', 'web', 'cli']);
export type FrontKind = z.infer<typeof FrontKindSchema>;

/** What a front can do that the host cannot (it has no window): asked of the front that made the request. */
export const FrontAbilitySchema = z.enum(['openExternal', 'pickFolder', 'notify', 'setBadgeCount']);
export type FrontAbility = z.infer<typeof FrontAbilitySchema>;

const Id = z.number().int().nonnegative();

export const ClientFrameSchema = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('hello'),
    secret: z.string().max(200),
    protocol: z.string().max(200),
    version: z.string().max(100),
    front: z.object({ kind: FrontKindSchema, pid: z.number().int(), url: z.string().max(500).nullable() }),
    abilities: z.array(FrontAbilitySchema).max(8),
    /** The settings variables the front was started with (names and a digest of each value, never a value). */
    env: z.record(z.string().max(100), z.string().max(100)),
    /** A control connection (`--stop`, `--status`, restarting an older host): allowed across contract versions, status and stop only. */
    control: z.boolean().default(false),
    /**
     * 'opened': this front gets `terminal:data` only for the terminals it opened (`terminal:open` on this
     * connection), as a browser page's socket does; the desktop window asks for it. Web mode's front relays
     * for many pages and keeps 'all'.
     */
    terminalOutput: z.enum(['all', 'opened']).default('all'),
    /** 'opened': this front gets `entry:streaming` only for the sessions whose transcript it read (`entries:page`). */
    streaming: z.enum(['all', 'opened']).default('all'),
  }),
  z.object({ t: z.literal('req'), id: Id, channel: z.string().max(200), input: z.unknown() }),
  z.object({ t: z.literal('answer'), id: Id, value: z.unknown() }),
  z.object({ t: z.literal('status') }),
  /** Ends the host, every agent and every web front of the folder (`--stop`, "Quit and Stop Agents"). */
  z.object({ t: z.literal('stop'), reason: z.string().max(200) }),
  /** This front is going away; with `stopAgents` (the quit setting) the host stops too when no other front is attached. */
  z.object({ t: z.literal('bye'), stopAgents: z.boolean() }),
  /** Where this front serves the app, once it listens (web mode binds after attaching): `--status` shows it. */
  z.object({ t: z.literal('url'), url: z.string().min(1).max(500) }),
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

export interface HostStatus {
  readonly pid: number;
  readonly version: string;
  readonly protocol: string;
  readonly startedAt: string;
  readonly dataDir: string;
  readonly clients: ReadonlyArray<{ readonly kind: FrontKind; readonly pid: number; readonly url: string | null }>;
  readonly liveAgents: number;
}

export type HostFrame =
  | { t: 'welcome'; pid: number; version: string; protocol: string; startedAt: string; envDiffers: string[]; liveAgents: number }
  | { t: 'refused'; code: 'FORBIDDEN' | 'VERSION_MISMATCH' | 'STOPPING'; message: string; version: string; protocol: string; pid: number }
  | { t: 'res'; id: number; result: unknown }
  | { t: 'event'; name: string; payload: unknown }
  | { t: 'ask'; id: number; ability: FrontAbility; args: unknown[] }
  | { t: 'status'; status: HostStatus }
  /** The host is stopping on purpose: fronts say so rather than start another. */
  | { t: 'stopping'; reason: string };

/** A front's longest frame (a request is at most the router's MAX_REQUEST_CHARS, plus the envelope). */
export const MAX_CLIENT_FRAME_CHARS = 2_100_000;
/** The host's longest frame: a terminal's serialized screen (10,000 lines of scrollback) fits well inside. */
export const MAX_HOST_FRAME_CHARS = 64 * 1024 * 1024;

/** A frame nested deeper than `maxDepth` goes to `onTooDeep` (as parsed: its id can be answered) instead of `onFrame`. */
export interface FrameDepthBound {
  readonly maxDepth: number;
  readonly onTooDeep: (frame: unknown) => void;
}

/**
 * Splits a byte stream into lines and parses each as JSON. A line longer than
 * `maxChars` is a protocol error (the peer is broken or hostile): `onError` is
 * called once and nothing after it is parsed. With a depth bound, a frame
 * nested deeper is set aside before any recursive walk sees it (JSON.parse
 * itself does not recurse; JSON.stringify and a schema do) and reading goes on.
 */
export class FrameReader {
  /** The current line's pieces so far (no newline among them): a long frame is not rescanned per chunk. */
  private parts: string[] = [];
  private partsChars = 0;
  private failed = false;

  constructor(
    private readonly maxChars: number,
    private readonly onFrame: (frame: unknown) => void,
    private readonly onError: (reason: string) => void,
    private readonly depth?: FrameDepthBound,
  ) {}

  push(chunk: string): void {
    let from = 0;
    while (!this.failed) {
      const newline = chunk.indexOf('\n', from);
      if (newline < 0) {
        const rest = chunk.slice(from);
        if (rest.length > 0) {
          this.parts.push(rest);
          this.partsChars += rest.length;
        }
        if (this.partsChars > this.maxChars) this.fail('a frame longer than the limit');
        return;
      }
      const piece = chunk.slice(from, newline);
      from = newline + 1;
      const line = this.parts.length === 0 ? piece : this.parts.join('') + piece;
      this.parts = [];
      this.partsChars = 0;
      if (line.length === 0) continue;
      if (line.length > this.maxChars) return this.fail('a frame longer than the limit');
      let frame: unknown;
      try {
        frame = JSON.parse(line);
      } catch {
        return this.fail('a frame that is not JSON');
      }
      if (this.depth !== undefined && valueDeeperThan(frame, this.depth.maxDepth)) this.depth.onTooDeep(frame);
      else this.onFrame(frame);
    }
  }

  private fail(reason: string): void {
    this.failed = true;
    this.parts = [];
    this.onError(reason);
  }
}

export function encodeFrame(frame: HostFrame | ClientFrame): string {
  return `${JSON.stringify(frame)}\n`;
}

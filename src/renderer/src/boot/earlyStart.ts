import type { SessionListRow } from '../../../shared/domain/session';
import type { SwarmdeskApi } from '../../../shared/ipc/api';
import type { AppInfo } from '../../../shared/ipc/app';
import type { EventName } from '../../../shared/ipc/events';
import type { UiState } from '../../../shared/ipc/ui';
import { EVENT_NAMES } from '../../../shared/ipc/eventNames';
import type { Result } from '../../../shared/result';

export interface BufferedPush {
  event: EventName;
  payload: unknown;
}

/** What `bootApp` takes over from an early start: the first list (if it has arrived) and the pushes to apply. */
export interface EarlyHandover {
  /** The first page's `sessions:list` reply, or null while it is still on its way (then `list` settles later). */
  arrived: Result<SessionListRow[]> | null;
  /** Pushes the app has not seen yet: all of them while the list is on its way, else only those after its reply. */
  pushes: BufferedPush[];
}

/**
 * Rows in the first page of the list: more than a tall window shows (~30 px a
 * row), so the first paint never waits for the rest of the swarm.
 */
export const FIRST_PAGE_ROWS = 100;

export interface EarlyStart {
  /** The first page of `sessions:list` (not archived, `FIRST_PAGE_ROWS`), asked for before the app's code ran. */
  readonly list: Promise<Result<SessionListRow[]>>;
  /** The app's facts (`app:info`), asked for first: its theme colours the rows drawn before React (`earlyGate.ts`). */
  readonly appInfo: Promise<Result<AppInfo>>;
  /** What the window remembers (`ui:state`), asked for before the list: its reply comes before the list's, so the sidebar is laid out as kept before it shows. */
  readonly uiState: Promise<Result<UiState>>;
  /** Stop buffering pushes and hand over (once; the app's own listeners take over from here). */
  handOver(): EarlyHandover;
}

/**
 * Ask for the first page of the swarm the moment the transport exists, while
 * the rest of the page's code is still being evaluated: the server's (small)
 * work overlaps the page's start instead of following it, and the rest of the
 * swarm is fetched once the first page is painted (`bootApp`). Pushes that arrive
 * meanwhile are buffered; those older than the list reply are superseded by it.
 */
export function startEarly(api: SwarmdeskApi): EarlyStart {
  const buffer: BufferedPush[] = [];
  let arrived: Result<SessionListRow[]> | null = null;
  /** Pushes before this index came before the list reply (the list already holds their state). */
  let cutoff = 0;
  const offs = EVENT_NAMES.map((event: EventName) =>
    api.on(event, (payload: unknown) => {
      buffer.push({ event, payload });
    }),
  );
  const appInfo = api.invoke('app:info', {});
  const uiState = api.invoke('ui:state', {});
  const list = api.invoke('sessions:list', { includeArchived: false, limit: FIRST_PAGE_ROWS }).then((result) => {
    arrived = result;
    cutoff = buffer.length;
    return result;
  });
  let handedOver = false;
  return {
    list,
    appInfo,
    uiState,
    handOver() {
      if (handedOver) return { arrived: null, pushes: [] };
      handedOver = true;
      for (const off of offs) off();
      return { arrived, pushes: latestStreaming(arrived ? buffer.slice(cutoff) : buffer.slice()) };
    },
  };
}

function streamingSession(push: BufferedPush): string | null {
  if (push.event !== 'entry:streaming' || typeof push.payload !== 'object' || push.payload === null) return null;
  const id = (push.payload as { sessionId?: unknown }).sessionId;
  return typeof id === 'string' ? id : null;
}

/**
 * The buffered pushes without the `entry:streaming` ones a later one of the same session supersedes:
 * each carries the whole text so far and the store keeps one streaming message a session, so only the
 * last changes what is shown. A start on a busy swarm buffers hundreds (10 sessions streaming for the
 * seconds a loaded machine takes to start), each checked and applied in the one task that takes over.
 */
function latestStreaming(pushes: BufferedPush[]): BufferedPush[] {
  const last = new Map<string, number>();
  pushes.forEach((push, i) => {
    const id = streamingSession(push);
    if (id !== null) last.set(id, i);
  });
  return pushes.filter((push, i) => {
    const id = streamingSession(push);
    return id === null || last.get(id) === i;
  });
}

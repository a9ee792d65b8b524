import { Fragment, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { SessionId } from '../../../shared/domain/session';
import { loadEarlierEntries, loadLatestEntries } from '../features/transcript/actions';
import { useEntries } from '../stores/entries';
import { useSessions } from '../stores/sessions';
import { loadCheckpoints } from '../features/checkpoints/actions';
import { useCheckpoints } from '../features/checkpoints/store';
import { TurnCheckpoint } from '../features/checkpoints/TurnCheckpoint';
import { EntryView } from './EntryView';
import { Markdown } from './Markdown';

/** Closer than this to the bottom counts as "following along": new entries keep it at the bottom. */
const STICK_PX = 80;
/** A turn's checkpoint is written in the background just after it ends: the list is asked again after this. */
const CHECKPOINT_SETTLE_MS = 1500;

/**
 * The transcript `log` "Transcript": the last page first, older pages on
 * request, the streaming message at the end.
 */
export function Transcript({ sessionId }: { sessionId: SessionId }) {
  const state = useEntries((s) => s.bySession[sessionId]);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const previousHeight = useRef(0);
  const previousFirst = useRef<number | undefined>(undefined);

  useEffect(() => {
    void loadLatestEntries(sessionId);
  }, [sessionId]);

  const status = useSessions((s) => s.byId[sessionId]?.status);
  const isTerminal = useSessions((s) => s.byId[sessionId]?.kind === 'terminal');
  const checkpoints = useCheckpoints((s) => s.bySession[sessionId]);
  useEffect(() => {
    if (status === 'working') return;
    void loadCheckpoints(sessionId);
    const again = setTimeout(() => void loadCheckpoints(sessionId), CHECKPOINT_SETTLE_MS);
    return () => clearTimeout(again);
  }, [sessionId, status]);
  // The newest checkpoint of each turn, by the seq of the turn's last entry.
  const byTurn = useMemo(() => {
    const map = new Map<number, NonNullable<typeof checkpoints>[number]>();
    for (const c of checkpoints ?? []) if (!map.has(Number(c.turn))) map.set(Number(c.turn), c);
    return map;
  }, [checkpoints]);
  // The oldest checkpoint sits under an agent session's first message when it was taken as that turn began.
  const oldest = checkpoints?.at(-1);

  const order = state?.order;
  const streamingText = state?.streaming?.text;

  useLayoutEffect(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const first = order?.[0];
    if (previousFirst.current !== undefined && first !== undefined && first < previousFirst.current) {
      // An older page arrived above: keep what the user was reading in place.
      el.scrollTop += el.scrollHeight - previousHeight.current;
    } else if (stick.current) {
      el.scrollTop = el.scrollHeight;
    }
    previousFirst.current = first;
    previousHeight.current = el.scrollHeight;
  }, [order, streamingText]);

  return (
    <div
      className="transcript"
      ref={scrollerRef}
      role="log"
      aria-label="Transcript"
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
      }}
    >
      {state?.hasMore ? (
        <button type="button" className="button subtle load-earlier" disabled={state.loading} onClick={() => void loadEarlierEntries(sessionId)}>
          {state.loading ? 'Loading…' : 'Show earlier messages'}
        </button>
      ) : null}
      {state?.error ? <p className="transcript-error">{state.error}</p> : null}
      {order?.map((seq) => {
        const entry = state?.bySeq[seq];
        if (!entry) return null;
        const checkpoint = byTurn.get(seq);
        return checkpoint ? (
          <Fragment key={seq}>
            <EntryView entry={entry} />
            <TurnCheckpoint
              sessionId={sessionId}
              checkpoint={checkpoint}
              working={status === 'working'}
              opening={checkpoint === oldest && entry.kind === 'user' && !isTerminal}
            />
          </Fragment>
        ) : (
          <EntryView key={seq} entry={entry} />
        );
      })}
      {state?.streaming ? (
        <div className={`entry entry-agent streaming${state.streaming.kind === 'thinking' ? ' thinking' : ''}`} aria-busy="true">
          <span className="who">agent</span>
          {state.streaming.kind === 'thinking' ? <div className="entry-text plain">{state.streaming.text}</div> : <Markdown text={state.streaming.text} />}
        </div>
      ) : null}
    </div>
  );
}

import { useMemo } from 'react';
import { usePanes } from '../stores/panes';
import { useSessions } from '../stores/sessions';
import { EmptySwarm } from './EmptySwarm';
import { Pane } from './Pane';

/** The main area: open panes side by side, or a calm empty state. */
export function PaneArea() {
  const open = usePanes((s) => s.open);
  const loaded = useSessions((s) => s.loaded);
  const loadError = useSessions((s) => s.loadError);
  const hasSessions = useSessions((s) => s.order.length > 0);
  const byId = useSessions((s) => s.byId);
  const listVersion = useSessions((s) => s.listVersion); // rows added or removed (byId is written in place)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- listVersion stands for byId's contents
  const visibleOpen = useMemo(() => open.filter((id) => byId[id] !== undefined), [open, byId, listVersion]);

  if (visibleOpen.length === 0) {
    return (
      <div className="panes empty">
        <div className="empty-state">
          {loadError ? (
            <p role="alert">Could not load the sessions: {loadError}</p>
          ) : !loaded ? (
            <p className="muted">Loading…</p>
          ) : hasSessions ? (
            <p className="muted">Pick a session from the list, or start a new one.</p>
          ) : (
            <EmptySwarm />
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="panes" style={{ gridTemplateColumns: `repeat(${visibleOpen.length}, minmax(0, 1fr))` }}>
      {visibleOpen.map((id) => (
        <Pane key={id} sessionId={id} />
      ))}
    </div>
  );
}

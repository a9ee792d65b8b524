import { useEffect, useState } from 'react';
import type { SessionId } from '../../../../shared/domain/session';
import type { PermissionMode } from '../../../../shared/ipc/agents';
import { loadPermissionMode, setPermissionMode } from './actions';
import { PERMISSION_MODE_LABELS, PERMISSION_MODE_ORDER } from './options';
import './permissionMode.css';

/**
 * A claude-code pane's permission mode ("· plan mode") in its header, and the
 * place to change it; a change applies from the session's next turn.
 */
export function PermissionModeControl({ sessionId }: { sessionId: SessionId }) {
  // The mode as known for one session: after a switch to another session nothing shows until its own arrives.
  const [known, setKnown] = useState<{ sessionId: SessionId; mode: PermissionMode } | null>(null);
  useEffect(() => {
    let live = true;
    void loadPermissionMode(sessionId).then((mode) => {
      if (live) setKnown(mode === null ? null : { sessionId, mode });
    });
    return () => {
      live = false;
    };
  }, [sessionId]);
  const mode = known?.sessionId === sessionId ? known.mode : null;
  if (mode === null) return null;

  const change = async (next: PermissionMode) => {
    const before = mode;
    setKnown({ sessionId, mode: next });
    if (!(await setPermissionMode(sessionId, next))) setKnown((current) => (current?.sessionId === sessionId ? { sessionId, mode: before } : current));
  };

  return (
    <>
      {' · '}
      <span className="pane-mode">
        <select
          aria-label="Permission mode"
          title="Permission mode (applies from the next turn)"
          value={mode}
          onChange={(e) => void change(e.target.value as PermissionMode)}
        >
          {PERMISSION_MODE_ORDER.map((m) => (
            <option key={m} value={m}>
              {`${PERMISSION_MODE_LABELS[m].toLowerCase()} mode`}
            </option>
          ))}
        </select>
      </span>
    </>
  );
}
